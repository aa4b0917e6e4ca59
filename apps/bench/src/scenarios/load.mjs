// Scenario 1: spec load, from nothing to a ready spec, on the big real documents.
import { SPECS } from '../lib/specs.mjs'
import { mb, ms, printTable, ratio } from '../lib/table.mjs'
import { footnotes, inputLabel, statusCell } from './shared.mjs'

export const LOAD_TOOLS = {
  'json-parse': { label: 'JSON.parse (floor)', kind: 'floor' },
  'ref-walk': { label: 'JSON.parse + $ref walk (floor)', kind: 'floor' },
  ours: { label: 'contracttool loadSpecFile', kind: 'ours' },
  'ours+matcher': { label: 'contracttool loadSpecFile + matcher', kind: 'ours-extra' },
  lean: { label: 'lean baseline (parse + Ajv addSchema)', kind: 'baseline' },
  'readme-dereference': { label: '@readme/openapi-parser dereference', kind: 'peer' },
  'readme-validate': { label: '@readme/openapi-parser validate', kind: 'peer' },
  'jest-openapi': { label: 'jest-openapi makeApiSpec', kind: 'peer' },
  'openapi-backend': { label: 'openapi-backend init (default)', kind: 'peer' },
  'openapi-backend-quick': { label: 'openapi-backend init (quick)', kind: 'peer' },
  'express-openapi-validator': { label: 'express-openapi-validator ready', kind: 'peer' },
}

const SMOKE_SUBSET = ['json-parse', 'ref-walk', 'ours', 'lean']

function jobsFor(config, specs, toolsFor, sanitized) {
  const jobs = []
  for (const spec of specs) {
    for (const tool of toolsFor(spec)) {
      const args = ['--tool', tool, '--spec', spec]
      if (sanitized) args.push('--sanitized')
      jobs.push({ script: 'load.mjs', args, tool, spec, sanitized, timeoutMs: config.loadTimeoutMs })
    }
  }
  return jobs
}

export async function runLoad(config, { runJobs, progress }) {
  const specs = config.smoke ? ['petstore-3.0', 'petstore-3.1'] : ['github', 'webhooks', 'graph']
  const all = Object.keys(LOAD_TOOLS)
  const toolsFor = (spec) => (config.smoke && spec !== 'petstore-3.0' ? SMOKE_SUBSET : all)
  const published = jobsFor(config, specs, toolsFor, false)
  const results = await runJobs(published, {
    repeats: config.repeats,
    slowMs: config.slowMs,
    onResult: progress,
  })
  // Peers that refuse a published document get a second chance on the sanitized copy, so a number exists.
  const retry = published.filter(
    (job, i) =>
      LOAD_TOOLS[job.tool].kind === 'peer' &&
      results[i].status !== 'ok' &&
      config.sanitizeSpecs.includes(job.spec),
  )
  const retried = await runJobs(
    retry.map((job) => ({ ...job, args: [...job.args, '--sanitized'], sanitized: true })),
    { repeats: config.repeats, slowMs: config.slowMs, onResult: progress },
  )
  return [
    ...published.map((job, i) => ({ ...job, result: results[i] })),
    ...retry.map((job, i) => ({ ...job, sanitized: true, result: retried[i] })),
  ]
}

export function reportLoad(rows) {
  const targets = []
  const notes = footnotes()
  const specs = [...new Set(rows.map((r) => r.spec))]
  const perSpec = {}
  for (const spec of specs) {
    const here = rows.filter((r) => r.spec === spec)
    const pick = (tool) => here.find((r) => r.tool === tool && !r.sanitized)?.result
    const parse = pick('json-parse')
    const walk = pick('ref-walk')
    const ours = pick('ours')
    const bytes = here.find((r) => r.result.bytes)?.result.bytes
    const size =
      bytes === undefined
        ? ''
        : bytes >= 1e6
          ? `, ${(bytes / 1e6).toFixed(1)} MB`
          : `, ${(bytes / 1e3).toFixed(1)} kB`
    console.log(`\n  ${SPECS[spec].label} (${spec}${size})`)
    const sorted = [...here].sort(
      (a, b) =>
        Object.keys(LOAD_TOOLS).indexOf(a.tool) - Object.keys(LOAD_TOOLS).indexOf(b.tool) ||
        a.sanitized - b.sanitized,
    )
    printTable(
      [
        'tool',
        'input',
        'status',
        'load',
        '× parse',
        '× parse+refs',
        '× ours',
        'heap MB',
        'peak RSS MB',
        'runs',
        '±%',
      ],
      sorted.map((row) => {
        const r = row.result
        const ok = r.status === 'ok'
        return [
          LOAD_TOOLS[row.tool].label,
          inputLabel(row),
          statusCell(r, notes, LOAD_TOOLS[row.tool].label, { showWarnings: true }),
          ok ? ms(r.ms) : r.ms === undefined ? undefined : `(fails in ${ms(r.ms)})`,
          ok ? ratio(r.ms, parse?.ms) : undefined,
          ok ? ratio(r.ms, walk?.ms) : undefined,
          ok && row.tool !== 'ours' ? ratio(r.ms, ours?.ms) : undefined,
          ok ? mb(r.heapMB) : undefined,
          mb(r.peakRssMB),
          r.repeats,
          r.spreadPct,
        ]
      }),
    )
    notes.flush()
    const peers = here.filter((r) => LOAD_TOOLS[r.tool].kind === 'peer' && r.result.status === 'ok')
    perSpec[spec] = {
      bytes,
      vsFloor: ours?.status === 'ok' && walk?.status === 'ok' ? ours.ms / walk.ms : undefined,
      slowerPeers: ours?.status === 'ok' ? peers.filter((p) => p.result.ms <= ours.ms) : [],
      peersCompared: peers.length,
      oursOk: ours?.status === 'ok',
    }
  }
  const measured = Object.entries(perSpec).filter(([, v]) => v.vsFloor !== undefined)
  if (measured.length > 0) {
    const largest = measured.reduce((a, b) => ((b[1].bytes ?? 0) > (a[1].bytes ?? 0) ? b : a))
    targets.push({
      target: 'load within 2× of JSON.parse + $ref walk (largest spec)',
      measured: measured.map(([spec, v]) => `${spec} ${v.vsFloor.toFixed(2)}×`).join(', '),
      verdict: largest[1].vsFloor <= 2 ? 'MEET' : 'MISS',
    })
    const beaten = measured.flatMap(([spec, v]) =>
      v.slowerPeers.map((p) => `${p.tool}${p.sanitized ? ' (sanitized)' : ''} on ${spec}`),
    )
    targets.push({
      target: 'load faster than every peer',
      measured:
        beaten.length === 0
          ? `faster than all ${measured.reduce((n, [, v]) => n + v.peersCompared, 0)} peer loads that finished`
          : `not faster than: ${beaten.join('; ')}`,
      verdict: beaten.length === 0 ? 'MEET' : 'MISS',
    })
  } else {
    targets.push({ target: 'spec load', measured: 'our loader did not run', verdict: 'N/A' })
  }
  return targets
}
