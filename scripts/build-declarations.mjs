#!/usr/bin/env node
// Type declarations of the package in the current directory, run after tsup by its `build` script.
// Each `.d.ts` comes from its own source file alone (TypeScript's `isolatedDeclarations`, set in
// `tsconfig.build.json`): exported functions, classes and constants carry their types in the source, so
// no type-checker program is built (the `typecheck` task checks every package, tests included). Starting
// from the config's `files` (the package's entries), a file's declarations are written to `dist/` and the
// files they import are emitted in turn: what the published types need, nothing else.
// A package that ships CommonJS gets each `.d.ts` again as `.d.cts`, with relative imports pointing at
// `.cjs`: TypeScript reads a `.d.ts` in a `"type": "module"` package as ESM, and `require` users need
// declarations of the CommonJS format (https://www.typescriptlang.org/docs/handbook/modules/reference.html#module-format-detection).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const fail = (message) => {
  console.error(`build-declarations: ${message} (in ${process.cwd()})`)
  process.exit(1)
}

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
    fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
}
const config = ts.getParsedCommandLineOfConfigFile('tsconfig.build.json', {}, host)
if (config === undefined || config.errors.length > 0) fail('tsconfig.build.json does not parse')
const { options } = config
const rootDir = resolve(options.rootDir ?? 'src')
const outDir = resolve(options.outDir ?? 'dist')

const written = []
const problems = []
const queue = config.fileNames.map((file) => resolve(file))
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
  console.error(
    ts.formatDiagnostics(problems, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    }),
  )
  fail(`${problems.length} declaration(s) need an explicit type (isolatedDeclarations)`)
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
if (pkg.exports?.['.']?.require !== undefined) {
  // `from './x.js'`, `export * from './x.js'` and `import('./x.js')`, relative specifiers only.
  const RELATIVE_JS = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\.js\2/g
  for (const path of written) {
    writeFileSync(
      path.replace(/\.d\.ts$/, '.d.cts'),
      readFileSync(path, 'utf8').replace(RELATIVE_JS, '$1$2$3.cjs$2'),
    )
  }
}
