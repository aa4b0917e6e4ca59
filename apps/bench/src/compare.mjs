// Regression guard for hot-path changes: our spec load and response validation, built from the working tree and
// from a commit (HEAD when none is named), measured in fresh processes, interleaved round by round.
//
//   node src/compare.mjs [<commit>] [--rounds N]
//
// The commit's tree is checked out with `git worktree add --detach` into a temporary directory, installed
// offline, and only the packages the cases import are built there; the working tree's own case scripts are
// copied over that tree's, so both builds run the same measurement code. The temporary tree is removed at the
// end, also on failure and on Ctrl-C. Nothing asserts a time: the exit code is 2 for a bad command line, 1
// when a build could not be prepared or a case failed, 0 otherwise, whatever the verdicts.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import {
  COMPARE_CASES,
  COMPARE_USAGE,
  CompareUsageError,
  compareSamples,
  formatFigure,
  parseCompareArgs,
  times,
} from './lib/compare.mjs'
import { prepareCorpus } from './lib/corpus.mjs'
import { runChild } from './lib/runner.mjs'
import { BENCH_ROOT, REPO_ROOT } from './lib/specs.mjs'
import { medianBounds } from './lib/stats.mjs'
import { printTable } from './lib/table.mjs'

// What the cases import (src/lib/ours.mjs); the build scripts add their workspace dependencies.
const PACKAGES = ['@contracttool/spec-loader', '@contracttool/matcher', '@contracttool/validator']

let options
try {
  options = parseCompareArgs(process.argv.slice(2))
} catch (error) {
  if (!(error instanceof CompareUsageError)) throw error
  usageError(error.message)
}

function usageError(message) {
  process.stderr.write(`bench:compare: ${message}\n${COMPARE_USAGE}\n`)
  process.exit(2)
}

/** Runs a command to completion; throws with `what` and the last lines of its output when it fails. */
function run(command, args, cwd, what) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status === 0) return result.stdout.trim()
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-8).join('\n    ')
  throw new Error(
    `${what} failed (\`${command} ${args.join(' ')}\` in ${cwd}, ${result.signal ?? `exit code ${result.status}`})${
      output ? `:\n    ${output}` : ''
    }`,
  )
}

const git = (args) => spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' })

const resolved = git(['rev-parse', '--verify', '--quiet', `${options.commit}^{commit}`])
if (resolved.status !== 0) usageError(`'${options.commit}' names no commit of this repository`)
const sha = resolved.stdout.trim()
const short = sha.slice(0, 9)
const subject = git(['log', '-1', '--format=%s', sha]).stdout.trim()
const dirty = git(['status', '--porcelain']).stdout.trim() !== ''

let tempDir
/** Removes the temporary tree and git's record of it; safe to call more than once. */
function cleanUp() {
  if (tempDir === undefined) return
  const dir = tempDir
  tempDir = undefined
  step(`removing ${dir}`)
  git(['worktree', 'remove', '--force', join(dir, 'tree')])
  rmSync(dir, { recursive: true, force: true })
  git(['worktree', 'prune'])
}
process.on('exit', cleanUp)
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    process.stderr.write(`\nbench:compare: ${signal}, removing the temporary tree\n`)
    cleanUp()
    process.exit(code)
  })
}

function step(text) {
  process.stderr.write(`  ${text}\n`)
}

function buildPackages(root) {
  if (existsSync(join(root, 'scripts/build-packages.mjs')))
    run(process.execPath, ['scripts/build-packages.mjs', ...PACKAGES], root, 'build')
  else run('pnpm', ['turbo', 'run', 'build', ...PACKAGES.map((name) => `--filter=${name}...`)], root, 'build')
}

/** The commit's tree in a temporary directory, installed and built, with the working tree's case scripts. */
function prepareBaseline() {
  tempDir = mkdtempSync(join(os.tmpdir(), 'contracttool-bench-'))
  const tree = join(tempDir, 'tree')
  step(`checking out ${short} into ${tree}`)
  run('git', ['worktree', 'add', '--detach', tree, sha], REPO_ROOT, `git worktree add of ${short}`)
  if (!existsSync(join(tree, 'apps/bench/package.json')))
    throw new Error(`${short} has no apps/bench: it predates the benchmark and cannot be compared`)
  step('installing its dependencies (offline)')
  try {
    run('pnpm', ['install', '--offline', '--frozen-lockfile'], tree, 'pnpm install --offline')
  } catch {
    step('  not everything is in the store: installing with --prefer-offline')
    run('pnpm', ['install', '--prefer-offline', '--frozen-lockfile'], tree, `pnpm install in ${short}`)
  }
  step(`building ${PACKAGES.join(', ')}`)
  buildPackages(tree)
  cpSync(join(BENCH_ROOT, 'src'), join(tree, 'apps/bench/src'), { recursive: true })
  return join(tree, 'apps/bench')
}

async function main() {
  const startedAt = new Date()
  console.log(`contracttool bench:compare  ${startedAt.toISOString()}`)
  console.log(
    options.named
      ? `  working tree${dirty ? ' (with uncommitted changes)' : ''} against ${options.commit} = ${short} ${subject}`
      : `  no commit named: against HEAD = ${short} ${subject}, the last commit (nothing is released yet)`,
  )
  if (!dirty && git(['rev-parse', 'HEAD']).stdout.trim() === sha)
    console.log('  the working tree is that commit: an A/A run, which shows the noise of this machine')
  console.log(
    `  node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )

  step(`building the working tree's ${PACKAGES.join(', ')}`)
  buildPackages(REPO_ROOT)
  const baselineRoot = prepareBaseline()
  const corpusFile = prepareCorpus('github')
  const builds = [
    { name: 'working tree', benchRoot: BENCH_ROOT },
    { name: short, benchRoot: baselineRoot },
  ]

  console.log(
    `  ${options.rounds} rounds; in each, every case runs once per build in a fresh process, the builds' order alternating`,
  )
  // samples[caseId][buildIndex] = one result per round (undefined when the run failed)
  const samples = Object.fromEntries(COMPARE_CASES.map((c) => [c.id, builds.map(() => [])]))
  const failures = []
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0]
    const seen = []
    for (const testCase of COMPARE_CASES) {
      for (const b of order) {
        const result = await runChild(testCase.script, testCase.args({ corpusFile }), {
          benchRoot: builds[b].benchRoot,
          timeoutMs: 120_000,
        })
        const ok = result.status === 'ok'
        samples[testCase.id][b][round] = ok ? result : undefined
        if (!ok) failures.push(`${testCase.id}, ${builds[b].name}, round ${round + 1}: ${result.error}`)
        seen.push(`${testCase.id} ${builds[b].name} ${ok ? 'ok' : result.status}`)
      }
    }
    step(`round ${round + 1}/${options.rounds}: ${seen.join(', ')}`)
  }

  const { lower, upper } = medianBounds(Array.from({ length: options.rounds }, (_, i) => i + 1))
  console.log()
  printTable(
    ['figure', 'working tree', short, `working / ${short}`, 'verdict'],
    COMPARE_CASES.flatMap((testCase) =>
      testCase.figures.map((figure) => {
        const [working, baseline] = samples[testCase.id].map((runs) =>
          Array.from({ length: options.rounds }, (_, i) => runs[i]?.[figure.field]),
        )
        const c = compareSamples(working, baseline)
        return [
          figure.label,
          formatFigure(c.working, figure.format),
          formatFigure(c.baseline, figure.format),
          formatFigure(c.ratio, times),
          c.verdict,
        ]
      }),
    ),
  )
  console.log(
    `\n  median [bounds]: one-sided 95% sign-test bounds of the median (with ${options.rounds} rounds, the values ranked ${lower} and ${upper});`,
  )
  console.log(
    '  the ratio is taken per round (both builds run back to back), below 1 the working tree is faster;',
  )
  console.log(
    '  a verdict is given only when its bounds exclude 1, otherwise "within noise". Times, not a test: judge them.',
  )
  console.log(
    `  finished in ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  if (failures.length > 0) {
    console.log(`\n  ${failures.length} run(s) failed and were left out:`)
    for (const line of failures.slice(0, 10)) console.log(`    ${line}`)
    process.exitCode = 1
  }
}

try {
  await main()
} catch (error) {
  process.stderr.write(`bench:compare: ${error.message}\n`)
  process.exitCode = 1
} finally {
  cleanUp()
}
