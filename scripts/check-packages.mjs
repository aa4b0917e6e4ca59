#!/usr/bin/env node
// Packaging check: packs every public workspace package exactly as it would be published, lints each
// tarball with publint and are-the-types-wrong, and checks that the ESM and CJS entries of each package
// load and expose the same names, and that each package's published declarations compile under `strict`
// without `skipLibCheck` (each `.d.ts` is emitted from its source file alone, see build-packages.mjs:
// this is where they meet a type checker). Exits non-zero after reporting every problem.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '..')
const packagesDir = join(root, 'packages')
const out = mkdtempSync(join(tmpdir(), 'contracttool-pack-'))
const bin = (name) => join(root, 'node_modules', '.bin', name)
const problems = []

const run = (cmd, args, cwd) => {
  try {
    return {
      ok: true,
      output: execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    }
  } catch (error) {
    return { ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }
  }
}

for (const dir of readdirSync(packagesDir).sort()) {
  const pkgDir = join(packagesDir, dir)
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
  if (pkg.private) continue
  const before = new Set(readdirSync(out))
  const packed = run('pnpm', ['pack', '--pack-destination', out], pkgDir)
  const tarball = readdirSync(out).find((file) => !before.has(file) && file.endsWith('.tgz'))
  if (!packed.ok || !tarball) {
    problems.push(`${pkg.name}: pnpm pack failed\n${packed.output}`)
    continue
  }
  const tgz = join(out, tarball)
  const publint = run(bin('publint'), ['run', tgz, '--strict', '--pack', 'false'], root)
  if (!publint.ok || /warning|error/i.test(publint.output.replace(/0 (warnings?|errors?)/gi, ''))) {
    problems.push(`${pkg.name}: publint\n${publint.output}`)
  }
  const esmOnly = pkg.exports?.['.']?.require === undefined
  const attw = run(
    bin('attw'),
    [tgz, '--format', 'ascii', ...(esmOnly ? ['--profile', 'esm-only'] : [])],
    root,
  )
  if (!attw.ok) problems.push(`${pkg.name}: are-the-types-wrong\n${attw.output}`)
  if (!esmOnly) {
    const esm = Object.keys(await import(pathToFileURL(join(pkgDir, 'dist', 'index.js')).href)).sort()
    const cjs = Object.keys(
      createRequire(join(pkgDir, 'package.json'))(join(pkgDir, 'dist', 'index.cjs')),
    ).sort()
    if (esm.join() !== cjs.join()) {
      problems.push(
        `${pkg.name}: ESM and CJS entries differ\n  esm: ${esm.join(', ')}\n  cjs: ${cjs.join(', ')}`,
      )
    }
  }
  console.log(`${problems.length === 0 ? 'ok' : '..'} ${pkg.name} (${tarball})`)
}

// The built declarations, as a user's strict project without `skipLibCheck` reads them: one program per
// package, as a project installs one runner's binding (Vitest's and Jest's `expect` augmentations do not meet).
for (const dir of readdirSync(packagesDir).sort()) {
  if (JSON.parse(readFileSync(join(packagesDir, dir, 'package.json'), 'utf8')).private) continue
  const files = readdirSync(join(packagesDir, dir, 'dist'), { recursive: true })
    .filter((file) => /\.d\.c?ts$/.test(file))
    .map((file) => join(packagesDir, dir, 'dist', file))
  const declarations = run(
    bin('tsc'),
    [
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      'false',
      '--module',
      'nodenext',
      '--target',
      'es2022',
      '--types',
      'node',
      ...files,
    ],
    root,
  )
  if (!declarations.ok)
    problems.push(`${dir}: published declarations do not compile:\n${declarations.output}`)
}

rmSync(out, { recursive: true, force: true })
if (problems.length > 0) {
  console.error(`\nPackaging check failed for ${problems.length} package(s):\n\n${problems.join('\n\n')}`)
  process.exit(1)
}
console.log(
  '\nAll public packages pack cleanly: publint and are-the-types-wrong pass, ESM and CJS expose the same names, the declarations compile.',
)
