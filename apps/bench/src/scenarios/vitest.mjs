// Scenario 5: what the Vitest plugin adds to the wall time of a suite doing real HTTP calls. The same
// generated suite (src/lib/vitest-suite.mjs) runs without the plugin ('off'), with the plugin and a
// `toMatchOpenApiSchema()` in every test ('on') and, in the full run under forks, also with each file
// binding its spec through `openApiSpec()` imported from the package, as the README writes tests ('bound').
// Runs are interleaved, the order flipped every round so a slow moment on the machine does not always hit
// the same config; one untimed warm-up run of each config comes first in the full run. Overhead =
// (on − off) / off, on the best and on the median wall time, per round (the two runs of a round are back
// to back), and on the CPU time of the whole Vitest process tree (Linux), which other work on a shared
// machine disturbs much less. The target is met only when the best times and the median of the per-round
// overheads agree that it is; when they disagree the verdict says UNSURE rather than pick one.
//
// Each run also keeps Vitest's own timings of every test file's phases (cases/vitest-phases-reporter.mjs):
// measured inside the worker, they show what the plugin costs each file (its setup file, the matcher calls
// in the tests) with far less noise than the wall time of a whole run.
//
// The same suite also runs under Jest (pool `jest`): plain Jest ('off') against @contracttool/jest with a
// `toMatchOpenApiSchema()` in every test ('on'), reported and judged like the Vitest rows.
//
// Under Mocha, serial (pool `mocha`): plain Mocha ('off') against @contracttool/mocha/register with an
// `assertResponseMatchesOpenApiSchema(res)` in every test ('on').
//
// And under Playwright Test (pool `playwright`): plain `@playwright/test` ('off') against @contracttool/playwright
// with `await expect(res).toMatchOpenApiSchema()` in every test ('on'), the requests sent through the `request`
// fixture; reported and judged like the Vitest rows.
//
// The full run also times the plugin on GitHub's REST description (a suite replaying recorded GitHub
// responses, `off` and `on`): what a spec of a thousand operations costs each test file. the targets set no number
// for it; the verdict is `info`.

import { median, medianBounds } from '../lib/stats.mjs'
import { ms, printTable } from '../lib/table.mjs'
import { writeVitestGithubSuite, writeVitestSuite } from '../lib/vitest-suite.mjs'
import { footnotes, statusCell } from './shared.mjs'

export const VITEST_CONFIGS = {
  off: 'plain Vitest',
  on: 'plugin + toMatchOpenApiSchema() in every test',
  bound: 'same + openApiSpec() imported in every file',
}

/** The configs of the Jest rows (pool `jest`). */
const JEST_CONFIGS = {
  off: 'plain Jest',
  on: 'withContractTesting() + toMatchOpenApiSchema() in every test',
}

/** The configs of the Mocha rows (pool `mocha`). */
const MOCHA_CONFIGS = {
  off: 'plain Mocha',
  on: '@contracttool/mocha/register + assertResponseMatchesOpenApiSchema() in every test',
}

/** The configs of the Playwright rows (pool `playwright`). */
const PLAYWRIGHT_CONFIGS = {
  off: 'plain Playwright Test',
  on: 'withContractTesting() + await toMatchOpenApiSchema() in every test',
}

/** The pools that are other runners than Vitest. */
const RUNNERS = { jest: 'jest', mocha: 'mocha', playwright: 'playwright' }

// Configs whose tests validate every response: the harness checks the plugin counted them all.
const VALIDATES = new Set(['on', 'bound'])

// Performance target (README): the plugin adds less than this to a suite doing real HTTP calls.
const MAX_OVERHEAD = 0.05
// Confidence of each bound on the median per-round overhead.
const CONFIDENCE = 0.95
// Runs of one config further apart than this: the report says the machine was noisy.
const NOISY_SPREAD_PCT = 20

function plan(config) {
  return config.smoke
    ? {
        files: 4,
        testsPerFile: 25,
        // No warm-up: the first run pays for a cold disk cache, so the plugin's config goes first.
        warmUp: false,
        reverseFirstRound: true,
        pools: [
          { suite: 'petstore', pool: 'forks', variants: ['off', 'on'], repeats: 1 },
          { suite: 'petstore', pool: 'jest', variants: ['off', 'on'], repeats: 1 },
          { suite: 'petstore', pool: 'mocha', variants: ['off', 'on'], repeats: 1 },
          { suite: 'petstore', pool: 'playwright', variants: ['off', 'on'], repeats: 1 },
        ],
      }
    : {
        files: 20,
        testsPerFile: 25,
        warmUp: true,
        reverseFirstRound: false,
        github: { files: 10, testsPerFile: 10 },
        pools: [
          // Enough rounds for the sign test to bound the median away from the extremes: with 15, the bounds
          // are the 4th smallest and the 4th largest overhead; with 9, the 2nd.
          { suite: 'petstore', pool: 'forks', variants: ['off', 'on', 'bound'], repeats: 15 },
          { suite: 'petstore', pool: 'threads', variants: ['off', 'on'], repeats: 9 },
          { suite: 'petstore', pool: 'jest', variants: ['off', 'on'], repeats: 9 },
          { suite: 'petstore', pool: 'mocha', variants: ['off', 'on'], repeats: 9 },
          { suite: 'petstore', pool: 'playwright', variants: ['off', 'on'], repeats: 9 },
          { suite: 'github', pool: 'forks', variants: ['off', 'on'], repeats: 5 },
        ],
      }
}

/** Best and median wall and CPU time of the runs; any run that did not finish cleanly makes the row an error. */
function fold(runs) {
  const bad = runs.find((r) => r.status !== 'ok')
  if (bad !== undefined) return { ...bad, repeats: runs.length }
  const times = runs.map((r) => r.ms)
  const cpu = runs.every((r) => Number.isFinite(r.cpuMs)) ? runs.map((r) => r.cpuMs) : undefined
  const best = Math.min(...times)
  const retried = runs.filter((r) => r.retriedAfter !== undefined)
  return {
    ...runs[0],
    retried:
      retried.length > 0 ? `${retried.length} run(s) repeated after: ${retried[0].retriedAfter}` : undefined,
    ms: best,
    medianMs: median(times),
    runsMs: times,
    cpuMs: cpu && Math.min(...cpu),
    cpuMedianMs: cpu && median(cpu),
    runsCpuMs: cpu,
    repeats: runs.length,
    phases: foldPhases(runs.map((r) => r.phases)),
    spreadPct: runs.length > 1 ? Math.round(((Math.max(...times) - best) / best) * 100) : undefined,
  }
}

/** Per phase, the median over the runs of each run's median test file (undefined when a run kept none). */
function foldPhases(perRun) {
  if (perRun.length === 0 || perRun.some((p) => p === undefined)) return undefined
  return Object.fromEntries(Object.keys(perRun[0]).map((key) => [key, median(perRun.map((p) => p[key]))]))
}

export async function runVitest(config, { runJobs, progress }) {
  const { files, testsPerFile, github, warmUp, reverseFirstRound, pools } = plan(config)
  const suites = {
    petstore: { ...writeVitestSuite({ files, testsPerFile }), files, spec: 'petstore' },
  }
  if (github !== undefined) {
    suites.github = { ...(await writeVitestGithubSuite(github)), files: github.files, spec: 'github' }
  }
  const rows = []
  for (const { suite: suiteKey, pool, variants, repeats } of pools) {
    const suite = suites[suiteKey]
    const runner = RUNNERS[pool] ?? 'vitest'
    const jobs = variants.map((variant) => ({
      script: 'vitest-run.mjs',
      args: [
        '--suite',
        runner === 'mocha' ? suite.mochaRoot : suite.dir,
        '--config',
        runner === 'vitest' ? suite.configs[variant] : suite[`${runner}Configs`][variant],
        '--variant',
        variant,
        '--tests',
        String(suite.tests),
        ...(runner === 'vitest' ? ['--pool', pool] : ['--runner', runner]),
        ...(VALIDATES.has(variant)
          ? [
              '--coverage-json',
              runner === 'vitest' ? suite.coverageJson[variant] : suite.coverageJson[runner],
            ]
          : []),
      ],
      tool: variant === 'off' ? runner : 'ours',
      spec: suite.spec,
      label: `${variant} ${pool}${suiteKey === 'petstore' ? '' : ` ${suiteKey}`}`,
      suite: suiteKey,
      exchanges: suite.exchanges,
      variant,
      pool,
      files: suite.files,
      tests: suite.tests,
      timeoutMs: 300_000,
    }))
    if (warmUp) {
      await runJobs(
        jobs.map((job) => ({ ...job, label: `${job.label} warm-up` })),
        { repeats: 1, onResult: progress },
      )
    }
    const runs = jobs.map(() => [])
    for (let round = 0; round < repeats; round++) {
      const order = jobs.map((_, i) => i)
      if (round % 2 === (reverseFirstRound ? 0 : 1)) order.reverse()
      // A config that failed is not run again.
      const todo = order.filter((i) => runs[i].every((r) => r.status === 'ok'))
      const results = await runJobs(
        todo.map((i) => jobs[i]),
        { repeats: 1, onResult: (job, result) => progress?.(job, result, round) },
      )
      for (const [k, i] of todo.entries()) {
        let result = results[k]
        // A file that did not load (a package being rebuilt while the suite started) gets one more run,
        // reported with the row; failed tests never do.
        if (result.loadFailure) {
          const [again] = await runJobs([jobs[i]], {
            repeats: 1,
            onResult: (job, r) => progress?.({ ...job, label: `${job.label} again` }, r, round),
          })
          result = { ...again, retriedAfter: result.error }
        }
        runs[i].push({ ...result, round })
      }
    }
    jobs.forEach((job, i) => {
      rows.push({ ...job, result: { ...fold(runs[i]), rounds: runs[i].map((r) => r.round) } })
    })
  }
  return rows
}

function pct(value) {
  if (value === undefined || !Number.isFinite(value)) return undefined
  return `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`
}

/**
 * (variant − off) / off on the best and the median, and per round (the two runs of a round are back to
 * back) with the median of those and its one-sided bounds; on wall time (`ms`) or CPU time (`cpuMs`).
 */
function overhead(row, off, key = 'ms') {
  const r = row?.result
  const o = off?.result
  if (r?.status !== 'ok' || o?.status !== 'ok') return undefined
  const runs = key === 'ms' ? ['runsMs', 'medianMs'] : ['runsCpuMs', 'cpuMedianMs']
  if (!Number.isFinite(r[key]) || !Number.isFinite(o[key])) return undefined
  const perRound = []
  r.rounds.forEach((round, i) => {
    const j = o.rounds.indexOf(round)
    if (j !== -1) perRound.push(r[runs[0]][i] / o[runs[0]][j] - 1)
  })
  // Paired: the two runs of a round are back to back, so a slow stretch of the machine hits both.
  const bounds = medianBounds(perRound, CONFIDENCE)
  return {
    best: r[key] / o[key] - 1,
    median: r[runs[1]] / o[runs[1]] - 1,
    roundMedian: median(perRound),
    lower: bounds.lower,
    upper: bounds.upper,
    rounds: perRound.length,
    min: Math.min(...perRound),
    max: Math.max(...perRound),
  }
}

/**
 * MEET when the median per-round overhead is under the target with 95% confidence (its upper bound is),
 * MISS when it is at or over the target with 95% confidence; UNSURE when the target lies between the bounds.
 */
function verdictOf(wall) {
  if (wall.upper < MAX_OVERHEAD) return 'MEET'
  if (wall.lower >= MAX_OVERHEAD) return 'MISS'
  return 'UNSURE'
}

/** Vitest's own per-file timings of a config against `off`: medians over the files, then over the runs. */
function describePhases(row, off) {
  const p = row.result.phases
  const o = off?.result.phases
  if (row.result.status !== 'ok' || p === undefined || o === undefined) return undefined
  const phase = (key) => `${Math.round(p[key] * 10) / 10} ms (off ${Math.round(o[key] * 10) / 10} ms)`
  return `per test file, Vitest's timings in the worker (medians): setup files ${phase('setupMs')}, tests ${phase('testsMs')}, imports ${phase('collectMs')}`
}

/** The median per-round overhead with its bounds, `+1.2% (95%: −0.4% … +3.1%, 15 rounds)`. */
function describeRounds(o) {
  const bound = (value) => (Number.isFinite(value) ? pct(value) : value > 0 ? '+∞' : '−∞')
  return `${pct(o.roundMedian)} (${CONFIDENCE * 100}%: ${bound(o.lower)} … ${bound(o.upper)}, ${o.rounds} round${o.rounds === 1 ? '' : 's'})`
}

function describe(o) {
  return `${pct(o.best)} best, ${pct(o.median)} median; per round ${describeRounds(o)}, from ${pct(o.min)} to ${pct(o.max)}`
}

export function reportVitest(rows) {
  const targets = []
  const notes = footnotes()
  const groups = [...new Set(rows.map((r) => `${r.suite}/${r.pool}`))]
  for (const group of groups) {
    const here = rows.filter((r) => `${r.suite}/${r.pool}` === group)
    const { suite, pool, files, tests, exchanges } = here[0]
    const off = here.find((r) => r.variant === 'off')
    const jest = pool === 'jest'
    const mocha = pool === 'mocha'
    const playwright = pool === 'playwright'
    console.log(
      suite === 'github'
        ? `\n  GitHub REST description (13 MB, 1,223 operations): ${tests} tests in ${files} files, each replaying one of ${exchanges} recorded GitHub responses; pool ${pool}`
        : playwright
          ? `\n  ${tests} tests in ${files} files, one request of the request fixture each; Playwright Test (its default workers)`
          : `\n  ${tests} tests in ${files} files, one supertest request each; ${jest ? 'Jest (ESM test files, its default workers)' : mocha ? 'Mocha (ESM test files, serial)' : `pool ${pool}`}`,
    )
    printTable(
      [
        'config',
        'status',
        'tests',
        'validated',
        'wall best',
        'median',
        'vs off (best)',
        'vs off (median)',
        'CPU best',
        'CPU vs off',
        'runs',
        '±%',
      ],
      here.map((row) => {
        const r = row.result
        const ok = r.status === 'ok'
        const o = row.variant === 'off' ? undefined : overhead(row, off)
        const c = row.variant === 'off' ? undefined : overhead(row, off, 'cpuMs')
        return [
          (jest ? JEST_CONFIGS : mocha ? MOCHA_CONFIGS : playwright ? PLAYWRIGHT_CONFIGS : VITEST_CONFIGS)[
            row.variant
          ],
          statusCell(r, notes, `${row.variant} ${pool}`),
          r.tests?.passed,
          ok ? r.coverage?.validated : undefined,
          ok ? ms(r.ms) : undefined,
          ok ? ms(r.medianMs) : undefined,
          pct(o?.best),
          pct(o?.median),
          ok ? ms(r.cpuMs) : undefined,
          pct(c?.best),
          r.repeats,
          r.spreadPct,
        ]
      }),
    )
    for (const row of here) {
      if (row.result.retried !== undefined) console.log(`    ${row.variant}: ${row.result.retried}`)
    }
    notes.flush()
    for (const [what, row] of [
      ['(on − off) / off', here.find((r) => r.variant === 'on')],
      ['(bound − off) / off', here.find((r) => r.variant === 'bound')],
    ]) {
      const w = overhead(row, off)
      const c = overhead(row, off, 'cpuMs')
      if (w !== undefined) console.log(`    ${what}, wall: ${describe(w)}`)
      if (c !== undefined) console.log(`    ${what}, CPU:  ${describe(c)}`)
    }
    for (const row of here.filter((r) => r.variant !== 'off')) {
      const line = describePhases(row, off)
      if (line !== undefined) console.log(`    ${row.variant}, ${line}`)
    }
    if (suite === 'github') {
      const on = here.find((r) => r.variant === 'on')
      const wall = overhead(on, off)
      const cpu = overhead(on, off, 'cpuMs')
      const perFile = (key) =>
        on?.result.status === 'ok' && off?.result.status === 'ok'
          ? `${Math.round((on.result[key] - off.result[key]) / files)} ms`
          : '?'
      if (wall !== undefined) {
        console.log(
          `    per test file (best − best) / files: wall ${perFile('ms')}${cpu === undefined ? '' : `, CPU ${perFile('cpuMs')}`}`,
        )
      }
      targets.push({
        target: `Vitest plugin on GitHub's REST description (${tests} tests in ${files} files, real HTTP, pool ${pool})`,
        measured:
          wall === undefined
            ? 'not measured'
            : `wall ${pct(wall.best)} best, ${pct(wall.median)} median; ${perFile('ms')} per test file`,
        verdict: wall === undefined ? 'N/A' : 'info',
      })
      continue
    }
    for (const row of here.filter((r) => VALIDATES.has(r.variant))) {
      const wall = overhead(row, off)
      const cpu = overhead(row, off, 'cpuMs')
      const spread = Math.max(row.result.spreadPct ?? 0, off?.result.spreadPct ?? 0)
      const usage = row.variant === 'bound' ? ', openApiSpec() in every file' : ''
      targets.push({
        target: jest
          ? `Jest binding overhead under ${MAX_OVERHEAD * 100}% (${tests} tests, real HTTP, Jest)`
          : mocha
            ? `Mocha binding overhead under ${MAX_OVERHEAD * 100}% (${tests} tests, real HTTP, Mocha serial)`
            : playwright
              ? `Playwright binding overhead under ${MAX_OVERHEAD * 100}% (${tests} tests, real HTTP, Playwright Test)`
              : `Vitest plugin overhead under ${MAX_OVERHEAD * 100}% (${tests} tests, real HTTP${usage}, pool ${pool})`,
        measured:
          wall === undefined
            ? 'not measured'
            : `wall per round ${describeRounds(wall)}, ${pct(wall.best)} best${cpu === undefined ? '' : `; CPU per round ${pct(cpu.roundMedian)}`}`,
        verdict:
          wall === undefined
            ? 'N/A'
            : `${verdictOf(wall)}${spread > NOISY_SPREAD_PCT ? ` (noisy: runs ±${spread}%)` : ''}`,
      })
    }
  }
  return targets
}
