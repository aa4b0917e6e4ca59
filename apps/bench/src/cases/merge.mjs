// Scenario 4, one run: merging a directory of coverage sidecars into the coverage result of a spec.
// The sidecars (written by scenario 4 with the package's own writer) are copied to a fresh directory
// before any timer starts; `contracttool coverage:merge` deletes what it merged.
//
//   library  @contracttool/coverage in this process, the steps of `coverage:merge` minus rendering:
//            readSidecars (read + validate) → mergeSidecars → loadSpec → computeCoverage; each step timed
//   cli      `contracttool coverage:merge --spec-base-path … --specs … --sidecar-dir … --json-output …`
//            as a child process, wall time from spawn to exit; its peak RSS comes from a preload
//            (src/lib/rss-probe.mjs) that writes it on exit
//
// Usage: node --expose-gc src/cases/merge.mjs --mode library|cli --fixture <dir> --spec-file <file>
import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { captureConsole, now, parseCaseArgs, peakRss, round, runCase } from '../lib/child.mjs'
import { importOurs } from '../lib/ours.mjs'

const args = parseCaseArgs({
  mode: { type: 'string' },
  fixture: { type: 'string' },
  'spec-file': { type: 'string' },
})

const require = createRequire(import.meta.url)
const RSS_PROBE = new URL('../lib/rss-probe.mjs', import.meta.url).href

/** Copies the fixture's sidecars into a fresh private directory (mode 0700; the files keep their 0600). */
function copyFixture(dir) {
  const files = readdirSync(args.fixture).filter((name) => name.endsWith('.json'))
  mkdirSync(dir, { mode: 0o700 })
  for (const name of files) copyFileSync(join(args.fixture, name), join(dir, name))
  return { files: files.length }
}

/** Spec name and base path as `loadSpec` and the CLI take them: the file name without extension, its folder. */
function specLocation(file) {
  return { basePath: dirname(file), name: basename(file).replace(/\.(json|ya?ml)$/i, '') }
}

/** The totals both modes report, so the two can be checked against each other. */
function totalsOf({
  endpointTotal,
  endpointFullyCovered,
  endpointRequestOnly,
  responseCovered,
  responseSkipped,
}) {
  return { endpointTotal, endpointFullyCovered, endpointRequestOnly, responseCovered, responseSkipped }
}

async function library(sidecarDir, spec) {
  const importStart = now()
  const coverage = await importOurs('@contracttool/coverage')
  const { loadSpec } = await importOurs('@contracttool/spec-loader')
  const importMs = now() - importStart

  const start = now()
  const { envelopes } = coverage.readSidecars(sidecarDir)
  const read = now()
  const merged = coverage.mergeSidecars(envelopes)
  const mergedAt = now()
  const loaded = await loadSpec(spec.name, { basePath: spec.basePath })
  const loadedAt = now()
  const result = coverage.computeCoverage([loaded], merged.tracker)
  const end = now()
  const unexpected = result.specs[0].endpoints.reduce((n, e) => n + e.unexpectedObservations.length, 0)
  return {
    status: 'ok',
    ms: round(end - start, 1),
    readMs: round(read - start, 1),
    mergeMs: round(mergedAt - read, 1),
    specLoadMs: round(loadedAt - mergedAt, 1),
    reconcileMs: round(end - loadedAt, 1),
    mergeOnlyMs: round(end - start - (loadedAt - mergedAt), 1),
    importMs: round(importMs, 1),
    peakRssMB: round(peakRss(), 1),
    sidecars: merged.sidecarCount,
    totals: { ...totalsOf(result.totals), unexpected },
  }
}

function childEnv(extra) {
  const env = { ...process.env, ...extra }
  // A CI job's step summary, console mode or sidecar directory must not leak into the measured run.
  for (const key of Object.keys(env)) {
    if (key === 'GITHUB_STEP_SUMMARY' || key.startsWith('CONTRACTTOOL_')) delete env[key]
  }
  return env
}

async function cli(root, sidecarDir, spec, sidecars) {
  const pkg = require('contracttool/package.json')
  const bin = join(dirname(require.resolve('contracttool/package.json')), pkg.bin.contracttool)
  const jsonOutput = join(root, 'coverage.json')
  const rssFile = join(root, 'rss')
  const argv = [
    '--import',
    RSS_PROBE,
    bin,
    'coverage:merge',
    '--spec-base-path',
    spec.basePath,
    '--specs',
    spec.name,
    '--sidecar-dir',
    sidecarDir,
    '--json-output',
    jsonOutput,
  ]
  const start = now()
  const { code, stdout, stderr } = await new Promise((resolve) => {
    const child = spawn(process.execPath, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv({ BENCH_RSS_FILE: rssFile }),
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.stderr.on('data', (chunk) => {
      err = (err + chunk).slice(-4000)
    })
    child.on('close', (exitCode) => resolve({ code: exitCode, stdout: out, stderr: err }))
  })
  const ms = now() - start
  if (code !== 0) {
    const last = stderr.trim().split('\n').filter(Boolean).pop() ?? `exit code ${code}`
    return { status: 'failed', error: last, ms: round(ms, 1) }
  }
  const report = JSON.parse(readFileSync(jsonOutput, 'utf8'))
  const aggregates = report.specs[spec.name].aggregates
  const unexpected = report.specs[spec.name].endpoints.reduce(
    (n, e) => n + e.unexpected_observations.length,
    0,
  )
  return {
    status: 'ok',
    ms: round(ms, 1),
    peakRssMB: round(Number(readFileSync(rssFile, 'utf8')), 1),
    sidecars,
    leftBehind: readdirSync(sidecarDir).filter((name) => name.endsWith('.json')).length,
    stdoutLines: stdout.split('\n').length - 1,
    totals: {
      endpointTotal: aggregates.endpoint_total,
      endpointFullyCovered: aggregates.endpoint_fully_covered,
      endpointRequestOnly: aggregates.endpoint_request_only,
      responseCovered: aggregates.response_covered,
      responseSkipped: aggregates.response_skipped,
      unexpected,
    },
  }
}

captureConsole()
await runCase(
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'contracttool-bench-merge-'))
    try {
      const sidecarDir = join(root, 'sidecars')
      const { files } = copyFixture(sidecarDir)
      const spec = specLocation(args['spec-file'])
      if (args.mode === 'library') return await library(sidecarDir, spec)
      if (args.mode === 'cli') return await cli(root, sidecarDir, spec, files)
      throw new Error(`unknown mode ${args.mode}`)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },
  { scenario: 'merge', mode: args.mode },
)
