#!/usr/bin/env node
// Declared dependencies equal imports, for every package under packages/: a package's `dependencies` are
// exactly the packages its production sources (`src/`, tests and test support left out) import, besides its
// `peerDependencies`, and what its tests import is declared in its package.json or the workspace root's. A private
// package (a test kit) is test code as a whole: what its files import is declared, and its `dependencies` are
// imported. And the layers the root README's architecture line draws ("Imports point down only: a ← {b, c} ← …")
// are the packages' own: each public package is in one layer, and depends only on packages of lower layers.
// Server-check and the adapters install none of the run machinery (harness, coverage, strict-required).
// Exit 1 with one line per difference; run by `pnpm run verify`.
import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '..')
const BUILTINS = new Set(builtinModules)
// What a package's build bundles from another package's sources brings that package's own run-time imports
// along, resolved from the bundle's place: `@contracttool/vitest`'s worker code bundles the validator, whose
// `ajvClasses()` requires Ajv the first time a schema is compiled.
const BUNDLED_IMPORTS = { '@contracttool/vitest': ['ajv'] }
// What the workspace root provides to every package's tests (Vitest, TypeScript).
const ROOT_DEV = new Set(
  Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies),
)

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or undefined for relative and built-in ones. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:'))
    return undefined
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  return BUILTINS.has(name) ? undefined : name
}

// Tests (`*.test.ts`) and the helpers only tests load (`*.test-kit.ts`, beside them: the README's convention).
function isTestFile(path) {
  return /\.test(-kit)?\.[cm]?[jt]sx?$/.test(path)
}

function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.[cm]?[jt]sx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

function importsOf(files, self) {
  const found = new Map()
  for (const file of files) {
    // TypeScript's own scan: `import`, `export … from`, `import()`, `require()`, not text in strings.
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const name = packageOf(fileName)
      if (name === undefined || name === self) continue
      if (!found.has(name)) found.set(name, relative(ROOT, file))
    }
  }
  return found
}

const problems = []
const packages = readdirSync(join(ROOT, 'packages')).map((dir) => ({
  dir,
  pkg: JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')),
}))
for (const { dir, pkg } of packages) {
  const root = join(ROOT, 'packages', dir)
  const dependencies = Object.keys(pkg.dependencies ?? {})
  // Peers name what the user's app brings (express, fastify); an adapter may leave them unimported.
  const runtime = new Set([...dependencies, ...Object.keys(pkg.peerDependencies ?? {})])
  const declared = new Set([...runtime, ...Object.keys(pkg.devDependencies ?? {})])
  const files = sourceFiles(join(root, 'src'))
  const isTest = (file) => pkg.private === true || isTestFile(relative(root, file))
  const production = importsOf(
    files.filter((file) => !isTest(file)),
    pkg.name,
  )
  const tests = importsOf(
    [
      ...files.filter(isTest),
      ...sourceFiles(root).filter((file) => relative(root, file).startsWith('test/')),
    ],
    pkg.name,
  )
  for (const name of BUNDLED_IMPORTS[pkg.name] ?? []) production.set(name, 'its bundled build')
  for (const [name, file] of production) {
    if (!runtime.has(name))
      problems.push(`${pkg.name}: ${file} imports ${name}, which is not in dependencies or peerDependencies`)
  }
  for (const name of dependencies) {
    if (!(pkg.private ? tests : production).has(name))
      problems.push(`${pkg.name}: ${name} is in dependencies but no file of src/ imports it`)
  }
  for (const [name, file] of tests) {
    if (!declared.has(name) && !ROOT_DEV.has(name))
      problems.push(`${pkg.name}: ${file} imports ${name}, which package.json does not declare`)
  }
}

// The README names packages by their folder, and the four adapters together.
const ADAPTERS = ['express', 'fastify', 'fetch', 'supertest']
// What validates without the run: server-check and the adapters report into a run through the run protocol
// of `@contracttool/exchange/internal`, so installing one must bring none of the run machinery, not even
// through another package (the root README's architecture line says so too).
const RUN_MACHINERY = ['harness', 'coverage', 'strict-required']
const WITHOUT_RUN = ['server-check', ...ADAPTERS]
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const line = /Imports point down only: ([^.]+)\./.exec(readme.replaceAll('\n', ' '))
if (line === null) problems.push('README.md: no architecture line ("Imports point down only: …")')
else {
  const layers = line[1]
    .split('←')
    .map((layer) =>
      layer
        .replace(/[{}]/g, '')
        .split(',')
        .map((name) => name.trim()),
    )
    .map((names) => names.flatMap((name) => (name === 'adapters' ? ADAPTERS : [name])))
  const layerOf = (dir) => layers.findIndex((names) => names.includes(dir))
  const dirOf = new Map(packages.map(({ dir, pkg }) => [pkg.name, dir]))
  for (const { dir, pkg } of packages) {
    if (pkg.private === true) continue
    if (layerOf(dir) === -1) {
      problems.push(`README.md: the architecture line does not place ${dir}`)
      continue
    }
    for (const name of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })) {
      const target = dirOf.get(name)
      if (target !== undefined && layerOf(target) >= layerOf(dir))
        problems.push(
          `README.md: the architecture line puts ${target} at or above ${dir}, which depends on it`,
        )
    }
  }
}

// What installing `dir` installs of the workspace: its dependencies and peers (npm installs peers), theirs, and so on.
const manifestOf = new Map(packages.map(({ dir, pkg }) => [dir, pkg]))
const dirByName = new Map(packages.map(({ dir, pkg }) => [pkg.name, dir]))
function installedBy(dir, path = [dir], found = new Map()) {
  const { dependencies, peerDependencies } = manifestOf.get(dir) ?? {}
  for (const name of Object.keys({ ...dependencies, ...peerDependencies })) {
    const target = dirByName.get(name)
    if (target === undefined || found.has(target)) continue
    found.set(target, [...path, target])
    installedBy(target, [...path, target], found)
  }
  return found
}
for (const dir of WITHOUT_RUN) {
  if (!manifestOf.has(dir)) {
    problems.push(
      `scripts/check-dependencies.mjs: no package ${dir} under packages/ for the run-machinery rule`,
    )
    continue
  }
  for (const [target, path] of installedBy(dir)) {
    if (RUN_MACHINERY.includes(target))
      problems.push(
        `${manifestOf.get(dir).name}: installs ${target} (${path.join(' → ')}), run machinery that server-check and the adapters must not bring`,
      )
  }
}

if (problems.length > 0) {
  console.error(
    `check-dependencies: ${problems.length} difference(s) between package.json, imports and the README's layers:`,
  )
  for (const line of problems) console.error(`  ${line}`)
  process.exit(1)
}
console.log(
  'check-dependencies: every package declares exactly what it imports, depends only on the layers below its own, and no adapter installs the run machinery',
)
