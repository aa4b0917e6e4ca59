import type { Readable, Writable } from 'node:stream'
import type { CliContext } from './cli-context.js'
import { createCli } from './create-cli.js'
import { wantsColor } from './internal/output.js'

/** Streams, environment and working directory of one run; each defaults to the current process's. */
export interface RunCliContext {
  readonly stdin?: Readable
  readonly stdout?: Writable
  readonly stderr?: Writable
  readonly env?: Record<string, string | undefined>
  readonly cwd?: string
}

/**
 * Runs `contracttool` with `argv` (without the node and script entries) and resolves to the exit code:
 * 0 success, 1 a gate failed, 2 usage error or unreadable input.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2))
 */
export async function runCli(argv: readonly string[], context: RunCliContext = {}): Promise<number> {
  const stdout = context.stdout ?? process.stdout
  const env = context.env ?? process.env
  const full: CliContext = {
    stdin: context.stdin ?? process.stdin,
    stdout,
    stderr: context.stderr ?? process.stderr,
    env,
    cwd: context.cwd ?? process.cwd(),
    colorDepth: wantsColor(stdout, env) ? 8 : 1,
  }
  return createCli({ color: wantsColor(stdout, env) }).run([...argv], full)
}
