import { PassThrough } from 'node:stream'
import { runCli } from '../src/run-cli.js'

export interface CapturedRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs the CLI in process with captured, non-terminal streams and an explicit environment. Each string in
 * `replace` is replaced by its key in both outputs (temporary and fixture directories), so snapshots do
 * not depend on the machine.
 */
export async function runCaptured(
  argv: readonly string[],
  options: {
    readonly cwd: string
    readonly env?: Record<string, string | undefined>
    readonly replace?: Readonly<Record<string, string>>
  },
): Promise<CapturedRun> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const out: Buffer[] = []
  const err: Buffer[] = []
  stdout.on('data', (chunk: Buffer) => out.push(chunk))
  stderr.on('data', (chunk: Buffer) => err.push(chunk))
  const code = await runCli(argv, {
    stdout,
    stderr,
    stdin: new PassThrough(),
    env: options.env ?? {},
    cwd: options.cwd,
  })
  const clean = (text: string) =>
    Object.entries(options.replace ?? {})
      .sort(([, a], [, b]) => b.length - a.length)
      .reduce((acc, [name, value]) => acc.replaceAll(value, name), text)
  return {
    code,
    stdout: clean(Buffer.concat(out).toString('utf8')),
    stderr: clean(Buffer.concat(err).toString('utf8')),
  }
}
