// Scenario 4: merging the coverage sidecars of a sharded run of a large API (64 shards of a GitHub REST
// suite) into its coverage result, as a library call and as the `contracttool coverage:merge` command.
import { join } from 'node:path'
import { writeSidecarFixture } from '../lib/sidecar-fixture.mjs'
import { CACHE_DIR, SPECS, specFile } from '../lib/specs.mjs'
import { mb, ms, printTable } from '../lib/table.mjs'
import { footnotes, statusCell } from './shared.mjs'

export const MERGE_MODES = {
  library: 'library: readSidecars → mergeSidecars → loadSpec → computeCoverage',
  cli: 'contracttool coverage:merge (child process, JSON report)',
}

// Informal reference for the library merge without the spec load (the spec load is scenario 1's).
const MERGE_REFERENCE_MS = 1000

export async function runMerge(config, { runJobs, progress }) {
  const spec = config.smoke ? 'petstore-3.0' : 'github'
  const count = config.smoke ? 16 : 64
  const file = specFile(spec)
  const fixture = join(CACHE_DIR, 'merge-sidecars', `${spec}-${count}`)
  let written
  try {
    written = await writeSidecarFixture({ specFile: file, dir: fixture, count })
  } catch (error) {
    const result = { status: 'error', error: `writing the sidecars failed: ${error.message.split('\n')[0]}` }
    return Object.keys(MERGE_MODES).map((mode) => ({ tool: 'ours', mode, spec, count, result }))
  }
  const jobs = Object.keys(MERGE_MODES).map((mode) => ({
    script: 'merge.mjs',
    args: ['--mode', mode, '--fixture', fixture, '--spec-file', file],
    tool: 'ours',
    label: mode,
    mode,
    spec,
    count,
    fixture: written,
    timeoutMs: 120_000,
  }))
  const results = await runJobs(jobs, { repeats: config.repeats, slowMs: config.slowMs, onResult: progress })
  return jobs.map((job, i) => ({ ...job, result: results[i] }))
}

function sameTotals(a, b) {
  return a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b)
}

export function reportMerge(rows) {
  const notes = footnotes()
  const { spec, count, fixture } = rows[0]
  if (fixture !== undefined) {
    console.log(
      `\n  ${count} sidecars of ${SPECS[spec].label} (${fixture.operations} operations, ${fixture.tuples} response tuples): ` +
        `${(fixture.bytes / 1e3).toFixed(0)} kB, ${fixture.recordings} recorded responses, ${fixture.endpointsSeen} endpoints seen`,
    )
  }
  printTable(
    [
      'merge',
      'status',
      'total',
      'read+validate',
      'merge',
      'spec load',
      'reconcile',
      'w/o spec load',
      'peak RSS MB',
      'runs',
      '±%',
    ],
    rows.map((row) => {
      const r = row.result
      const ok = r.status === 'ok'
      return [
        MERGE_MODES[row.mode],
        statusCell(r, notes, row.mode),
        ok ? ms(r.ms) : undefined,
        ok ? ms(r.readMs) : undefined,
        ok ? ms(r.mergeMs) : undefined,
        ok ? ms(r.specLoadMs) : undefined,
        ok ? ms(r.reconcileMs) : undefined,
        ok ? ms(r.mergeOnlyMs) : undefined,
        mb(r.peakRssMB),
        r.repeats,
        r.spreadPct,
      ]
    }),
  )
  notes.flush()
  const library = rows.find((r) => r.mode === 'library')?.result
  const cli = rows.find((r) => r.mode === 'cli')?.result
  const t = library?.totals ?? cli?.totals
  if (t !== undefined) {
    console.log(
      `    result: ${t.endpointFullyCovered}/${t.endpointTotal} endpoints fully covered, ${t.endpointRequestOnly} request-only, ` +
        `${t.responseCovered} responses validated, ${t.responseSkipped} skipped, ${t.unexpected} unexpected observations` +
        (library?.status === 'ok' && cli?.status === 'ok'
          ? sameTotals(library.totals, cli.totals)
            ? '; library and CLI agree'
            : '; LIBRARY AND CLI DISAGREE'
          : ''),
    )
  }
  if (cli?.status === 'ok' && cli.leftBehind > 0) {
    console.log(`    the CLI left ${cli.leftBehind} sidecars behind after merging`)
  }
  const measured = [
    library?.status === 'ok'
      ? `library ${ms(library.ms)} (${ms(library.mergeOnlyMs)} without the ${ms(library.specLoadMs)} spec load)`
      : undefined,
    cli?.status === 'ok' ? `CLI ${ms(cli.ms)} wall` : undefined,
  ].filter(Boolean)
  return [
    {
      target: `merge ${count} sidecars of ${SPECS[spec].label} (informal; reference: library under ${ms(MERGE_REFERENCE_MS)} without the spec load)`,
      measured: measured.length > 0 ? measured.join(', ') : 'not measured',
      verdict:
        library?.status === 'ok'
          ? `info (${library.mergeOnlyMs < MERGE_REFERENCE_MS ? 'under' : 'over'} ${ms(MERGE_REFERENCE_MS)})`
          : 'N/A',
    },
  ]
}
