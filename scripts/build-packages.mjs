#!/usr/bin/env node
// Builds workspace packages into their `dist/`: the JavaScript with tsup's `build` API (the package's
// `tsup.config.ts`, or `defaultConfig()` below for a package without one), then its type declarations.
// Usage: node scripts/build-packages.mjs [package name ...]
// Without names it builds the package in the current directory (each package's `build` script, run by
// turbo). With names it builds those packages and the workspace packages they depend on (`dependencies`),
// dependencies first, all in this one process: `pnpm demo` builds what the example app's suite imports.
// Starting Node, loading tsup and loading TypeScript take longer than building a package of this
// repository, so building several packages in one process does each of them once.
//
// Declarations: each `.d.ts` comes from its own source file alone (TypeScript's `isolatedDeclarations`, set
// in `tsconfig.build.json`): exported functions, classes and constants carry their types in the source, so
// no type-checker program is built (the `typecheck` task checks every package, tests included). Starting
// from the config's `files` (the package's entries), a file's declarations are written to `dist/` and the
// files they import are emitted in turn: what the published types need, nothing else.
// A package that ships CommonJS gets each `.d.ts` again as `.d.cts`, with relative imports pointing at
// `.cjs`: TypeScript reads a `.d.ts` in a `"type": "module"` package as ESM, and `require` users need
// declarations of the CommonJS format (https://www.typescriptlang.org/docs/handbook/modules/reference.html#module-format-detection).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { build } from 'tsup'

// Required rather than imported: an `import` of a CommonJS module makes Node scan its source for the names it
// exports first, and TypeScript's is 9 MB (about 0.6 s of CPU here, as long as loading it).
const ts = createRequire(import.meta.url)('typescript')

const root = resolve(import.meta.dirname, '..')
const readPackage = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))

// The build of a package with nothing else to say, which has no `tsup.config.ts` of its own: for Node 20, an
// entry for each source its `exports` name (the `@contracttool/source` condition), ESM, and CommonJS when its
// main entry has a `require` condition. `shims` gives the CommonJS build `import.meta.url` where a source uses
// it (and adds nothing where none does).
function defaultConfig(pkg) {
  const sources = Object.values(pkg.exports ?? {}).map((target) => target?.['@contracttool/source'])
  return {
    entry: [...new Set(sources.filter((source) => source?.endsWith('.ts')).map((source) => source.slice(2)))],
    format: pkg.exports?.['.']?.require === undefined ? ['esm'] : ['esm', 'cjs'],
    clean: true,
    shims: true,
    target: 'node20',
    tsconfig: 'tsconfig.build.json',
  }
}

/** A workspace package this script builds: its `build` script is this script. */
const isBuiltHere = (dir) =>
  existsSync(join(dir, 'package.json')) && /build-packages\.mjs/.test(readPackage(dir).scripts?.build ?? '')

/** The package directories to build: the current one, or the named packages after their dependencies. */
function packageDirs(names) {
  if (names.length === 0) {
    if (!isBuiltHere(process.cwd())) throw new Error(`${process.cwd()} is not built by this script`)
    return [process.cwd()]
  }
  const workspace = new Map()
  for (const entry of readdirSync(join(root, 'packages'))) {
    const dir = join(root, 'packages', entry)
    if (isBuiltHere(dir)) workspace.set(readPackage(dir).name, dir)
  }
  const ordered = []
  const visit = (name, from) => {
    const dir = workspace.get(name)
    if (dir === undefined) {
      throw new Error(
        `${name}${from ? ` (a dependency of ${from})` : ''} is not a package under packages/ that this script builds`,
      )
    }
    if (ordered.includes(dir)) return
    const { dependencies = {} } = readPackage(dir)
    for (const [dependency, version] of Object.entries(dependencies)) {
      if (version.startsWith('workspace:')) visit(dependency, name)
    }
    ordered.push(dir)
  }
  for (const name of names) visit(name)
  return ordered
}

/** Writes the declarations of the package in `dir`; throws when one cannot be emitted. */
function writeDeclarations(dir) {
  let configProblem
  const config = ts.getParsedCommandLineOfConfigFile(
    join(dir, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      // `ts.sys` reads the current directory once.
      getCurrentDirectory: () => dir,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        configProblem = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
      },
    },
  )
  if (config === undefined || config.errors.length > 0) {
    throw new Error(`tsconfig.build.json does not parse${configProblem ? `: ${configProblem}` : ''}`)
  }
  const { options } = config
  const rootDir = resolve(dir, options.rootDir ?? 'src')
  const outDir = resolve(dir, options.outDir ?? 'dist')

  const written = []
  const problems = []
  const queue = config.fileNames.map((file) => resolve(dir, file))
  const seen = new Set(queue)
  while (queue.length > 0) {
    const file = queue.shift()
    const { outputText, diagnostics } = ts.transpileDeclaration(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: options,
      reportDiagnostics: true,
    })
    problems.push(...(diagnostics ?? []))
    const out = join(outDir, relative(rootDir, file)).replace(/\.ts$/, '.d.ts')
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, outputText)
    written.push(out)
    // `./x.js` in a declaration is `./x.ts` beside the source.
    for (const { fileName } of ts.preProcessFile(outputText, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue
      const source = resolve(dirname(file), fileName.replace(/\.js$/, '.ts'))
      if (!seen.has(source)) {
        seen.add(source)
        queue.push(source)
      }
    }
  }
  if (problems.length > 0) {
    const text = ts.formatDiagnostics(problems, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => dir,
      getNewLine: () => '\n',
    })
    throw new Error(
      `${problems.length} declaration(s) need an explicit type (isolatedDeclarations):\n${text}`,
    )
  }

  if (readPackage(dir).exports?.['.']?.require !== undefined) {
    // `from './x.js'`, `export * from './x.js'` and `import('./x.js')`, relative specifiers only.
    const RELATIVE_JS = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\.js\2/g
    for (const path of written) {
      writeFileSync(
        path.replace(/\.d\.ts$/, '.d.cts'),
        readFileSync(path, 'utf8').replace(RELATIVE_JS, '$1$2$3.cjs$2'),
      )
    }
  }
  return written.length
}

let dirs
try {
  dirs = packageDirs(process.argv.slice(2))
} catch (error) {
  console.error(`build-packages: ${error.message}`)
  process.exit(2)
}
// esbuild resolves relative paths (tsup's entries and `outDir`) against the directory it was loaded in
// unless told otherwise, and tsup against the current one: each build runs in its package's directory, with
// esbuild told so. tsup lets these options replace the config's own `plugins` (its `esbuildPlugins` stay),
// so a config with tsup plugins is refused rather than built without them.
const inPackageDirectory = {
  name: 'in-package-directory',
  esbuildOptions(options) {
    options.absWorkingDir = process.cwd()
  },
}
for (const dir of dirs) {
  process.chdir(dir)
  const pkg = readPackage('.')
  const { name } = pkg
  const ownConfig = existsSync('tsup.config.ts')
  if (ownConfig && /(^|\W)plugins\s*:/m.test(readFileSync('tsup.config.ts', 'utf8'))) {
    console.error(
      `build-packages: ${name}'s tsup.config.ts sets tsup \`plugins\`, which this script replaces`,
    )
    process.exit(2)
  }
  try {
    await build({
      ...(ownConfig ? {} : { ...defaultConfig(pkg), config: false }),
      silent: true,
      plugins: [inPackageDirectory],
    })
    const declarations = writeDeclarations(dir)
    console.log(`${name}: built dist/ (${declarations} declaration files)`)
  } catch (error) {
    // esbuild has already printed what failed in the source.
    console.error(`build-packages: ${name} (${relative(root, dir)}) did not build: ${error.message}`)
    process.exit(1)
  }
}
