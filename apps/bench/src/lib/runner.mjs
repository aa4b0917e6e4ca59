// Runs case scripts in fresh `node --expose-gc` processes and folds repeated runs into one result.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { RESULT_MARKER } from './child.mjs'
import { BENCH_ROOT } from './specs.mjs'

/**
 * One fresh process; resolves with its result line, or a `timeout` / `crashed` result. `benchRoot` is the
 * bench app whose `src/cases/<script>` runs, and whose `node_modules` its imports resolve from (the other
 * build of `src/compare.mjs`).
 */
export function runChild(
  script,
  args,
  { timeoutMs = 300_000, maxOldSpaceMB = 8192, benchRoot = BENCH_ROOT } = {},
) {
  return new Promise((resolve) => {
    const started = performance.now()
    const child = spawn(
      process.execPath,
      ['--expose-gc', `--max-old-space-size=${maxOldSpaceMB}`, join(benchRoot, 'src/cases', script), ...args],
      { stdio: ['ignore', 'pipe', 'pipe'], cwd: benchRoot },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000)
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const wallMs = performance.now() - started
      const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARKER))
      if (line !== undefined) {
        resolve({ ...JSON.parse(line.slice(RESULT_MARKER.length)), wallMs })
      } else if (timedOut) {
        resolve({ status: 'timeout', error: `no result within ${Math.round(timeoutMs / 1000)} s`, wallMs })
      } else {
        const last = stderr.trim().split('\n').filter(Boolean).pop() ?? ''
        const why =
          code === 13
            ? 'exited with a promise that never settled (exit code 13)'
            : `exited (${signal ?? `code ${code}`})`
        resolve({ status: 'crashed', error: `${why}${last ? `: ${last.slice(0, 200)}` : ''}`, wallMs })
      }
    })
  })
}

// Times are folded with the minimum (the run least disturbed by other work on a shared machine),
// memory with the median.
const MIN_FIELDS = new Set([
  'ms',
  'readyMs',
  'firstPassMs',
  'firstCallMedianMs',
  'steadyUs',
  'steadyOkUs',
  'usPerMatch',
  'buildMs',
  'plainUsPerRequest',
  'readMs',
  'mergeMs',
  'specLoadMs',
  'reconcileMs',
  'mergeOnlyMs',
])
const MEDIAN_FIELDS = new Set(['heapMB', 'peakRssMB', 'heapReadyMB', 'heapFirstPassMB', 'heapSteadyMB'])
// How much the main time varied between repeats, as (max - min) / min.
const SPREAD_FIELD = ['steadyUs', 'usPerMatch', 'ms']

function fold(runs) {
  const ok = runs.filter((r) => r.status === 'ok')
  if (ok.length === 0) return { ...runs[0], repeats: runs.length }
  const out = { ...ok[0], repeats: ok.length }
  for (const key of Object.keys(out)) {
    const values = ok.map((r) => r[key]).filter((v) => typeof v === 'number' && Number.isFinite(v))
    if (values.length !== ok.length) continue
    if (MIN_FIELDS.has(key)) out[key] = Math.min(...values)
    else if (MEDIAN_FIELDS.has(key)) out[key] = values.sort((a, b) => a - b)[values.length >> 1]
  }
  const spreadKey = SPREAD_FIELD.find((key) => ok.every((r) => typeof r[key] === 'number'))
  if (spreadKey !== undefined && ok.length > 1) {
    const values = ok.map((r) => r[spreadKey])
    out.spreadPct = Math.round(((Math.max(...values) - Math.min(...values)) / Math.min(...values)) * 100)
  }
  if (ok.length !== runs.length)
    out.flaky = `${runs.length - ok.length} of ${runs.length} runs did not finish`
  return out
}

/**
 * Runs every job `repeats` times, round-robin (so a busy moment on the machine hits all tools alike),
 * one process at a time. A job whose first run failed or took longer than `slowMs` is not repeated.
 * `onResult(job, result)` is called after each run (progress output).
 */
export async function runJobs(jobs, { repeats = 1, slowMs = 30_000, onResult } = {}) {
  const runs = jobs.map(() => [])
  for (let round = 0; round < repeats; round++) {
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i]
      const previous = runs[i][0]
      if (round > 0 && (previous.status !== 'ok' || previous.wallMs > slowMs)) continue
      const result = await runChild(job.script, job.args, job)
      runs[i].push(result)
      onResult?.(job, result, round)
    }
  }
  return runs.map(fold)
}
