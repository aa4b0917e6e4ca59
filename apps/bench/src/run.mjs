// contracttool benchmark, side by side with the peer tools on real OpenAPI documents (targets: README, "Reading the targets").
//
//   node src/run.mjs            full run (several minutes), writes results/latest.json
//   node src/run.mjs --smoke    petstore fixtures + a slice of GitHub, well under a minute,
//                               writes results/latest-smoke.json
//   options: --only load,match,validate,merge,vitest,streams,traffic   --repeats N   --out <file>
//
// Every (tool, scenario) runs in a fresh `node --expose-gc` process (src/cases/*.mjs) that prints one
// JSON line; this file plans the runs, folds repeats (best time, median memory), prints tables with
// ratios and the performance-target verdicts. Nothing here asserts a time: the exit code is 1 only when our own
// packages could not be run at all.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { oursAvailability } from './lib/ours.mjs'
import { peerVersions } from './lib/peers.mjs'
import { runJobs } from './lib/runner.mjs'
import { BENCH_ROOT, SPECS, sanitizeStats, specFile } from './lib/specs.mjs'
import { printTable } from './lib/table.mjs'
import { SCENARIOS } from './scenarios/index.mjs'

const USAGE =
  'usage: node src/run.mjs [--smoke] [--only load,match,validate,merge,vitest,streams,traffic] [--repeats N] [--out <file>] [--quiet]'

const options = readOptions(process.argv.slice(2))

/** The command line's options; an unknown or malformed one prints the usage and exits 2. */
function readOptions(args) {
  try {
    return parseArgs({
      args,
      options: {
        smoke: { type: 'boolean', default: false },
        only: { type: 'string' },
        repeats: { type: 'string' },
        out: { type: 'string' },
        quiet: { type: 'boolean', default: false },
      },
      strict: true,
    }).values
  } catch (error) {
    usageError(error.message)
  }
}

function usageError(message) {
  process.stderr.write(`bench: ${message}\n${USAGE}\n`)
  process.exit(2)
}

const config = options.smoke
  ? {
      smoke: true,
      repeats: 1,
      slowMs: 0,
      loadTimeoutMs: 60_000,
      matchBudgetMs: 150,
      matchCheckBudgetMs: 1_500,
      matchTimeoutMs: 60_000,
      validateBudgetMs: 250,
      validateTimeoutMs: 60_000,
      httpMaxPasses: 3,
      sanitizeSpecs: [],
    }
  : {
      smoke: false,
      repeats: 3,
      // A run longer than this is not repeated (the slow peers take minutes).
      slowMs: 30_000,
      loadTimeoutMs: 240_000,
      matchBudgetMs: 2_000,
      matchCheckBudgetMs: 15_000,
      matchTimeoutMs: 120_000,
      validateBudgetMs: 3_000,
      validateTimeoutMs: 300_000,
      httpMaxPasses: 20,
      sanitizeSpecs: ['github', 'graph'],
    }
if (options.repeats !== undefined) {
  if (!/^[1-9]\d*$/.test(options.repeats))
    usageError(`--repeats must be a positive integer, got '${options.repeats}'`)
  config.repeats = Number(options.repeats)
}
const only = options.only?.split(',').map((s) => s.trim())
const unknown = only?.filter((id) => !SCENARIOS.some((scenario) => scenario.id === id)) ?? []
if (unknown.length > 0) usageError(`--only names no scenario '${unknown.join("', '")}'`)

const startedAt = new Date()
const loadBefore = os.loadavg()
console.log(`contracttool bench (${config.smoke ? 'smoke' : 'full'})  ${startedAt.toISOString()}`)
console.log(
  `  node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')}`,
)
console.log(
  `  each case runs in a fresh process; ${config.repeats} run(s) per case, best time and median memory kept; ±% = spread of the main time between runs`,
)

const availability = await oursAvailability()
const missing = Object.entries(availability).filter(([, v]) => v !== true)
for (const [name, why] of missing) console.log(`  ! ${name}: ${why}`)

// Sanitized copies are written here, before any measured process starts.
for (const key of config.sanitizeSpecs) specFile(key, { sanitized: true })

const progress = options.quiet
  ? undefined
  : (job, result, round) => {
      const what = [
        job.tool,
        job.spec ?? job.corpus,
        job.subset,
        job.label,
        job.sanitized ? 'sanitized' : undefined,
      ]
        .filter((x) => x !== undefined)
        .join(' ')
      const main = result.steadyUs ?? result.usPerMatch ?? result.ms ?? result.readyMs
      process.stderr.write(
        `  · ${job.script.replace('.mjs', '')} ${what}${round > 0 ? ` (run ${round + 1})` : ''}: ${result.status}${
          main !== undefined ? ` ${main}` : ''
        } [${(result.wallMs / 1000).toFixed(1)} s]\n`,
      )
    }

const report = {
  startedAt: startedAt.toISOString(),
  mode: config.smoke ? 'smoke' : 'full',
  node: process.version,
  cpus: os.cpus().length,
  loadAverage: { before: loadBefore },
  config,
  versions: peerVersions(),
  ours: availability,
  sanitized: Object.fromEntries(config.sanitizeSpecs.map((key) => [key, sanitizeStats(key)])),
  scenarios: {},
  targets: [],
}

for (const scenario of SCENARIOS) {
  if (only !== undefined && !only.includes(scenario.id)) continue
  console.log(`\n${scenario.title}`)
  if (scenario.pending !== undefined) {
    console.log(`  pending: ${scenario.pending}`)
    report.scenarios[scenario.id] = { pending: scenario.pending }
    continue
  }
  const rows = await scenario.run(config, { runJobs, progress })
  report.targets.push(...scenario.report(rows).map((t) => ({ scenario: scenario.id, ...t })))
  report.scenarios[scenario.id] = rows.map(({ script, args, timeoutMs, ...row }) => row)
}

report.loadAverage.after = os.loadavg()
report.finishedAt = new Date().toISOString()

console.log(
  `\nPerformance targets${config.smoke ? ' (smoke run: tiny inputs, one run each; indicative only, judge on the full run)' : ''}`,
)
printTable(
  ['target', 'measured', 'verdict'],
  report.targets.map((t) => [t.target, t.measured, t.verdict]),
)
console.log(
  `\n  load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after ${report.loadAverage.after
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores: compare ratios, not absolute times.`,
)
if (config.sanitizeSpecs.length > 0) {
  const stats = config.sanitizeSpecs
    .map((key) => {
      const s = sanitizeStats(key)
      return s
        ? `${SPECS[key].label}: ${s.rewritten} typeless nullable schemas rewritten, ${s.extensionsRemoved} x-github-breaking-changes removed`
        : undefined
    })
    .filter(Boolean)
  console.log(`  sanitized copies (src/lib/specs.mjs, sanitizeDocument): ${stats.join('; ')}`)
}

const out = options.out ?? join(BENCH_ROOT, 'results', config.smoke ? 'latest-smoke.json' : 'latest.json')
mkdirSync(join(out, '..'), { recursive: true })
writeFileSync(`${out}.tmp`, `${JSON.stringify(report, null, 2)}\n`)
renameSync(`${out}.tmp`, out)
console.log(`  results: ${out}`)

// Our own rows must run; timings never fail the run.
const oursBroken = Object.values(report.scenarios)
  .filter(Array.isArray)
  .flat()
  .filter((row) => row.tool === 'ours' && row.result.status !== 'ok')
if (missing.length > 0 || oursBroken.length > 0) {
  for (const row of oursBroken) console.error(`  ours failed: ${row.spec ?? row.corpus}: ${row.result.error}`)
  process.exitCode = 1
}
