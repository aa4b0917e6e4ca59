#!/usr/bin/env node
// Fault injection on real runs: the example Express app's contract suite (apps/petstore-express, the calls of
// src/pets.test.ts and src/health.test.ts) under Vitest (forks), Jest (workers) and node:test, from the
// built packages, in a copy of the app in a temporary folder. Each round, chosen from a seed:
// - kill: a test process is killed (SIGKILL) when its server answers its n-th request, n drawn at random,
//   that is at a random contract check of a random test file;
// - corrupt: after a run that left the caches (spec cache, schema code, Vitest's worker code cache), one
//   random byte of one random cache file is flipped.
// Every run must either report the complete coverage (the coverage JSON of an undisturbed run, timestamps
// aside, and exit 0) or fail naming what was lost (a FATAL line naming the test file, exit non-zero, no
// coverage JSON written): never a silent subset. A damaged cache must never fail or pass a test.
// Usage: node scripts/inject-faults.mjs [--rounds <n>] [--seed <n>] [--runner vitest|jest|node-test] [--keep]
// Needs the packages and the app built (`pnpm build`). Exits 1 naming each round that broke the rule.
import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const source = join(root, 'apps', 'petstore-express')
const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const rounds = Number(option('--rounds', '20'))
const seed = Number(option('--seed', String(Date.now() % 100_000)))
const runners = option('--runner', 'vitest,jest,node-test').split(',')
const keep = args.includes('--keep')
if (!Number.isSafeInteger(rounds) || rounds < 1 || !Number.isSafeInteger(seed)) {
  console.error(
    'usage: inject-faults.mjs [--rounds <n>] [--seed <n>] [--runner vitest|jest|node-test] [--keep]',
  )
  process.exit(2)
}
if (!existsSync(join(source, 'dist', 'app.js'))) {
  console.error('inject-faults: apps/petstore-express is not built: run pnpm build first')
  process.exit(2)
}

/** A small deterministic generator (mulberry32), so a seed replays the same faults. */
function random(state) {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
const draw = random(seed)
const pick = (list) => list[Math.floor(draw() * list.length)]

const SUITE = ['src/pets.test.ts', 'src/health.test.ts']
const CONFIGS = {
  'vitest.faults.config.ts': `import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({ plugins: [contractTesting()], test: { include: ${JSON.stringify(SUITE)}, pool: 'forks' } })
`,
  'jest.faults.config.cjs': `const config = require('./jest.config.cjs')

module.exports = { ...config, testMatch: ${JSON.stringify(SUITE.map((file) => `**/${file}`))} }
`,
  // Loaded into every process of the run: the first test process (a worker, or a file's own process, never
  // the runner's main process) that answers request number FAULT_KILL_AT kills itself.
  'kill-at-request.cjs': `const { writeFileSync } = require('node:fs')
const http = require('node:http')
const at = Number(process.env.FAULT_KILL_AT)
const isTestProcess = process.send !== undefined || process.env.NODE_TEST_CONTEXT !== undefined
let answered = 0
const emit = http.Server.prototype.emit
http.Server.prototype.emit = function (event, ...rest) {
  if (event === 'request' && isTestProcess && ++answered === at) {
    try {
      writeFileSync(process.env.FAULT_KILLED, String(process.pid), { flag: 'wx' })
      process.kill(process.pid, 'SIGKILL')
    } catch {}
  }
  return emit.call(this, event, ...rest)
}
`,
}

const COMMANDS = {
  vitest: ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.faults.config.ts'],
  jest: [
    '--experimental-vm-modules',
    '--no-warnings',
    'node_modules/jest/bin/jest.js',
    '--ci',
    '--maxWorkers=2',
    '--config',
    'jest.faults.config.cjs',
  ],
  'node-test': [
    '--import',
    '@contracttool/node-test/register',
    '--test-reporter=@contracttool/node-test/reporter',
    '--test',
    'node-test/health.test.mjs',
    'node-test/pets.test.mjs',
  ],
}

/** A copy of the app whose node_modules point at the app's own (built packages, runners, frameworks). */
function copyApp(parent) {
  const dir = join(parent, 'petstore-express')
  const skipped = new Set(['node_modules', 'reports', '.tsbuild', '.turbo', 'test'])
  cpSync(source, dir, {
    recursive: true,
    filter: (path) => !skipped.has(relative(source, path).split('/')[0]),
  })
  mkdirSync(join(dir, 'node_modules'))
  for (const entry of readdirSync(join(source, 'node_modules'))) {
    if (!entry.startsWith('.'))
      symlinkSync(join(source, 'node_modules', entry), join(dir, 'node_modules', entry))
  }
  for (const [name, text] of Object.entries(CONFIGS)) writeFileSync(join(dir, name), text)
  // The app's tsconfig extends the repository's by a relative path, which the copy must keep reaching.
  const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'))
  if (tsconfig.extends !== undefined) tsconfig.extends = resolve(source, tsconfig.extends)
  tsconfig.references = tsconfig.references?.map((reference) => ({ path: resolve(source, reference.path) }))
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`)
  return dir
}

let runs = 0

function runSuite(app, runner, env = {}) {
  rmSync(join(app, 'reports'), { recursive: true, force: true })
  // Jest runs a suite it remembers as fast in its own process (no worker to kill): each run gets a new cache.
  const command =
    runner === 'jest'
      ? [...COMMANDS.jest, `--cacheDirectory=${join(app, `.jest-cache-${++runs}`)}`]
      : COMMANDS[runner]
  return new Promise((done) => {
    const child = spawn(process.execPath, command, {
      cwd: app,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TMPDIR: process.env.TMPDIR,
        NO_COLOR: '1',
        CI: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      const file = join(app, 'reports', 'coverage.json')
      done({
        code,
        output,
        coverage: existsSync(file) ? withoutTimestamps(readFileSync(file, 'utf8')) : undefined,
      })
    })
  })
}

const withoutTimestamps = (text) => text.replace(/"generated_at": "[^"]*"/, '')

/** Every file of the caches a run left in the project (Vite's cache folder and node_modules/.cache). */
function cacheFiles(app) {
  const found = []
  const walk = (dir) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (path.includes(`${'/'}contracttool${'/'}`) && statSync(path).size > 16) found.push(path)
    }
  }
  // The copy's node_modules entries are links into the app's: its own cache folders are created in the copy.
  for (const folder of ['.vite', '.cache']) walk(join(app, 'node_modules', folder))
  return found
}

const problems = []
const parent = mkdtempSync(join(tmpdir(), 'contracttool-faults-'))
console.log(
  `[inject-faults] seed ${seed}, ${rounds} round(s) of each fault per runner (${runners.join(', ')})`,
)
try {
  for (const runner of runners) {
    const app = copyApp(join(parent, runner))
    const reference = await runSuite(app, runner)
    if (reference.code !== 0 || reference.coverage === undefined) {
      // The runner's own lines (which test failed, and why) come before the coverage report.
      problems.push(
        `${runner}: the undisturbed run failed (exit ${reference.code}):\n${reference.output.slice(0, 4000)}`,
      )
      continue
    }
    // Each test file's process answers about ten requests.
    const requests = 10
    for (let round = 1; round <= rounds; round++) {
      // Kill: a process dies at a random request; the run must fail naming a file, or be complete.
      const killed = join(app, `killed-${round}`)
      const at = 1 + Math.floor(draw() * Math.max(requests, 2))
      const kill = await runSuite(app, runner, {
        NODE_OPTIONS: `--require ${join(app, 'kill-at-request.cjs')}`,
        FAULT_KILL_AT: String(at),
        FAULT_KILLED: killed,
      })
      const died = existsSync(killed)
      const complete = kill.code === 0 && kill.coverage === reference.coverage
      const named =
        kill.code !== 0 &&
        kill.coverage === undefined &&
        /FATAL: .*stopped before handing over/.test(kill.output)
      console.log(
        `[inject-faults] ${runner} round ${round}: kill at request ${at}: ${died ? 'a test process died' : 'no process reached it'}; ` +
          `${complete ? 'complete coverage' : named ? 'the run failed naming the lost file' : `exit ${kill.code}`}`,
      )
      if (died ? !named && !complete : !complete) {
        problems.push(
          `${runner} round ${round} (kill at request ${at}, ${died ? 'a process died' : 'nothing died'}): exit ${kill.code}, ` +
            `${kill.coverage === undefined ? 'no coverage JSON' : kill.coverage === reference.coverage ? 'complete coverage' : 'A DIFFERENT COVERAGE JSON'}\n${kill.output.slice(-1500)}`,
        )
      }
      // Corrupt: one flipped byte in one cache file; the run must pass with the complete coverage.
      await runSuite(app, runner)
      const caches = cacheFiles(app)
      // node:test processes load the specs themselves and keep no cache.
      if (caches.length === 0) {
        if (runner !== 'node-test')
          problems.push(`${runner} round ${round}: the run left no cache file to damage`)
        continue
      }
      // A kind of cache first (spec caches, schema code, the worker code's V8 code cache), then one of its files.
      const kind = (path) =>
        path.includes('schema-code-') ? 'schema' : /worker-core-/.test(path) ? 'worker' : 'spec'
      const chosen = pick([...new Set(caches.map(kind))])
      const file = pick(caches.filter((path) => kind(path) === chosen))
      const bytes = readFileSync(file)
      const offset = Math.floor(draw() * bytes.length)
      bytes[offset] ^= 1 << Math.floor(draw() * 8)
      writeFileSync(file, bytes)
      const corrupt = await runSuite(app, runner)
      console.log(
        `[inject-faults] ${runner} round ${round}: bit flipped at byte ${offset} of ${relative(app, file)}: ` +
          `${corrupt.code === 0 && corrupt.coverage === reference.coverage ? 'complete coverage' : `exit ${corrupt.code}`}` +
          `${corrupt.output.includes('was damaged') ? ', with the NOTE' : ''}`,
      )
      if (corrupt.code !== 0 || corrupt.coverage !== reference.coverage) {
        problems.push(
          `${runner} round ${round} (byte ${offset} of ${relative(app, file)} flipped): exit ${corrupt.code}, ` +
            `${corrupt.coverage === undefined ? 'no coverage JSON' : 'a different coverage JSON'}\n${corrupt.output.slice(-1500)}`,
        )
      }
    }
    console.log(`[inject-faults] ${runner}: ${rounds} kill and ${rounds} corruption round(s) done`)
  }
} finally {
  if (!keep) rmSync(parent, { recursive: true, force: true })
}
for (const problem of problems) console.error(`inject-faults: ${problem}`)
console.log(
  `[inject-faults] ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`} (seed ${seed})`,
)
process.exit(problems.length === 0 ? 0 : 1)
