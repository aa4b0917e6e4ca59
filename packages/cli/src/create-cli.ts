import { closestName, didYouMean, terminalLines } from '@contracttool/kernel/internal'
import { Builtins, Cli, Command } from 'clipanion'
import type { CliContext } from './cli-context.js'
import { CoverageGateCommand } from './commands/coverage-gate-command.js'
import { CoverageMergeCommand } from './commands/coverage-merge-command.js'
import { DoctorCommand } from './commands/doctor-command.js'
import { StubsCommand } from './commands/stubs-command.js'
import { TrafficCommand } from './commands/traffic-command.js'
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
 * "Extraneous positional argument", and an option the command does not have gets the closest option.
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
    const unknown =
      unknownCommand(this.input[0], commandNames(this.owner)) ?? unknownOption(this.input, this.owner)
    if (unknown !== undefined) {
      this.context.stderr.write(terminalLines(`${unknown}\n`))
      return 2
    }
    const colored = wantsColor(this.context.stderr, this.context.env)
    this.context.stderr.write(terminalLines(this.owner.error(this.failure, { colored })))
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
  const closest = closestName(word, names)
  return closest === undefined
    ? `Unknown command "${word}". Commands: ${names.join(', ')} (contracttool --help).`
    : `Unknown command "${word}". Did you mean "contracttool ${closest}"?`
}

/** The message for the first `--option` the command does not have, or undefined. */
function unknownOption(input: readonly string[], cli: Cli<CliContext>): string | undefined {
  const [command, ...rest] = input
  const definition = cli.definitions().find((entry) => entry.path === `contracttool ${command}`)
  if (definition === undefined) return undefined
  const names = [...definition.options.flatMap((option) => optionNames(option.definition)), '--help', '-h']
  for (const argument of rest) {
    if (argument === '--') break
    if (!argument.startsWith('--')) continue
    const name = argument.split('=')[0] ?? argument
    // Clipanion reads `--no-<flag>` as a boolean flag turned off, and `--<flag>` of one shown as `--no-<flag>`.
    const known =
      names.includes(name) ||
      names.includes(`--no-${name.slice(2)}`) ||
      (name.startsWith('--no-') && names.includes(`--${name.slice(5)}`))
    if (known) continue
    return `Unknown option "${name}" for contracttool ${command}.${didYouMean(name, names)} Options: ${names.filter((known) => known.startsWith('--') && known !== '--help').join(', ')} (contracttool ${command} --help).`
  }
  return undefined
}

/** `--spec`, `--no-cleanup` from a help definition such as `--spec=<path>` or `--no-cleanup`. */
function optionNames(definition: string): string[] {
  return definition
    .split(/[ =]/)[0]!
    .split(',')
    .map((name) => name.trim())
}

// What each option's value is, in `--help`: clipanion itself writes `#0`.
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  '--spec': '<path>',
  '--base-spec': '<path>',
  '--coverage': '<path>',
  '--spec-name': '<name>',
  '--format': '<format>',
  '--strip-prefix': '<prefix>',
  '--strip-prefixes': '<prefix,…>',
  '--remote-ref-host': '<host>',
  '--remote-ref-max-bytes': '<bytes>',
  '--remote-ref-timeout': '<ms>',
  '--adapter': '<adapter>',
  '--runner': '<runner>',
  '--output': '<dir>',
  '--app-module': '<path>',
  '--request-prefix': '<prefix>',
  '--spec-base-path': '<dir>',
  '--specs': '<name,…>',
  '--sidecar-dir': '<dir>',
  '--json-output': '<path>',
  '--junit-output': '<path>',
  '--markdown-output': '<path>',
  '--html-output': '<path>',
  '--github-step-summary': '<path>',
  '--console-output': '<mode>',
  '--min-endpoint-coverage': '<%>',
  '--min-response-coverage': '<%>',
  '--min-sdk-exercise-coverage': '<%>',
  '--min-coverage-strict': '<bool>',
  '--strict-required': '<mode>',
  '--strict-additional-properties': '<mode>',
  '--expect-sidecars': '<n>',
  '--default-spec': '<name>',
  '--base-url': '<url>',
  '--max-entry-bytes': '<bytes>',
}

// Flags that are on by default are shown as the way to turn them off, as the README writes them.
const SHOWN_NEGATED = ['--cleanup', '--validate-request']

/** `--spec #0` as `--spec=<path>`, `--cleanup` (on by default) as `--no-cleanup`. */
export function readableUsage(text: string): string {
  let out = text.replace(
    /(--[a-z][a-z-]*) #0/g,
    (_match, name: string) => `${name}=${PLACEHOLDERS[name] ?? '<value>'}`,
  )
  for (const name of SHOWN_NEGATED) {
    out = out.replace(new RegExp(`(^|[\\s\\[<])${name}(?![\\w-])`, 'gm'), `$1--no-${name.slice(2)}`)
  }
  return out
}

class ContractToolCli extends Cli<CliContext> {
  // Every usage line, the help's option list and `definitions()` are built from this, so the help's columns
  // are measured on the readable names.
  protected override getUsageByIndex(
    ...args: Parameters<Cli<CliContext>['getUsageByIndex']>
  ): ReturnType<Cli<CliContext>['getUsageByIndex']> {
    const { usage, options } = super.getUsageByIndex(...args)
    return {
      usage: readableUsage(usage),
      options: options.map((option) => ({ ...option, definition: readableUsage(option.definition) })),
    }
  }

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
 * Builds the `contracttool` command line: `doctor`, `stubs`, `coverage:merge`, `coverage:gate`, `traffic`, plus
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
  cli.register(TrafficCommand)
  return cli
}
