// Scenario 2: path matching, correctness on every concrete path of a spec and cost per match; then the
// same queries against a growing number of templates.
import { SPECS } from '../lib/specs.mjs'
import { printTable, ratio, us } from '../lib/table.mjs'
import { footnotes, statusCell } from './shared.mjs'

export const MATCH_TOOLS = {
  ours: 'contracttool getPathMatcher (segment trie)',
  'regex-scan': 'linear regex scan (precompiled, most specific wins)',
  'jest-openapi': "jest-openapi's path lookup (path-parser scan)",
  'openapi-backend': 'openapi-backend router.matchOperation',
}

// Growth of the cost per match from the smallest to the largest subset beyond which matching is not
// "independent of the number of paths".
export const MAX_GROWTH = 2

export async function runMatch(config, { runJobs, progress }) {
  const specs = config.smoke ? ['petstore-3.0', 'github'] : ['petstore-3.0', 'github', 'graph']
  const budgetArgs = [
    '--budget',
    String(config.matchBudgetMs),
    '--check-budget',
    String(config.matchCheckBudgetMs),
  ]
  const jobs = []
  for (const spec of specs) {
    for (const tool of Object.keys(MATCH_TOOLS)) {
      if (config.smoke && spec === 'github' && tool === 'openapi-backend') continue
      jobs.push({
        script: 'match.mjs',
        args: ['--tool', tool, '--spec', spec, ...budgetArgs],
        tool,
        spec,
        timeoutMs: config.matchTimeoutMs,
      })
    }
  }
  const scaling = config.smoke
    ? { spec: 'github', sizes: [64, 811], queries: 64, tools: ['ours', 'regex-scan'] }
    : {
        spec: 'graph',
        sizes: [128, 1024, 14227],
        queries: 128,
        tools: ['ours', 'regex-scan', 'openapi-backend'],
      }
  for (const size of scaling.sizes) {
    for (const tool of scaling.tools) {
      jobs.push({
        script: 'match.mjs',
        args: [
          '--tool',
          tool,
          '--spec',
          scaling.spec,
          '--subset',
          String(size),
          '--queries',
          String(scaling.queries),
          ...budgetArgs,
        ],
        tool,
        spec: scaling.spec,
        subset: size,
        timeoutMs: config.matchTimeoutMs,
      })
    }
  }
  const results = await runJobs(jobs, { repeats: config.repeats, slowMs: config.slowMs, onResult: progress })
  return jobs.map((job, i) => ({ ...job, result: results[i] }))
}

export function reportMatch(rows) {
  const targets = []
  const notes = footnotes()
  const full = rows.filter((r) => r.subset === undefined)
  for (const spec of [...new Set(full.map((r) => r.spec))]) {
    const here = full.filter((r) => r.spec === spec)
    const ours = here.find((r) => r.tool === 'ours')?.result
    console.log(
      `\n  ${SPECS[spec].label}: ${here.find((r) => r.result.templates)?.result.templates ?? '?'} path templates, one concrete path each`,
    )
    printTable(
      [
        'matcher',
        'status',
        'checked',
        'wrong',
        'no match',
        'threw',
        'per match',
        '× ours',
        'build',
        'runs',
        '±%',
      ],
      here.map((row) => {
        const r = row.result
        const ok = r.status === 'ok'
        return [
          MATCH_TOOLS[row.tool],
          ok && r.errors > 0
            ? `ok, threw [${notes.add(row.tool, r.firstError)}]`
            : statusCell(r, notes, row.tool),
          ok ? `${r.checked}${r.checked < r.queries ? ` of ${r.queries}` : ''}` : undefined,
          r.wrong,
          r.missed,
          r.errors,
          ok ? us(r.usPerMatch) : undefined,
          ok && row.tool !== 'ours' ? ratio(r.usPerMatch, ours?.usPerMatch) : undefined,
          ok ? `${r.buildMs} ms` : undefined,
          r.repeats,
          r.spreadPct,
        ]
      }),
    )
    for (const row of here) {
      if ((row.result.wrong ?? 0) + (row.result.missed ?? 0) > 0 && row.result.wrongExamples?.length > 0) {
        console.log(`    e.g. ${row.tool}: ${row.result.wrongExamples[0]}`)
      }
    }
    notes.flush()
  }

  const scaled = rows.filter((r) => r.subset !== undefined)
  if (scaled.length > 0) {
    const sizes = [...new Set(scaled.map((r) => r.subset))].sort((a, b) => a - b)
    const spec = scaled[0].spec
    const queries = scaled.find((r) => r.result.queries)?.result.queries
    console.log(
      `\n  Cost per match vs number of templates (${SPECS[spec].label}, the same ${queries ?? '?'} queries each time)`,
    )
    const tools = [...new Set(scaled.map((r) => r.tool))]
    const growth = {}
    printTable(
      ['matcher', ...sizes.map((s) => `${s} paths`), `growth ${sizes[0]}→${sizes.at(-1)}`],
      tools.map((tool) => {
        const cells = sizes.map((size) => scaled.find((r) => r.tool === tool && r.subset === size)?.result)
        const first = cells[0]?.usPerMatch
        const last = cells.at(-1)?.usPerMatch
        growth[tool] = Number.isFinite(first) && Number.isFinite(last) ? last / first : undefined
        return [
          MATCH_TOOLS[tool],
          ...cells.map((r) => (r?.status === 'ok' ? us(r.usPerMatch) : r?.status)),
          ratio(last, first),
        ]
      }),
    )
    targets.push({
      target: `matching cost independent of path count (≤ ${MAX_GROWTH}× from ${sizes[0]} to ${sizes.at(-1)} paths)`,
      measured:
        growth.ours === undefined
          ? 'not measured'
          : `ours ${growth.ours.toFixed(2)}×, linear scan ${growth['regex-scan']?.toFixed(0) ?? '?'}×`,
      verdict: growth.ours === undefined ? 'N/A' : growth.ours <= MAX_GROWTH ? 'MEET' : 'MISS',
    })
  }
  const wrongOurs = full.filter((r) => r.tool === 'ours' && r.result.status === 'ok')
  if (wrongOurs.length > 0) {
    targets.push({
      target: 'matcher picks the right template (literal beats templated)',
      measured: wrongOurs
        .map((r) => `${r.spec}: ${r.result.wrong} wrong, ${r.result.missed} unmatched of ${r.result.checked}`)
        .join('; '),
      verdict: wrongOurs.every((r) => r.result.wrong + r.result.missed === 0) ? 'MEET' : 'MISS',
    })
  }
  return targets
}
