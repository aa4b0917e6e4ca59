import { levenshtein } from '@contracttool/matcher'
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

/**
 * Reports an argument clipanion could not parse on stderr with exit code 2 (clipanion itself says 1 on
 * stdout). A first word that names no command gets the closest command instead of clipanion's
 * "Extraneous positional argument".
 */
class ParseErrorCommand extends Command<CliContext> {
  private readonly failure: unknown
  private readonly owner: Cli<CliContext>
  private readonly input: readonly string[]

  constructor(failure: unknown, owner: Cli<CliContext>, input: readonly string[]) {
    super()
    this.failure = failure
    this.owner = owner
    this.input = input
  }

  override async execute(): Promise<number> {
    const unknown = unknownCommand(this.input[0], commandNames(this.owner))
    if (unknown !== undefined) {
      this.context.stderr.write(`${unknown}\n`)
      return 2
    }
    const colored = wantsColor(this.context.stderr, this.context.env)
    this.context.stderr.write(this.owner.error(this.failure, { colored }))
    return 2
  }
}

/** `doctor`, `stubs`, …: the second word of each registered command's path. */
function commandNames(cli: Cli<CliContext>): string[] {
  return cli
    .definitions()
    .map((definition) => definition.path.split(' ')[1])
    .filter((name): name is string => name !== undefined && !name.startsWith('-'))
}

/** The message for a first word that is no command (an option is not one), or undefined. */
function unknownCommand(word: string | undefined, names: readonly string[]): string | undefined {
  if (word === undefined || word.startsWith('-') || names.includes(word)) return undefined
  // A typo of a short name is one or two edits; more than a third of the word changed is another word.
  const max = Math.max(2, Math.floor(word.length / 3))
  let closest: string | undefined
  let best = max + 1
  for (const name of names) {
    const distance = levenshtein(word, name, max)
    if (distance < best) [closest, best] = [name, distance]
  }
  return closest === undefined
    ? `Unknown command "${word}". Commands: ${names.join(', ')} (contracttool --help).`
    : `Unknown command "${word}". Did you mean "contracttool ${closest}"?`
}

class ContractToolCli extends Cli<CliContext> {
  override process(...args: Parameters<Cli<CliContext>['process']>): Command<CliContext> {
    try {
      return super.process(...args)
    } catch (error) {
      return new ParseErrorCommand(error, this, args[0])
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
