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
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { captureConsole, now, parseCaseArgs, peakRss, round, runCase } from '../lib/child.mjs'
import { lastError, runContracttool } from '../lib/contracttool-child.mjs'
import { importOurs } from '../lib/ours.mjs'

const args = parseCaseArgs({
  mode: { type: 'string' },
  fixture: { type: 'string' },
  'spec-file': { type: 'string' },
})

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

async function cli(root, sidecarDir, spec, sidecars) {
  const jsonOutput = join(root, 'coverage.json')
  const run = await runContracttool(
    [
      'coverage:merge',
      '--spec-base-path',
      spec.basePath,
      '--specs',
      spec.name,
      '--sidecar-dir',
      sidecarDir,
      '--json-output',
      jsonOutput,
    ],
    { root },
  )
  if (run.code !== 0) return { status: 'failed', error: lastError(run), ms: round(run.ms, 1) }
  const report = JSON.parse(readFileSync(jsonOutput, 'utf8'))
  const aggregates = report.specs[spec.name].aggregates
  const unexpected = report.specs[spec.name].endpoints.reduce(
    (n, e) => n + e.unexpected_observations.length,
    0,
  )
  return {
    status: 'ok',
    ms: round(run.ms, 1),
    peakRssMB: round(run.peakRssMB, 1),
    sidecars,
    leftBehind: readdirSync(sidecarDir).filter((name) => name.endsWith('.json')).length,
    stdoutLines: run.stdout.split('\n').length - 1,
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
