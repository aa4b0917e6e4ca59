// `--test-reporter=@contracttool/node-test/reporter`: node:test loads reporters in the process that runs
// `node --test`, before it starts the test files' processes. This one prints node:test's default output, then
// finishes the contract run: the coverage report, the reports asked for, the gates and the exit code.
import { createHandoverDir, prepareConfigFileRun, removeHandoverDir } from '@contracttool/harness'
import type { RunIo } from '@contracttool/harness/internal'
import { terminalLines } from '@contracttool/kernel/internal'
import { defaultReporter } from './internal/default-reporter.js'
import { finishNodeTestRun } from './internal/finish-node-test-run.js'
import { processState, RUN_DIR_ENV } from './internal/process-state.js'

const runDir = createHandoverDir()
// The test files' processes inherit this environment: it tells them where to hand over.
process.env[RUN_DIR_ENV] = runDir
processState().reporterActive = true

/**
 * node:test reporter: node:test's default output (`spec` on a terminal, else `tap`, as node:test chooses),
 * followed by the contract-testing report and gates.
 *
 * @example
 * // node --import @contracttool/node-test/register --test-reporter=@contracttool/node-test/reporter --test
 */
export default async function* contractReporter(source: AsyncIterable<unknown>): AsyncGenerator<string> {
  const env = process.env
  const prepared = prepareConfigFileRun(process.cwd(), env).then(
    (value) => ({ value }),
    (error: unknown) => ({ error: error as Error }),
  )
  for await (const chunk of defaultReporter(source)) yield chunk
  const printed: string[] = []
  const io: RunIo = {
    out: (text) => void printed.push(text),
    err: (line) => void process.stderr.write(terminalLines(`${line}\n`)),
    env,
    color: process.stdout.isTTY === true && env.NO_COLOR === undefined,
  }
  const ready = await prepared
  let exitCode: 0 | 1 = 1
  try {
    if ('error' in ready) io.err(ready.error.message)
    else exitCode = finishNodeTestRun(ready.value, runDir, processState().envelope, io)
  } catch (error) {
    io.err((error as Error).message)
    exitCode = 1
  } finally {
    removeHandoverDir(runDir)
  }
  if (printed.length > 0) yield printed.join('')
  if (exitCode === 1) process.exitCode = 1
}
