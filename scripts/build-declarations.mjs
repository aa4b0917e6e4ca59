#!/usr/bin/env node
// Type declarations of the package in the current directory, run after tsup by its `build` script.
// `tsc -p tsconfig.build.json` writes one `.d.ts` per source file reachable from the entry into `dist/`,
// reading the workspace packages it imports from their built `dist/` as a user's project would (the
// config clears the `@contracttool/source` condition), so each package compiles only its own sources.
// The config sets `noCheck` (the `typecheck` task checks every package, tests included; emitting alone is
// what a build needs) and the ES library without the DOM one, which only `@contracttool/fetch`'s public
// types need (`RequestInfo`): the same declarations, byte for byte, with less to parse and nothing to check twice.
// A package that ships CommonJS gets each `.d.ts` again as `.d.cts`, with relative imports pointing at
// `.cjs`: TypeScript reads a `.d.ts` in a `"type": "module"` package as ESM, and `require` users need
// declarations of the CommonJS format (https://www.typescriptlang.org/docs/handbook/modules/reference.html#module-format-detection).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const tsc = resolve(import.meta.dirname, '..', 'node_modules', '.bin', 'tsc')
try {
  execFileSync(tsc, ['-p', 'tsconfig.build.json'], { stdio: 'inherit' })
} catch {
  console.error(`build-declarations: tsc -p tsconfig.build.json failed in ${process.cwd()}`)
  process.exit(1)
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
if (pkg.exports?.['.']?.require !== undefined) {
  // `from './x.js'`, `export * from './x.js'` and `import('./x.js')`, relative specifiers only.
  const RELATIVE_JS = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\.js\2/g
  for (const entry of readdirSync('dist', { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue
    const path = join(entry.parentPath, entry.name)
    const text = readFileSync(path, 'utf8').replace(RELATIVE_JS, '$1$2$3.cjs$2')
    writeFileSync(path.replace(/\.d\.ts$/, '.d.cts'), text)
  }
}
