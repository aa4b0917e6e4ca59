// Scenario 7, one run: `contracttool traffic` on a generated HAR (src/lib/har-fixture.mjs) against the GitHub
// REST description, as a child process: wall time from spawn to exit, and its peak RSS from a preload
// (src/lib/rss-probe.mjs) that writes it on exit. The failures it prints are counted, not kept.
//
// Usage: node --expose-gc src/cases/traffic.mjs --har <file> --spec-file <file>
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { captureConsole, parseCaseArgs, round, runCase } from '../lib/child.mjs'
import { lastError, runContracttool } from '../lib/contracttool-child.mjs'

const args = parseCaseArgs({ har: { type: 'string' }, 'spec-file': { type: 'string' } })

const SUMMARY =
  /\[OpenAPI Traffic\] .*?: (\d+) entr(?:y|ies), (\d+) API call\(s\) checked \((\d+) failed\), (\d+) not under/

async function traffic(root) {
  // The recordings carry no request bodies: their responses are checked, as scenario 3 checks them.
  const run = await runContracttool(
    [
      'traffic',
      `--spec=${args['spec-file']}`,
      '--no-validate-request',
      `--json-output=${join(root, 'coverage.json')}`,
      args.har,
    ],
    { root, stdoutBytes: 200_000 },
  )
  // 1: some recordings break today's description (they date from 2022); 2: the run itself failed.
  const summary = SUMMARY.exec(run.stdout)
  if ((run.code !== 0 && run.code !== 1) || summary === null)
    return { status: 'failed', error: lastError(run), ms: round(run.ms, 1) }
  const [, entries, checked, failed, notApi] = summary.map(Number)
  return {
    status: 'ok',
    ms: round(run.ms, 1),
    peakRssMB: round(run.peakRssMB, 1),
    entries,
    checked,
    failed,
    notApi,
  }
}

captureConsole()
await runCase(
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'contracttool-bench-traffic-'))
    try {
      return await traffic(root)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },
  { scenario: 'traffic' },
)
