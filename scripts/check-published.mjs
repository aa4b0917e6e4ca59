#!/usr/bin/env node
// The packages as users get them. Starts a real npm registry on the loopback interface (Verdaccio, see
// local-registry.cjs) whose uplink is the registry npm is configured to use, publishes every public
// workspace package to it at the working tree's version (`pnpm publish -r`, which turns `workspace:` ranges
// into versions), then, each in an empty temporary project:
// - `pnpm dlx contracttool doctor --spec=…` prints the report and exits as it does in the workspace, and
//   `npx contracttool --help` works (both with the local registry as the project's registry);
// - each example of `examples/` (one per runner and adapter: the root README's install lines) installs with
//   npm and with pnpm, our packages from the local registry, without warnings about peer dependencies;
//   every file a published package points at (`exports`, `main`, `types`, `bin`) is in it; and its tests
//   (`npm test`) pass and print what they should (the coverage report, for the runners);
// - what each npm install brings with our packages (the packages they depend on, peers left out: package
//   count and bytes on disk) stays within the limits in `scripts/published-install-limits.json`;
// - each example asks for the version published now, and for the catalog's versions of other packages.
// The registry, its storage, the projects and the caches of dlx and npx are removed whatever happens; the
// installs share npm's and pnpm's caches with the machine (both are keyed by content). Needs the packages
// built (`pnpm run check:published` builds them first).
// Usage: node scripts/check-published.mjs [--keep] [--only <example>|cli]
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
import { join, resolve } from 'node:path'

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
  return (name) => entries.get(name) ?? '(none)'
}

/**
 * `env` without what a run inside pnpm or turbo passes on of the workspace's settings (`npm_config_*`,
 * `npm_package_*`, …), which must not reach the projects, nor npm (it warns about the keys it does not know).
 */
function npmEnv(env) {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([key]) => !/^(npm_package_|npm_lifecycle_|PNPM_|npm_config_(?!userconfig|update_notifier))/i.test(key),
    ),
  )
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

/**
 * What the examples print when their tests pass. Each folder of `examples/` is a project a user can copy:
 * its `package.json` lists what to install (the root README's install line of that runner or adapter) and
 * its `test` script runs its one suite.
 */
const COVERAGE = /\[petstore\] endpoints: \d+\/\d+ fully covered/
const EXAMPLES = {
  vitest: COVERAGE,
  jest: COVERAGE,
  'node-test': COVERAGE,
  mocha: COVERAGE,
  playwright: COVERAGE,
  express: /GET \/pets 200\nGET \/health 200\n0 contract violations/,
  'custom-harness': /GET \/pets 200 application\/json: 1 violation against 'petstore' spec/,
}

/** An example's project: where it is, what of ours and of others it installs. */
function readExample(name) {
  const dir = join(root, 'examples', name)
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  const dependencies = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
  const isOurs = ([dependency]) => dependency.startsWith('@contracttool/') || dependency === 'contracttool'
  return {
    name,
    dir,
    ours: dependencies.filter(isOurs),
    theirs: dependencies.filter((entry) => !isOurs(entry)),
    prints: EXAMPLES[name],
  }
}

/**
 * What keeps an example in step with the workspace: its ranges of ours take the version published now, its
 * ranges of others are the catalog's (the versions the workspace tests with), and the root README's install
 * table gives its packages of ours.
 */
function checkExample(example, published, catalogRange) {
  const found = []
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  for (const [name, range] of example.ours) {
    const version = published.get(name)
    if (version === undefined)
      found.push(`examples/${example.name} depends on ${name}, which is not published`)
    else if (range !== `^${version}`) {
      found.push(
        `examples/${example.name}: ${name} is "${range}"; the workspace publishes ${version} ("^${version}")`,
      )
    }
  }
  for (const [name, range] of example.theirs) {
    const wanted = catalogRange(name)
    if (range !== wanted)
      found.push(`examples/${example.name}: ${name} is "${range}"; the catalog has "${wanted}"`)
  }
  // The README's install lines (`pnpm add -D a b`), each as the set of packages it names.
  const lines = [...readme.matchAll(/`pnpm add -D ([^`]+)`/g)].map((match) => new Set(match[1].split(/\s+/)))
  const names = example.ours.map(([name]) => name)
  if (!lines.some((line) => line.size === names.length && names.every((name) => line.has(name)))) {
    found.push(
      `README.md has no install line \`pnpm add -D ${names.join(' ')}\` for examples/${example.name}`,
    )
  }
  return found
}

/** Installs an example in a new project with one client; returns the project folder, or undefined after a problem. */
async function install(example, client, context) {
  const project = join(context.folder, `${example.name}-${client}`)
  cpSync(example.dir, project, { recursive: true, filter: (path) => !path.includes('node_modules') })
  // Ours from the local registry, the rest straight from the uplink: proxied through the local registry,
  // every package's full metadata would be fetched again on each run.
  writeFileSync(
    join(project, '.npmrc'),
    `registry=${context.uplink}\n@contracttool:registry=${context.registry}\n`,
  )
  const command =
    client === 'npm'
      ? ['npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']]
      : ['pnpm', ['install', '--prefer-offline', '--config.strict-peer-dependencies=false']]
  const result = await run(command[0], command[1], { cwd: project, env: context.env })
  const what = `examples/${example.name} (${client} install)`
  if (result.code !== 0) {
    problems.push(`${what} failed (exit ${result.code}):\n${tail(result.output)}`)
    return undefined
  }
  const warnings = result.output.split('\n').filter((line) => PEER_WARNING.test(line))
  if (warnings.length > 0) problems.push(`${what} warned about peer dependencies:\n${warnings.join('\n')}`)
  const names = example.ours.map(([name]) => name)
  for (const problem of checkInstalled(project, names)) problems.push(`${what}: ${problem}`)
  return project
}

/** Runs an example's tests as its README says (`npm test`), and checks what they print. */
async function runExample(example, client, project, context) {
  const env = { ...context.env, PORT: String(await freePort()) }
  const result = await run('npm', ['test'], { cwd: project, env })
  const what = `examples/${example.name} (${client}): \`npm test\``
  if (result.code !== 0) problems.push(`${what} exited ${result.code}:\n${tail(result.output, 40)}`)
  else if (!example.prints.test(result.output)) {
    problems.push(`${what} passed but did not print ${example.prints}:\n${tail(result.output, 40)}`)
  }
}

/** A loopback port nothing listens on now (the Playwright example serves its app there). */
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
  const uplink = execFileSync('npm', ['config', 'get', 'registry'], {
    encoding: 'utf8',
    env: npmEnv(process.env),
  }).trim()
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
    const env = npmEnv({
      ...process.env,
      npm_config_userconfig: npmrc,
      npm_config_update_notifier: 'false',
      NO_UPDATE_NOTIFIER: '1',
      CI: 'true',
    })
    const publishing = await run('pnpm', ['publish', '-r', '--no-git-checks', '--registry', url], {
      cwd: root,
      env,
    })
    if (publishing.code !== 0) {
      problems.push(
        `publishing to the local registry failed (exit ${publishing.code}):\n${tail(publishing.output)}`,
      )
      return 1
    }
    log(`published ${packages.length} packages in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const context = { folder, registry: url, uplink, env }
    const catalogRange = catalog()
    const versions = new Map(packages.map(({ manifest }) => [manifest.name, manifest.version]))
    const weights = {}
    const examples = Object.keys(EXAMPLES)
      .filter((name) => only === undefined || name === only)
      .map(readExample)
    for (const example of examples) problems.push(...checkExample(example, versions, catalogRange))
    await Promise.all([
      only === undefined || only === 'cli' ? checkCli(context) : undefined,
      ...examples.map(async (example) => {
        for (const client of ['npm', 'pnpm']) {
          const project = await install(example, client, context)
          if (project === undefined) continue
          if (client === 'npm')
            weights[example.name] = installWeight(
              project,
              example.ours.map(([name]) => name),
            )
          await runExample(example, client, project, context)
          log(`examples/${example.name} (${client}) done at ${((Date.now() - started) / 1000).toFixed(1)} s`)
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
