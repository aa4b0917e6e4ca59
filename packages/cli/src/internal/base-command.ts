import { ContractRunError } from '@contracttool/harness'
import { isContractToolError } from '@contracttool/kernel'
import { terminalLines, terminalText } from '@contracttool/kernel/internal'
import { Command } from 'clipanion'
import type { CliContext } from '../cli-context.js'
import { CliErrorCode } from '../cli-error-code.js'
import { type Paint, painter, wantsColor } from './output.js'

/**
 * Shared behaviour of every command: results on stdout, errors on stderr, colour only on a terminal and
 * never with `NO_COLOR`, and exit codes 0 (success), 1 (a gate failed), 2 (usage error or unreadable input).
 * A `ContractToolError` escaping `run()` is an input problem: its message goes to stderr with exit 2 (with the
 * pointer to `--help` for `CONTRACTTOOL_CLI_USAGE`); the harness's option errors (`contracttool.config.*`, a
 * flag it resolves) are printed as the harness words them, as every runner prints them.
 */
export abstract class BaseCommand extends Command<CliContext> {
  /** Prefix of error lines on stderr, for example `[contracttool]`. */
  protected abstract readonly errorPrefix: string

  protected abstract run(): Promise<number>

  override async execute(): Promise<number> {
    try {
      return await this.run()
    } catch (error) {
      // The harness's option messages are whole lines already (`FATAL: [contracttool] option …`).
      if (error instanceof ContractRunError) {
        this.note(error.message)
        return 2
      }
      if (isContractToolError(error)) {
        if (error.code === CliErrorCode.Usage) return this.usage(error.message)
        this.error(error.message)
        return 2
      }
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
      this.error(`internal error, please report it: ${detail}`)
      return 1
    }
  }

  /**
   * Writes text to stdout. Every write of a command goes through here or `note`: no line it writes can
   * start a CI workflow command, whatever a name inside it carried.
   */
  protected write(text: string): void {
    this.context.stdout.write(terminalLines(text))
  }

  /** Writes a line to stdout. */
  protected out(line = ''): void {
    this.write(`${line}\n`)
  }

  /** Writes `<prefix> <message>` to stderr as one line: control characters a spec or file name carried are escaped. */
  protected error(message: string): void {
    this.note(`${this.errorPrefix} ${terminalText(message)}`)
  }

  /** Writes a line to stderr. */
  protected note(line: string): void {
    this.context.stderr.write(terminalLines(`${line}\n`))
  }

  /** Colour for stdout. */
  protected paintOut(): Paint {
    return painter(wantsColor(this.context.stdout, this.context.env))
  }

  /** Colour for stderr. */
  protected paintErr(): Paint {
    return painter(wantsColor(this.context.stderr, this.context.env))
  }

  /** A usage error: message and a pointer to `--help` on stderr, exit code 2. */
  protected usage(message: string): number {
    this.error(message)
    const path = this.path.length > 0 ? this.path.join(' ') : ''
    this.note(`Run 'contracttool ${path}${path === '' ? '' : ' '}--help' for the options.`)
    return 2
  }
}
