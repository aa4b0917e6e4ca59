// Scenario 3: response validation on the real GitHub recordings and on the petstore corpus.
import { CORPORA, prepareCorpus, readPreparedCorpus } from '../lib/corpus.mjs'
import { mb, ms, printTable, ratio, us } from '../lib/table.mjs'
import { cleanRun, footnotes, inputLabel, statusCell, verdictCounts } from './shared.mjs'

export const VALIDATE_TOOLS = {
  ours: { label: 'contracttool validateResponse', kind: 'ours' },
  lean: { label: 'lean baseline', kind: 'baseline' },
  'jest-openapi': { label: 'jest-openapi engine', kind: 'peer' },
  'openapi-response-validator': { label: 'openapi-response-validator (checks no format)', kind: 'peer' },
  'openapi-response-validator-formats': {
    label: 'openapi-response-validator + ajv-formats',
    kind: 'peer',
  },
  'openapi-backend-quick': { label: 'openapi-backend (quick)', kind: 'peer' },
  'express-openapi-validator': { label: 'express-openapi-validator (HTTP)', kind: 'peer' },
}

// The performance targets' thresholds (README).
const LEAN_FACTOR = 1.2
const JEST_FACTOR = 10

function job(config, corpusKey, corpusFile, tool, sanitized) {
  const corpus = CORPORA[corpusKey]
  const args =
    tool === 'express-openapi-validator'
      ? [
          '--spec',
          corpus.spec,
          '--corpus-file',
          corpusFile,
          '--budget',
          String(config.validateBudgetMs),
          '--max-passes',
          String(config.httpMaxPasses),
        ]
      : [
          '--tool',
          tool,
          '--spec',
          corpus.spec,
          '--corpus-file',
          corpusFile,
          '--strip-prefix',
          corpus.stripPrefix,
          '--budget',
          String(config.validateBudgetMs),
        ]
  if (sanitized) args.push('--sanitized')
  return {
    script: tool === 'express-openapi-validator' ? 'validate-express.mjs' : 'validate.mjs',
    args,
    tool,
    corpus: corpusKey,
    spec: corpus.spec,
    corpusFile,
    sanitized,
    timeoutMs: config.validateTimeoutMs,
  }
}

export async function runValidate(config, { runJobs, progress }) {
  const plan = config.smoke
    ? [
        { corpus: 'petstore-3.0', tools: Object.keys(VALIDATE_TOOLS) },
        { corpus: 'github', limit: 10, tools: ['ours', 'lean', 'jest-openapi'] },
      ]
    : [
        { corpus: 'github', tools: Object.keys(VALIDATE_TOOLS) },
        { corpus: 'petstore-3.0', tools: Object.keys(VALIDATE_TOOLS) },
        { corpus: 'petstore-3.1', tools: Object.keys(VALIDATE_TOOLS) },
      ]
  const jobs = plan.flatMap(({ corpus, limit, tools }) => {
    const file = prepareCorpus(corpus, { limit })
    return tools.map((tool) => job(config, corpus, file, tool, false))
  })
  const results = await runJobs(jobs, { repeats: config.repeats, slowMs: config.slowMs, onResult: progress })
  const retry = jobs.filter(
    (j, i) =>
      VALIDATE_TOOLS[j.tool].kind === 'peer' &&
      config.sanitizeSpecs.includes(j.spec) &&
      (results[i].status !== 'ok' || (results[i].counts?.error ?? 0) > 0),
  )
  const retried = await runJobs(
    retry.map((j) => job(config, j.corpus, j.corpusFile, j.tool, true)),
    { repeats: config.repeats, slowMs: config.slowMs, onResult: progress },
  )
  return [
    ...jobs.map((j, i) => ({ ...j, result: results[i] })),
    ...retry.map((j, i) => ({ ...j, sanitized: true, result: retried[i] })),
  ]
}

// A petstore entry may also be skipped by design (for example a 5XX under the default skip patterns).
function isExpected(verdict, ex) {
  return verdict === ex.expect || (verdict === 'skipped' && ex.skipOk === true)
}

function disagreements(a, b) {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return undefined
  // 'skipped' is neither a pass nor a fail: compare pass/fail only.
  return a.filter((v, i) => v !== 'skipped' && b[i] !== 'skipped' && v !== b[i]).length
}

export function reportValidate(rows) {
  const targets = []
  const notes = footnotes()
  for (const corpusKey of [...new Set(rows.map((r) => r.corpus))]) {
    const here = rows.filter((r) => r.corpus === corpusKey)
    const exchanges = readPreparedCorpus(here[0].corpusFile)
    const expected = exchanges.every((ex) => ex.expect) ? exchanges.map((ex) => ex.expect) : undefined
    const ours = here.find((r) => r.tool === 'ours')?.result
    const lean = here.find((r) => r.tool === 'lean')?.result
    const ops = new Set(exchanges.map((ex) => ex.opKey)).size
    console.log(`\n  ${CORPORA[corpusKey].label}: ${exchanges.length} responses, ${ops} operations`)
    const order = Object.keys(VALIDATE_TOOLS)
    const sorted = [...here].sort(
      (a, b) => order.indexOf(a.tool) - order.indexOf(b.tool) || a.sanitized - b.sanitized,
    )
    printTable(
      [
        'tool',
        'input',
        'status',
        'ready',
        'first pass',
        'first call',
        'steady',
        'steady ok',
        'peak RSS MB',
        'heap MB',
        'runs',
        '±%',
      ],
      sorted.map((row) => {
        const r = row.result
        const ok = r.status === 'ok'
        return [
          VALIDATE_TOOLS[row.tool].label,
          inputLabel(row),
          statusCell(r, notes, VALIDATE_TOOLS[row.tool].label),
          ok ? ms(r.readyMs) : r.readyMs === undefined ? undefined : `(fails in ${ms(r.readyMs)})`,
          ok ? ms(r.firstPassMs) : undefined,
          ok ? ms(r.firstCallMedianMs) : undefined,
          ok ? us(r.steadyUs) : undefined,
          ok ? us(r.steadyOkUs) : undefined,
          mb(r.peakRssMB),
          ok ? mb(r.heapFirstPassMB) : undefined,
          r.repeats,
          r.spreadPct,
        ]
      }),
    )
    notes.flush()
    console.log('\n    ratios (tool / ours; above 1 means ours is ahead) and verdicts')
    printTable(
      [
        'tool',
        'input',
        'ready',
        'first pass',
        'first call',
        'steady',
        'steady ok',
        'peak RSS',
        'verdicts',
        '≠ ours',
        expected ? 'right' : '≠ lean',
      ],
      sorted.map((row) => {
        const r = row.result
        const ok = r.status === 'ok'
        return [
          VALIDATE_TOOLS[row.tool].label,
          inputLabel(row),
          ok ? ratio(r.readyMs, ours?.readyMs) : undefined,
          ok ? ratio(r.firstPassMs, ours?.firstPassMs) : undefined,
          ok ? ratio(r.firstCallMedianMs, ours?.firstCallMedianMs) : undefined,
          ok ? ratio(r.steadyUs, ours?.steadyUs) : undefined,
          ok ? ratio(r.steadyOkUs, ours?.steadyOkUs) : undefined,
          ratio(r.peakRssMB, ours?.peakRssMB),
          verdictCounts(r.counts),
          row.tool === 'ours' ? undefined : disagreements(r.verdicts, ours?.verdicts),
          expected
            ? Array.isArray(r.verdicts)
              ? `${r.verdicts.filter((v, i) => isExpected(v, exchanges[i])).length}/${expected.length}`
              : undefined
            : row.tool === 'lean'
              ? undefined
              : disagreements(r.verdicts, lean?.verdicts),
        ]
      }),
    )
    if (expected && Array.isArray(ours?.verdicts)) {
      const misses = exchanges
        .map((ex, i) =>
          !isExpected(ours.verdicts[i], ex)
            ? `${ex.method} ${ex.requestPath} ${ex.status} → ${ours.verdicts[i]} (expected ${expected[i]})`
            : undefined,
        )
        .filter(Boolean)
      if (misses.length > 0)
        console.log(`    ours differs from the expected verdict on: ${misses.join('; ')}`)
    }

    // The targets are judged on the real recordings; the petstore corpora are for behaviour.
    if (corpusKey === 'github') {
      targets.push(...validationTargets(here, ours, lean))
    }
  }
  return targets
}

function validationTargets(here, ours, lean) {
  const targets = []
  if (ours?.status !== 'ok' || lean?.status !== 'ok') {
    targets.push({
      target: 'response validation',
      measured: 'ours or the lean baseline did not run',
      verdict: 'N/A',
    })
    return targets
  }
  const format = (key, value) =>
    key.endsWith('Us') ? us(value) : key.endsWith('MB') ? `${mb(value)} MB` : ms(value)
  const within = (name, key) => {
    const r = ours[key] / lean[key]
    targets.push({
      target: `${name} within ${LEAN_FACTOR}× the lean baseline`,
      measured: `${r.toFixed(2)}× (${format(key, ours[key])} vs ${format(key, lean[key])})`,
      verdict: r <= LEAN_FACTOR ? 'MEET' : 'MISS',
    })
  }
  within('steady state, all responses', 'steadyUs')
  within('steady state, accepted responses only', 'steadyOkUs')
  within('first pass', 'firstPassMs')
  within('peak RSS', 'peakRssMB')
  const jestBest = cleanRun(here, 'jest-openapi')?.result.steadyUs
  if (jestBest !== undefined) {
    const r = jestBest / ours.steadyUs
    targets.push({
      target: `steady state ≥ ${JEST_FACTOR}× faster than jest-openapi's engine`,
      measured: `${r.toFixed(0)}× (${us(jestBest)} vs ${us(ours.steadyUs)})`,
      verdict: r >= JEST_FACTOR ? 'MEET' : 'MISS',
    })
  }
  // Each peer on its run without errors (published when clean, else sanitized): a run that crashed on
  // most responses never compiled anything and would flatter it.
  const peerTools = Object.keys(VALIDATE_TOOLS).filter(
    (tool) => VALIDATE_TOOLS[tool].kind === 'peer' && here.some((r) => r.tool === tool),
  )
  const peers = peerTools.map((tool) => cleanRun(here, tool)).filter((row) => row !== undefined)
  const unusable = peerTools.filter((tool) => cleanRun(here, tool) === undefined)
  for (const [name, key] of [
    ['steady state', 'steadyUs'],
    ['steady state on accepted responses', 'steadyOkUs'],
    ['first pass', 'firstPassMs'],
    ['first-call latency', 'firstCallMedianMs'],
    ['peak RSS', 'peakRssMB'],
  ]) {
    const compared = peers.filter((p) => Number.isFinite(p.result[key]))
    const ahead = compared.filter((p) => p.result[key] <= ours[key])
    targets.push({
      target: `${name} ahead of every peer`,
      measured:
        (ahead.length === 0
          ? `ahead of all ${compared.length} peers with a clean run`
          : `behind: ${ahead.map((p) => `${VALIDATE_TOOLS[p.tool].label}${p.sanitized ? ' (sanitized)' : ''} ${ratio(ours[key], p.result[key])}`).join(', ')}`) +
        (unusable.length > 0 ? ` (no clean run: ${unusable.join(', ')})` : ''),
      verdict: compared.length === 0 ? 'N/A' : ahead.length === 0 ? 'MEET' : 'MISS',
    })
  }
  return targets
}
