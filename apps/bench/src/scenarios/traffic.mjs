// Scenario 7: `contracttool traffic` on a generated HAR of recorded GitHub API traffic (100,000 entries in the
// full run) against the GitHub REST description: entries per second and peak memory. The same command on a
// HAR without entries measures its start (loading the 13 MB description) apart, so the rate is the reading
// and checking of entries alone. The HAR is written to a temporary folder, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeHarFixture } from '../lib/har-fixture.mjs'
import { SPECS, specFile } from '../lib/specs.mjs'
import { mb, ms, printTable } from '../lib/table.mjs'
import { footnotes, statusCell } from './shared.mjs'

const SPEC = 'github'

export async function runTraffic(config, { runJobs, progress }) {
  const count = config.smoke ? 2_000 : 100_000
  const dir = mkdtempSync(join(tmpdir(), 'contracttool-bench-har-'))
  try {
    const inputs = {
      startup: writeHarFixture({ file: join(dir, 'empty.har'), count: 0 }),
      traffic: writeHarFixture({ file: join(dir, 'traffic.har'), count }),
    }
    const jobs = Object.entries(inputs).map(([label, fixture]) => ({
      script: 'traffic.mjs',
      args: [
        '--har',
        join(dir, label === 'startup' ? 'empty.har' : 'traffic.har'),
        '--spec-file',
        specFile(SPEC),
      ],
      tool: 'ours',
      label,
      spec: SPEC,
      fixture,
      timeoutMs: config.smoke ? 120_000 : 900_000,
    }))
    const results = await runJobs(jobs, {
      repeats: config.repeats,
      slowMs: config.slowMs,
      onResult: progress,
    })
    return jobs.map((job, i) => ({ ...job, result: results[i] }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Entries per second over the time past the command's start (the run without entries). */
function rate(rows) {
  const startup = rows.find((row) => row.label === 'startup')?.result
  const traffic = rows.find((row) => row.label === 'traffic')?.result
  if (startup?.status !== 'ok' || traffic?.status !== 'ok') return undefined
  const seconds = Math.max(traffic.ms - startup.ms, 1) / 1000
  return Math.round(traffic.entries / seconds)
}

export function reportTraffic(rows) {
  const notes = footnotes()
  const traffic = rows.find((row) => row.label === 'traffic')
  if (traffic !== undefined) {
    const { entries, apiCalls, bytes } = traffic.fixture
    console.log(
      `\n  HAR of ${entries.toLocaleString('en')} entries (${apiCalls.toLocaleString('en')} GitHub API calls, the rest pages and assets), ${(bytes / 1e6).toFixed(0)} MB, against ${SPECS[SPEC].label}`,
    )
  }
  printTable(
    ['run', 'status', 'wall', 'entries', 'checked', 'failed', 'not API', 'peak RSS MB', 'runs', '±%'],
    rows.map((row) => {
      const r = row.result
      const ok = r.status === 'ok'
      return [
        row.label === 'startup' ? 'contracttool traffic, no entries (start)' : 'contracttool traffic',
        statusCell(r, notes, row.label),
        ok ? ms(r.ms) : undefined,
        ok ? r.entries : undefined,
        ok ? r.checked : undefined,
        ok ? r.failed : undefined,
        ok ? r.notApi : undefined,
        mb(r.peakRssMB),
        r.repeats,
        r.spreadPct,
      ]
    }),
  )
  notes.flush()
  const perSecond = rate(rows)
  const peak = traffic?.result.status === 'ok' ? traffic.result.peakRssMB : undefined
  if (perSecond !== undefined) console.log(`    ${perSecond.toLocaleString('en')} entries/s past the start`)
  return [
    {
      target: `contracttool traffic on ${traffic?.fixture.entries.toLocaleString('en') ?? '?'} HAR entries (informal: entries/s, and peak RSS far under the file's size)`,
      measured:
        perSecond === undefined
          ? 'not measured'
          : `${perSecond.toLocaleString('en')} entries/s, peak RSS ${mb(peak)} MB`,
      verdict: perSecond === undefined ? 'N/A' : 'info',
    },
  ]
}
