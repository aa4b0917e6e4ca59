// Scenario 5, one run: the generated suite (src/lib/vitest-suite.mjs) under one config, as a user runs it:
// `vitest run --config <file>` with the vitest binary of the bench package, in a child process. Measured:
// the wall time from spawn to exit and, on Linux, the CPU time of the whole process tree. Vitest's JSON
// reporter (written to a file, so stdout only holds what the plugin prints) says how many tests passed;
// for 'on' and 'bound' the plugin's coverage JSON says how many responses were validated. A run where a test failed,
// or where fewer responses than tests were validated, is an error, not a time. A second reporter
// (vitest-phases-reporter.mjs) keeps Vitest's own timings of each test file's phases: their medians come
// with the result.
//
// With `--runner jest` the same suite runs under Jest instead (`jest --config <file>`, ESM test files through
// `--experimental-vm-modules`), whose `--json` results have the same shape; Jest keeps no phase timings.
// With `--runner playwright`, under Playwright Test (`playwright test --config <file>`); its JSON reporter's
// `stats` give the counts.
// With `--runner mocha`, under Mocha (`mocha --config <file>`, serial, its JSON reporter's stats read into the
// same shape); `--suite` is then the Mocha root, where the binding reads `contracttool.config.json`.
//
// Usage: node --expose-gc src/cases/vitest-run.mjs --suite <dir> --config <file> --variant off|on|bound
//          --tests <n> [--pool forks|threads] [--runner vitest|jest|mocha|playwright] [--coverage-json <file>]
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { now, parseCaseArgs, round, runCase } from '../lib/child.mjs'
import { BENCH_ROOT } from '../lib/specs.mjs'
import { median } from '../lib/stats.mjs'

const args = parseCaseArgs({
  suite: { type: 'string' },
  config: { type: 'string' },
  variant: { type: 'string' },
  tests: { type: 'string' },
  pool: { type: 'string', default: 'forks' },
  runner: { type: 'string', default: 'vitest' },
  'coverage-json': { type: 'string' },
})

const VITEST_BIN = join(
  BENCH_ROOT,
  'node_modules/.bin',
  process.platform === 'win32' ? 'vitest.cmd' : 'vitest',
)

const JEST_BIN = join(BENCH_ROOT, 'node_modules/jest/bin/jest.js')

const PLAYWRIGHT_CLI = join(BENCH_ROOT, 'node_modules/@playwright/test/cli.js')

const MOCHA_BIN = join(BENCH_ROOT, 'node_modules/mocha/bin/mocha.js')

const PHASES_REPORTER = fileURLToPath(new URL('./vitest-phases-reporter.mjs', import.meta.url))

function childEnv(phasesOut) {
  const env = { ...process.env, NO_COLOR: '1', BENCH_VITEST_PHASES_OUT: phasesOut }
  // A CI job's step summary, console mode or sidecar directory must not leak into the measured run.
  for (const key of Object.keys(env)) {
    if (key === 'GITHUB_STEP_SUMMARY' || key.startsWith('CONTRACTTOOL_') || key === 'FORCE_COLOR')
      delete env[key]
  }
  return env
}

function run(command, argv, phasesOut, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, argv, {
      cwd: args.suite,
      env: { ...childEnv(phasesOut), ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-8000)
    })
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * CPU time (user + system) of the children this process has waited for, in ms, from /proc (Linux only;
 * clock ticks of 10 ms). Vitest's workers are reaped by Vitest, whose times count here once it exits:
 * the whole process tree's CPU, far less sensitive than wall time to other work on a shared machine.
 */
function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 16 and 17 of proc(5), cutime and cstime; `fields` starts at field 3.
    return (Number(fields[13]) + Number(fields[14])) * 10
  } catch {
    return undefined
  }
}

/** Medians over the test files of each phase Vitest timed (vitest-phases-reporter.mjs), in ms. */
function phaseMedians(file) {
  if (!existsSync(file)) return undefined
  const { files } = JSON.parse(readFileSync(file, 'utf8'))
  if (files.length === 0) return undefined
  const of = (key) => round(median(files.map((f) => f[key])), 1)
  return {
    setupMs: of('setupMs'),
    collectMs: of('collectMs'),
    prepareMs: of('prepareMs'),
    testsMs: of('testsMs'),
  }
}

/** The runner's JSON results, Mocha's read into the shape of Vitest's and Jest's. */
function readReport(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if (args.runner !== 'mocha') return report
  const failed = report.failures.map((test) => ({
    status: 'failed',
    failureMessages: [test.err?.message ?? '?'],
  }))
  return {
    numTotalTests: report.stats.tests,
    numPassedTests: report.stats.passes,
    numFailedTests: report.stats.failures,
    numTotalTestSuites: new Set(report.tests.map((test) => test.file)).size,
    testResults: [{ status: failed.length > 0 ? 'failed' : 'passed', assertionResults: failed }],
  }
}

/** Responses validated, per the coverage JSON: hits of every validated row, and unexpected observations. */
function validatedResponses(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  let validated = 0
  let skipped = 0
  let unexpected = 0
  for (const spec of Object.values(report.specs)) {
    for (const endpoint of spec.endpoints) {
      unexpected += endpoint.unexpected_observations.length
      for (const row of endpoint.responses) {
        if (row.response_state === 'validated') validated += row.hits
        if (row.response_state === 'skipped') skipped += row.hits
      }
    }
  }
  return { validated, skipped, unexpected }
}

/** A Playwright run's result from its JSON report (`stats`), checked as the Vitest and Jest runs are. */
function playwrightResult(report, { code, stdout, ms, cpuMs }) {
  const { expected: passed, unexpected: failed, flaky, skipped } = report.stats
  const tests = { total: passed + failed + flaky + skipped, passed, failed, files: report.suites.length }
  const fail = (why) => ({ status: 'error', error: why, ms, tests })
  if (failed > 0 || flaky > 0) {
    const first = report.errors?.[0]?.message ?? 'see the JSON report'
    return fail(`${failed + flaky} test(s) failed: ${first.split('\n')[0]}`)
  }
  if (passed !== Number(args.tests))
    return { ...fail(`${passed} of ${args.tests} tests passed`), loadFailure: true }
  if (code !== 0) return fail(`playwright exited with ${code}`)
  return checkedCoverage({ status: 'ok', ms, cpuMs, tests }, stdout, fail)
}

/** The run's coverage JSON read and checked: every test's response validated. */
function checkedCoverage(result, stdout, fail) {
  const coverageJson = args['coverage-json']
  let coverage
  if (coverageJson !== undefined) {
    if (!existsSync(coverageJson)) return fail('the plugin wrote no coverage JSON')
    coverage = validatedResponses(coverageJson)
    if ((args.variant === 'on' || args.variant === 'bound') && coverage.validated < Number(args.tests)) {
      return fail(`the plugin counted ${coverage.validated} validated responses for ${args.tests} tests`)
    }
  }
  return {
    ...result,
    coverage,
    pluginStdoutLines: stdout.trim() === '' ? 0 : stdout.trim().split('\n').length,
  }
}

await runCase(
  async () => {
    const expected = Number(args.tests)
    const vitestJson = join(args.suite, 'reports', `vitest-${args.variant}-${args.pool}.json`)
    const phasesJson = join(args.suite, 'reports', `phases-${args.variant}-${args.pool}.json`)
    const coverageJson = args['coverage-json']
    for (const file of [vitestJson, phasesJson, coverageJson]) {
      if (file !== undefined) rmSync(file, { force: true })
    }
    const [command, argv] =
      args.runner === 'playwright'
        ? [process.execPath, [PLAYWRIGHT_CLI, 'test', '--config', args.config]]
        : args.runner === 'mocha'
          ? [
              process.execPath,
              [
                MOCHA_BIN,
                '--config',
                args.config,
                '--reporter',
                'json',
                '--reporter-option',
                `output=${vitestJson}`,
              ],
            ]
          : args.runner === 'jest'
            ? [
                process.execPath,
                [
                  '--experimental-vm-modules',
                  '--no-warnings',
                  JEST_BIN,
                  '--config',
                  args.config,
                  '--ci',
                  '--json',
                  `--outputFile=${vitestJson}`,
                ],
              ]
            : [
                VITEST_BIN,
                [
                  'run',
                  '--config',
                  args.config,
                  '--root',
                  args.suite,
                  `--pool=${args.pool}`,
                  '--reporter=json',
                  `--reporter=${PHASES_REPORTER}`,
                  `--outputFile.json=${vitestJson}`,
                ],
              ]
    const cpuBefore = childrenCpuMs()
    const start = now()
    const { code, stdout, stderr } = await run(command, argv, phasesJson, {
      PLAYWRIGHT_JSON_OUTPUT_FILE: vitestJson,
    })
    const ms = round(now() - start, 1)
    const cpuMs = cpuBefore === undefined ? undefined : childrenCpuMs() - cpuBefore
    if (!existsSync(vitestJson)) {
      const last = `${stderr}\n${stdout}`.trim().split('\n').filter(Boolean).pop() ?? `exit code ${code}`
      return { status: 'error', error: `${args.runner} wrote no report (exit ${code}): ${last}`, ms }
    }
    const report = readReport(vitestJson)
    if (args.runner === 'playwright') return playwrightResult(report, { code, stdout, ms, cpuMs })
    const tests = {
      total: report.numTotalTests,
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      files: report.numTotalTestSuites,
    }
    const fail = (why) => ({ status: 'error', error: why, ms, tests })
    if (tests.failed > 0) {
      const failed = report.testResults
        .flatMap((file) => file.assertionResults)
        .find((test) => test.status === 'failed')
      return fail(`${tests.failed} test(s) failed: ${failed?.failureMessages?.[0]?.split('\n')[0] ?? '?'}`)
    }
    if (tests.passed !== expected) {
      const file = report.testResults.find((f) => f.status !== 'passed')
      const why = file?.message ? `: ${file.message.split('\n')[0]}` : ''
      // No test failed but some never ran: a test file (or the plugin's setup file) did not load.
      return { ...fail(`${tests.passed} of ${expected} tests passed${why}`), loadFailure: true }
    }
    if (code !== 0)
      return fail(`${args.runner} exited with ${code}: ${stderr.trim().split('\n').pop() ?? ''}`)
    return checkedCoverage({ status: 'ok', ms, cpuMs, tests, phases: phaseMedians(phasesJson) }, stdout, fail)
  },
  { scenario: 'vitest', variant: args.variant, pool: args.pool, runner: args.runner },
)
