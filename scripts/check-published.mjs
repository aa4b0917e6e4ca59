#!/usr/bin/env node
// The packages as users get them. Starts a real npm registry on the loopback interface (Verdaccio, see
// local-registry.cjs) whose uplink is the registry npm is configured to use, publishes every public
// workspace package to it at the working tree's version (`pnpm publish -r`, which turns `workspace:` ranges
// into versions), then, each in an empty temporary project pointed at that registry:
// - `pnpm dlx contracttool doctor --spec=…` prints the report and exits as it does in the workspace, and
//   `npx contracttool --help` works;
// - each install line of the root README's "Install" table installs with npm and with pnpm without warnings
//   about peer dependencies, every file a published package points at (`exports`, `main`, `types`, `bin`)
//   is in it, and a one-test suite written as the README shows passes and prints the coverage report;
// - what each npm install brings with our packages (the packages they depend on, peers left out: package
//   count and bytes on disk) stays within the limits in `scripts/published-install-limits.json`.
// The registry, its storage, the projects and the caches of dlx and npx are removed whatever happens; the
// installs share npm's and pnpm's caches with the machine (both are keyed by content). Needs the packages built (`pnpm run check:published`
// builds them first). Usage: node scripts/check-published.mjs [--keep] [--only <scenario>]
import { execFileSync, fork, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const keep = args.includes('--keep')
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined
const limitsFile = join(root, 'scripts', 'published-install-limits.json')
const started = Date.now()
const problems = []
const log = (line) => console.log(`[check:published] ${line}`)

/** The public workspace packages: what gets published. */
function publicPackages() {
  return readdirSync(join(root, 'packages'))
    .map((dir) => join(root, 'packages', dir))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true)
}

/** The versions the workspace tests with, from the pnpm catalog: what the projects here install beside ours. */
function catalog() {
  const text = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')
  const section = /^catalog:\n((?: {2}.*\n)+)/m.exec(text)?.[1] ?? ''
  const entries = new Map()
  for (const line of section.split('\n')) {
    const entry = /^ {2}'?([^':]+)'?: (.+)$/.exec(line)
    if (entry) entries.set(entry[1], entry[2].trim())
  }
  return (name) => {
    const range = entries.get(name)
    if (range === undefined) throw new Error(`check-published: ${name} has no entry in the pnpm catalog`)
    return `${name}@${range}`
  }
}

/** Runs a command to its end (or its time limit), collecting what it prints; never throws on a failure. */
function run(command, commandArgs, { cwd, env, timeoutMs = 180_000 }) {
  return new Promise((done) => {
    const child = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    let stdout = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    const timer = setTimeout(() => {
      output += `\n(stopped after ${timeoutMs / 1000} s)`
      process.kill(-child.pid, 'SIGKILL')
    }, timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      done({ code: 127, output: `${command}: ${error.message}`, stdout })
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      done({ code: code ?? (signal === null ? 1 : 128), output, stdout })
    })
  })
}

const tail = (text, lines = 25) => text.trimEnd().split('\n').slice(-lines).join('\n')

/** Starts the registry as a child process and resolves with its URL, or rejects with what stopped it. */
function startRegistry(storage, uplink) {
  const child = fork(join(root, 'scripts', 'local-registry.cjs'), [storage, uplink], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const ready = new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the registry did not start within 30 s:\n${tail(output)}`)),
      30_000,
    )
    child.on('message', (message) => {
      clearTimeout(timer)
      if (message.error !== undefined) fail(new Error(`${message.error}\n${tail(output)}`))
      else done(`http://127.0.0.1:${message.port}/`)
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`the registry exited (code ${code}) before it listened:\n${tail(output)}`))
    })
  })
  return { child, ready }
}

/** A user on the registry, and an npm config file that logs in as that user and installs from the registry. */
async function logIn(registry, folder) {
  const response = await fetch(new URL('-/user/org.couchdb.user:publisher', registry), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'publisher', password: 'publisher-password' }),
  })
  const { token } = await response.json()
  if (typeof token !== 'string')
    throw new Error(`the registry refused to create a user (HTTP ${response.status})`)
  const npmrc = join(folder, 'npmrc')
  const host = registry.replace(/^http:/, '')
  writeFileSync(npmrc, `${host}:_authToken=${token}\n`)
  return npmrc
}

/** Every file a published manifest points at, with where it points from (`exports["./setup"].require`). */
function pointedFiles(manifest) {
  const files = []
  const walk = (value, where) => {
    if (typeof value === 'string') {
      if (value.startsWith('./') && !value.includes('*')) files.push({ file: value, where })
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        // The workspace's own source condition points at files that are not published by design.
        if (key !== '@contracttool/source') walk(inner, `${where}[${JSON.stringify(key)}]`)
      }
    }
  }
  walk(manifest.exports, 'exports')
  for (const field of ['main', 'module', 'types']) {
    if (typeof manifest[field] === 'string') files.push({ file: manifest[field], where: field })
  }
  walk(typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : manifest.bin, 'bin')
  walk(manifest.typesVersions, 'typesVersions')
  return files
}

/** What is wrong with our packages as installed in a project: files they point at but lack, leaked ranges. */
function checkInstalled(project, names) {
  const found = []
  for (const name of names) {
    const dir = join(project, 'node_modules', name)
    const manifestFile = join(dir, 'package.json')
    if (!existsSync(manifestFile)) {
      found.push(`${name} is not installed`)
      continue
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
    for (const { file, where } of pointedFiles(manifest)) {
      if (!existsSync(join(dir, file))) {
        found.push(
          `${name}@${manifest.version}: ${file} (${where}) is not in the published package; is it built and listed in "files"?`,
        )
      }
    }
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
        if (/^(workspace|catalog):/.test(range)) {
          found.push(`${name}@${manifest.version}: ${field}.${dependency} is published as "${range}"`)
        }
      }
    }
  }
  return found
}

/** Bytes on disk of a folder, its nested node_modules left out. */
function folderBytes(dir) {
  let bytes = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) bytes += folderBytes(path)
    else bytes += lstatSync(path).size
  }
  return bytes
}

/**
 * What our packages bring into an npm project: they and every package they depend on, transitively,
 * peers left out (the user installs the runner and the framework for their own sake). Read from npm's lock
 * file, resolving each dependency as Node does, from the nearest `node_modules` up.
 */
function installWeight(project, names) {
  const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')).packages
  const seen = new Set()
  const visit = (location) => {
    if (seen.has(location)) return
    seen.add(location)
    const entry = lock[location] ?? {}
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      let base = location
      for (;;) {
        const candidate = `${base}/node_modules/${dependency}`.replace(/^\//, '')
        if (lock[candidate] !== undefined) {
          visit(candidate)
          break
        }
        if (base === '') break
        const cut = base.lastIndexOf('/node_modules/')
        base = cut === -1 ? '' : base.slice(0, cut)
      }
    }
  }
  for (const name of names) visit(`node_modules/${name}`)
  let bytes = 0
  for (const location of seen) {
    if (existsSync(join(project, location))) bytes += folderBytes(join(project, location))
  }
  return { packages: seen.size, bytes }
}

const PEER_WARNING =
  /(npm warn (ERESOLVE|peer|.*peer dep))|Issues with peer dependencies|unmet peer|missing peer/i

/** Installs into a new project with one client; returns the project folder, or undefined after a problem. */
async function install(scenario, client, context) {
  const project = join(context.folder, `${scenario.name}-${client}`)
  mkdirSync(project, { recursive: true })
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: `published-${scenario.name}`, private: true, type: scenario.type ?? 'commonjs' }, null, 2)}\n`,
  )
  // Ours from the local registry, the rest straight from the uplink: proxied through the local registry,
  // every package's full metadata would be fetched again on each run.
  writeFileSync(
    join(project, '.npmrc'),
    `registry=${context.uplink}\n@contracttool:registry=${context.registry}\n`,
  )
  const packages = [...scenario.ours, ...scenario.theirs.map(context.version)]
  const command =
    client === 'npm'
      ? ['npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', ...packages]]
      : [
          'pnpm',
          ['add', '--save-dev', '--prefer-offline', '--config.strict-peer-dependencies=false', ...packages],
        ]
  const result = await run(command[0], command[1], { cwd: project, env: context.env })
  const what = `${scenario.name} (${client} install ${scenario.ours.join(' ')})`
  if (result.code !== 0) {
    problems.push(`${what} failed (exit ${result.code}):\n${tail(result.output)}`)
    return undefined
  }
  const warnings = result.output.split('\n').filter((line) => PEER_WARNING.test(line))
  if (warnings.length > 0) problems.push(`${what} warned about peer dependencies:\n${warnings.join('\n')}`)
  for (const problem of checkInstalled(project, scenario.ours)) problems.push(`${what}: ${problem}`)
  return project
}

/** Writes the scenario's suite into a project and runs it as the README shows. */
async function runSuite(scenario, client, project, context) {
  cpSync(
    join(root, 'apps', 'petstore-express', 'openapi', 'petstore.yaml'),
    join(project, 'openapi', 'petstore.yaml'),
  )
  for (const [file, text] of Object.entries(scenario.files)) {
    mkdirSync(dirname(join(project, file)), { recursive: true })
    writeFileSync(join(project, file), text)
  }
  const env = scenario.freePort === true ? { ...context.env, PORT: String(await freePort()) } : context.env
  const result = await run(scenario.run[0], scenario.run.slice(1), { cwd: project, env })
  const what = `${scenario.name} (${client}): \`${scenario.run.join(' ')}\``
  if (result.code !== 0) problems.push(`${what} exited ${result.code}:\n${tail(result.output, 40)}`)
  else if (!scenario.prints.test(result.output)) {
    problems.push(`${what} passed but did not print ${scenario.prints}:\n${tail(result.output, 40)}`)
  }
}

/** A loopback port nothing listens on now. */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer()
    server.on('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
}

/** A tiny Express app the suites call: `GET /health` of the petstore spec. */
const APP = `const express = require('express')

exports.createApp = function createApp(middleware) {
  const app = express()
  if (middleware) app.use(middleware)
  app.get('/health', (_req, res) => res.json({ status: 'ok' }))
  return app
}
`
const CONFIG = `${JSON.stringify({ specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore' }, null, 2)}\n`
const COVERAGE = /\[petstore\] endpoints: \d+\/\d+ fully covered/

/**
 * One scenario per install line of the root README: what it installs (ours, then the third-party packages at
 * the catalog's ranges), the files of its one-test suite, the command that runs it and what that prints.
 */
const SCENARIOS = [
  {
    name: 'vitest',
    ours: ['@contracttool/vitest', '@contracttool/supertest'],
    theirs: ['vitest', 'supertest', 'express'],
    files: {
      'app.cjs': APP,
      'contracttool.config.json': CONFIG,
      'vitest.config.mjs': `import { defineConfig } from 'vitest/config'
import { contractTesting } from '@contracttool/vitest'

export default defineConfig({ plugins: [contractTesting()] })
`,
      'health.test.mjs': `import request from 'supertest'
import { expect, test } from 'vitest'
import { openApiSpec } from '@contracttool/vitest'
import app from './app.cjs'

openApiSpec('petstore')

test('reports health', async () => {
  const res = await request(app.createApp()).get('/health')
  expect(res.status).toBe(200)
  expect(res).toMatchOpenApiSchema()
})
`,
    },
    run: ['npx', 'vitest', 'run'],
    prints: COVERAGE,
  },
  {
    name: 'jest',
    ours: ['@contracttool/jest'],
    theirs: ['jest', 'supertest', 'express'],
    files: {
      'app.cjs': APP,
      'contracttool.config.json': CONFIG,
      'jest.config.cjs': `const { withContractTesting } = require('@contracttool/jest')

module.exports = withContractTesting({ testEnvironment: 'node' })
`,
      'health.test.js': `const request = require('supertest')
const { openApiSpec } = require('@contracttool/jest')
const { createApp } = require('./app.cjs')

openApiSpec('petstore')

test('reports health', async () => {
  const res = await request(createApp()).get('/health')
  expect(res.status).toBe(200)
  expect(res).toMatchOpenApiSchema()
})
`,
    },
    run: ['npx', 'jest'],
    prints: COVERAGE,
  },
  {
    name: 'node-test',
    ours: ['@contracttool/node-test'],
    theirs: ['supertest', 'express'],
    files: {
      'app.cjs': APP,
      'contracttool.config.json': CONFIG,
      'health.test.mjs': `import { test } from 'node:test'
import request from 'supertest'
import { assertResponseMatchesOpenApiSchema, openApiSpec } from '@contracttool/node-test'
import app from './app.cjs'

openApiSpec('petstore')

test('reports health', async () => {
  const res = await request(app.createApp()).get('/health')
  assertResponseMatchesOpenApiSchema(res)
})
`,
    },
    run: [
      'node',
      '--import',
      '@contracttool/node-test/register',
      '--test-reporter=@contracttool/node-test/reporter',
      '--test',
    ],
    prints: COVERAGE,
  },
  {
    name: 'mocha',
    ours: ['@contracttool/mocha', '@contracttool/chai'],
    theirs: ['mocha', 'chai', 'supertest', 'express'],
    files: {
      'app.cjs': APP,
      'contracttool.config.json': CONFIG,
      '.mocharc.json': `${JSON.stringify({ require: ['@contracttool/mocha/register'], spec: ['*.test.mjs'] })}\n`,
      'health.test.mjs': `import * as chai from 'chai'
import request from 'supertest'
import { chaiContractTesting } from '@contracttool/chai'
import { openApiSpec } from '@contracttool/mocha'
import app from './app.cjs'

chai.use(chaiContractTesting)
const { expect } = chai

describe('health', () => {
  openApiSpec('petstore')

  it('reports health', async () => {
    const res = await request(app.createApp()).get('/health')
    expect(res.status).to.equal(200)
    expect(res).to.matchOpenApiSchema()
  })
})
`,
    },
    run: ['npx', 'mocha'],
    prints: COVERAGE,
  },
  {
    name: 'playwright',
    ours: ['@contracttool/playwright'],
    theirs: ['@playwright/test', 'express'],
    files: {
      'app.cjs': APP,
      'contracttool.config.json': CONFIG,
      'server.cjs': `const { createApp } = require('./app.cjs')
createApp().listen(Number(process.env.PORT), '127.0.0.1')
`,
      'playwright.config.mjs': `import { withContractTesting } from '@contracttool/playwright'
import { defineConfig } from '@playwright/test'

const origin = \`http://127.0.0.1:\${process.env.PORT}\`
export default defineConfig(
  withContractTesting({
    testDir: 'tests',
    use: { baseURL: origin },
    webServer: { command: 'node server.cjs', url: \`\${origin}/health\` },
  }),
)
`,
      'tests/health.spec.mjs': `import { expect, test } from '@contracttool/playwright'

test('reports health', async ({ request }) => {
  const response = await request.get('/health')
  expect(response.status()).toBe(200)
  await expect(response).toMatchOpenApiSchema()
})
`,
    },
    run: ['npx', 'playwright', 'test'],
    // The API tests need no browser; the web server listens on a port found free when the suite runs.
    freePort: true,
    prints: COVERAGE,
  },
  {
    name: 'express',
    ours: ['@contracttool/express'],
    theirs: ['express'],
    files: {
      'app.cjs': APP,
      'check.mjs': `import { contractValidation } from '@contracttool/express'
import app from './app.cjs'

const middleware = contractValidation({ spec: 'petstore', specBasePath: 'openapi' })
const server = app.createApp(middleware).listen(0, '127.0.0.1')
await new Promise((ready) => server.once('listening', ready))
const response = await fetch(\`http://127.0.0.1:\${server.address().port}/health\`)
console.log(\`GET /health \${response.status}\`, await response.json())
server.close()
middleware.assertNoViolations()
console.log(\`\${middleware.violations().length} violations\`)
`,
    },
    run: ['node', 'check.mjs'],
    prints: /GET \/health 200 \{ status: 'ok' \}\n0 violations/,
  },
  {
    name: 'validator',
    ours: ['@contracttool/validator'],
    theirs: [],
    type: 'module',
    files: {
      'check.mjs': `import { loadSpecFile, validateResponse } from '@contracttool/validator'

const spec = await loadSpecFile('openapi/petstore.yaml')
const result = validateResponse(spec, {
  method: 'GET',
  path: '/health',
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: { status: 'down' },
})
console.log(result.message)
process.exitCode = result.outcome === 'failure' ? 0 : 1
`,
    },
    run: ['node', 'check.mjs'],
    prints: /GET \/health 200 application\/json: 1 violation against 'petstore' spec/,
  },
]

/** `pnpm dlx contracttool doctor` and `npx contracttool --help`, each in an empty project. */
async function checkCli(context) {
  const project = join(context.folder, 'cli')
  for (const dir of [project, join(project, 'npx')]) {
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'package.json'), '{ "name": "published-cli", "private": true }\n')
    writeFileSync(join(dir, '.npmrc'), `registry=${context.registry}\n`)
  }
  // dlx and npx keep what they install in caches of their own: here, inside the folder removed at the end.
  const env = {
    ...context.env,
    npm_config_cache: join(context.folder, 'npm-cache'),
    npm_config_cache_dir: join(context.folder, 'pnpm-cache'),
  }
  const spec = join(root, 'fixtures', 'specs', 'doctor', 'problems-3.1.json')
  const inWorkspace = await run(
    'node',
    [join(root, 'packages', 'cli', 'bin', 'contracttool.js'), 'doctor', `--spec=${spec}`],
    {
      cwd: project,
      env: context.env,
    },
  )
  const [dlx, help] = await Promise.all([
    run('pnpm', ['dlx', 'contracttool', 'doctor', `--spec=${spec}`], { cwd: project, env }),
    run('npx', ['--yes', 'contracttool', '--help'], { cwd: join(project, 'npx'), env }),
  ])
  // pnpm prints what it installs first, then the command's own output.
  if (dlx.code !== inWorkspace.code || !dlx.stdout.trimEnd().endsWith(inWorkspace.stdout.trim())) {
    problems.push(
      `pnpm dlx contracttool doctor exited ${dlx.code} (${inWorkspace.code} in the workspace):\n${tail(dlx.output)}`,
    )
  }
  if (help.code !== 0 || !/doctor/.test(help.output)) {
    problems.push(`npx contracttool --help exited ${help.code}:\n${tail(help.output)}`)
  }
}

/** Compares each install's weight with its limit and prints both. */
function checkWeights(weights) {
  const limits = JSON.parse(readFileSync(limitsFile, 'utf8'))
  for (const [name, weight] of Object.entries(weights)) {
    const limit = limits[name]
    const line = `${name}: ${weight.packages} packages, ${(weight.bytes / 1024).toFixed(0)} KiB`
    if (limit === undefined) {
      problems.push(`${line}: no limit for "${name}" in ${limitsFile}`)
    } else if (weight.packages > limit.packages || weight.bytes > limit.bytes) {
      problems.push(
        `${line}: over the limit of ${limit.packages} packages, ${(limit.bytes / 1024).toFixed(0)} KiB in ${limitsFile}`,
      )
    } else log(`${line} (limit ${limit.packages} packages, ${(limit.bytes / 1024).toFixed(0)} KiB)`)
  }
}

async function main() {
  const packages = publicPackages()
  const unbuilt = packages.filter(({ dir, manifest }) => manifest.exports && !existsSync(join(dir, 'dist')))
  if (unbuilt.length > 0) {
    console.error(
      `check-published: not built: ${unbuilt.map(({ manifest }) => manifest.name).join(', ')}. Run pnpm run check:published, which builds first.`,
    )
    return 2
  }
  const uplink = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim()
  const folder = mkdtempSync(join(tmpdir(), 'contracttool-published-'))
  const registry = startRegistry(join(folder, 'registry'), uplink)
  const stop = () => {
    registry.child.kill('SIGKILL')
    if (!keep) rmSync(folder, { recursive: true, force: true })
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stop()
      process.exit(130)
    })
  }
  try {
    const url = await registry.ready
    log(`registry at ${url} (uplink ${uplink})`)
    const npmrc = await logIn(url, folder)
    const env = {
      ...process.env,
      npm_config_userconfig: npmrc,
      npm_config_update_notifier: 'false',
      NO_UPDATE_NOTIFIER: '1',
      CI: 'true',
    }
    for (const key of Object.keys(env)) {
      // A run inside pnpm or turbo passes on the workspace's settings, which must not reach the projects.
      if (/^(npm_package_|npm_lifecycle_|PNPM_|npm_config_(?!userconfig|update_notifier))/i.test(key)) {
        delete env[key]
      }
    }
    const published = await run('pnpm', ['publish', '-r', '--no-git-checks', '--registry', url], {
      cwd: root,
      env,
    })
    if (published.code !== 0) {
      problems.push(
        `publishing to the local registry failed (exit ${published.code}):\n${tail(published.output)}`,
      )
      return 1
    }
    log(`published ${packages.length} packages in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const context = { folder, registry: url, uplink, env, version: catalog() }
    const weights = {}
    const scenarios = SCENARIOS.filter((scenario) => only === undefined || scenario.name === only)
    await Promise.all([
      only === undefined || only === 'cli' ? checkCli(context) : undefined,
      ...scenarios.map(async (scenario) => {
        for (const client of ['npm', 'pnpm']) {
          const project = await install(scenario, client, context)
          if (project === undefined) continue
          if (client === 'npm') weights[scenario.name] = installWeight(project, scenario.ours)
          await runSuite(scenario, client, project, context)
          log(`${scenario.name} (${client}) done at ${((Date.now() - started) / 1000).toFixed(1)} s`)
        }
      }),
    ])
    checkWeights(weights)
    return problems.length === 0 ? 0 : 1
  } catch (error) {
    problems.push(error.message)
    return 1
  } finally {
    stop()
  }
}

const code = await main()
for (const problem of problems) console.error(`check-published: ${problem}`)
log(
  `${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
process.exit(code)
