// Scenario 7, one run: `contracttool traffic` on a generated HAR (src/lib/har-fixture.mjs) against the GitHub
// REST description, as a child process: wall time from spawn to exit, and its peak RSS from a preload
// (src/lib/rss-probe.mjs) that writes it on exit. The failures it prints are counted, not kept.
//
// Usage: node --expose-gc src/cases/traffic.mjs --har <file> --spec-file <file>
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { captureConsole, now, parseCaseArgs, round, runCase } from '../lib/child.mjs'

const args = parseCaseArgs({ har: { type: 'string' }, 'spec-file': { type: 'string' } })

const require = createRequire(import.meta.url)
const RSS_PROBE = new URL('../lib/rss-probe.mjs', import.meta.url).href
const SUMMARY =
  /\[OpenAPI Traffic\] .*?: (\d+) entr(?:y|ies), (\d+) API call\(s\) checked \((\d+) failed\), (\d+) not under/

function childEnv(extra) {
  const env = { ...process.env, ...extra }
  // A CI job's step summary, console mode or sidecar directory must not leak into the measured run.
  for (const key of Object.keys(env)) {
    if (key === 'GITHUB_STEP_SUMMARY' || key.startsWith('CONTRACTTOOL_')) delete env[key]
  }
  return env
}

async function traffic(root) {
  const pkg = require('contracttool/package.json')
  const bin = join(dirname(require.resolve('contracttool/package.json')), pkg.bin.contracttool)
  const rssFile = join(root, 'rss')
  // The recordings carry no request bodies: their responses are checked, as scenario 3 checks them.
  const argv = [
    '--import',
    RSS_PROBE,
    bin,
    'traffic',
    `--spec=${args['spec-file']}`,
    '--no-validate-request',
    `--json-output=${join(root, 'coverage.json')}`,
    args.har,
  ]
  const start = now()
  const { code, tail, stderr } = await new Promise((resolve) => {
    const child = spawn(process.execPath, argv, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv({ BENCH_RSS_FILE: rssFile }),
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => {
      out = (out + chunk).slice(-200_000)
    })
    child.stderr.on('data', (chunk) => {
      err = (err + chunk).slice(-4000)
    })
    child.on('close', (exitCode) => resolve({ code: exitCode, tail: out, stderr: err }))
  })
  const ms = now() - start
  // 1: some recordings break today's description (they date from 2022); 2 or more: the run itself failed.
  const summary = SUMMARY.exec(tail)
  if ((code !== 0 && code !== 1) || summary === null) {
    const last = stderr.trim().split('\n').filter(Boolean).pop() ?? `exit code ${code}`
    return { status: 'failed', error: last, ms: round(ms, 1) }
  }
  const [, entries, checked, failed, notApi] = summary.map(Number)
  return {
    status: 'ok',
    ms: round(ms, 1),
    peakRssMB: round(Number(readFileSync(rssFile, 'utf8')), 1),
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
