// Scenario 6: sequential response bodies (OpenAPI 3.2 itemSchema) validated item by item: a JSON Lines
// body and a server-sent events body, beside the same items as one JSON array (parsed, then validated).
import { mb, ms, printTable } from '../lib/table.mjs'
import { footnotes, statusCell } from './shared.mjs'

export const STREAM_MODES = {
  jsonl: 'JSON Lines, itemSchema per line',
  sse: 'server-sent events, itemSchema + JSON data against contentSchema',
  array: 'the same pets as one JSON array (JSON.parse + schema)',
}

export async function runStreams(config, { runJobs, progress }) {
  const counts = config.smoke
    ? { jsonl: 10_000, sse: 1_000, array: 10_000 }
    : { jsonl: 100_000, sse: 10_000, array: 100_000 }
  const jobs = Object.keys(STREAM_MODES).map((mode) => ({
    script: 'streams.mjs',
    args: ['--mode', mode, '--items', String(counts[mode])],
    tool: 'ours',
    label: `streams ${mode}`,
    mode,
    timeoutMs: 240_000,
  }))
  const results = await runJobs(jobs, { repeats: config.repeats, slowMs: config.slowMs, onResult: progress })
  return jobs.map((job, i) => ({ ...job, result: results[i] }))
}

export function reportStreams(rows) {
  const notes = footnotes()
  printTable(
    [
      'body',
      'status',
      'items',
      'body MB',
      'first call',
      'steady',
      'µs/item',
      'items/s',
      'RSS growth MB',
      'heap kept MB',
      'runs',
      '±%',
    ],
    rows.map((row) => {
      const r = row.result
      const ok = r.status === 'ok'
      return [
        STREAM_MODES[row.mode],
        statusCell(r, notes, row.mode),
        ok ? r.items.toLocaleString('en-US') : undefined,
        ok ? r.bodyMB : undefined,
        ok ? ms(r.firstMs) : undefined,
        ok ? ms(r.ms) : undefined,
        ok ? r.usPerItem : undefined,
        ok ? r.itemsPerSecond.toLocaleString('en-US') : undefined,
        ok ? mb(r.rssGrowthMB) : undefined,
        ok ? mb(r.heapRetainedMB) : undefined,
        r.repeats,
        r.spreadPct,
      ]
    }),
  )
  notes.flush()
  const jsonl = rows.find((row) => row.mode === 'jsonl')?.result
  const array = rows.find((row) => row.mode === 'array')?.result
  const both = jsonl?.status === 'ok' && array?.status === 'ok'
  return [
    {
      target:
        'per-item cost of a JSON Lines body ≈ the steady-state cost of the same items as one JSON array (informal)',
      measured: both
        ? `JSON Lines ${jsonl.usPerItem} µs/item, JSON array ${array.usPerItem} µs/item (${(jsonl.usPerItem / array.usPerItem).toFixed(2)}×)`
        : 'not measured',
      verdict: both ? 'info' : 'N/A',
    },
  ]
}
