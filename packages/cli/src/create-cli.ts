import { Builtins, Cli, Command } from 'clipanion'
import type { CliContext } from './cli-context.js'
import { CoverageGateCommand } from './commands/coverage-gate-command.js'
import { CoverageMergeCommand } from './commands/coverage-merge-command.js'
import { DoctorCommand } from './commands/doctor-command.js'
import { StubsCommand } from './commands/stubs-command.js'
import { wantsColor } from './internal/output.js'
import { toolVersion } from './internal/tool-version.js'

/**
 * Without a command the tool prints its overview on stderr and exits 2: no command is a usage error.
 */
class OverviewCommand extends Command<CliContext> {
  static override paths = [Command.Default]

  override async execute(): Promise<number> {
    this.context.stderr.write(this.cli.usage(null))
    return 2
  }
}

/** Reports an argument clipanion could not parse on stderr with exit code 2 (clipanion itself says 1 on stdout). */
class ParseErrorCommand extends Command<CliContext> {
  private readonly failure: unknown
  private readonly owner: Cli<CliContext>

  constructor(failure: unknown, owner: Cli<CliContext>) {
    super()
    this.failure = failure
    this.owner = owner
  }

  override async execute(): Promise<number> {
    const colored = wantsColor(this.context.stderr, this.context.env)
    this.context.stderr.write(this.owner.error(this.failure, { colored }))
    return 2
  }
}

class ContractToolCli extends Cli<CliContext> {
  override process(...args: Parameters<Cli<CliContext>['process']>): Command<CliContext> {
    try {
      return super.process(...args)
    } catch (error) {
      return new ParseErrorCommand(error, this)
    }
  }
}

export interface CreateCliOptions {
  /** Colour help and usage errors (only for a terminal; `runCli` decides from the streams and `NO_COLOR`). Default false. */
  readonly color?: boolean | undefined
}

/**
 * Builds the `contracttool` command line: `doctor`, `stubs`, `coverage:merge`, `coverage:gate`, plus
 * `--help` and `--version`. Run it in process with `cli.run(argv, { stdin, stdout, stderr, env, cwd })`.
 *
 * @example
 * const code = await createCli().run(['doctor', '--spec=openapi.yaml'], { cwd: process.cwd() })
 */
export function createCli(options: CreateCliOptions = {}): Cli<CliContext> {
  const cli = new ContractToolCli({
    binaryLabel: 'contracttool',
    binaryName: 'contracttool',
    binaryVersion: toolVersion(),
    enableColors: options.color === true,
  })
  cli.register(OverviewCommand)
  cli.register(Builtins.HelpCommand)
  cli.register(Builtins.VersionCommand)
  cli.register(DoctorCommand)
  cli.register(StubsCommand)
  cli.register(CoverageMergeCommand)
  cli.register(CoverageGateCommand)
  return cli
}
