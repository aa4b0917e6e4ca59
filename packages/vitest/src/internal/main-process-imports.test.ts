import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The plugin's main-process half (options, spec preload, end-of-run reports) runs in the process that
// also transforms every test file for Vite: what it imports, every run pays for once, and the package
// entry is what every test file written as the README says imports. The validator and Ajv are the
// workers' business, the YAML parser loads with the first YAML spec. This walks the static import graph
// from the sources the way `verbatimModuleSyntax` keeps it (`import type` is dropped, `import { type A }`
// still loads the module).

const PACKAGES = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const STATEMENT = /^(?:import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?'([^']+)'/gm
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g

/** Every module a source file loads before it runs (dynamic `import()` left out), as files or package names. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>()
  const pending = [entry]
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    if (!file.endsWith('.ts')) continue
    const source = readFileSync(file, 'utf8').replace(DYNAMIC, '')
    for (const [, typeOnly, specifier] of source.matchAll(STATEMENT)) {
      if (typeOnly !== undefined || specifier === undefined) continue
      pending.push(resolveSpecifier(file, specifier))
    }
  }
  return seen
}

function resolveSpecifier(from: string, specifier: string): string {
  if (specifier.startsWith('.')) {
    return resolve(dirname(from), specifier.replace(/\.js$/, '.ts'))
  }
  // A package's entry, or one of its named entries (`@contracttool/harness/internal` → `src/internal.ts`).
  const workspace = /^@contracttool\/([^/]+)(?:\/([^/]+))?$/.exec(specifier)
  if (workspace !== null) {
    const entry = join(PACKAGES, workspace[1] as string, `src/${workspace[2] ?? 'index'}.ts`)
    if (existsSync(entry)) return entry
  }
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')
}

const SOURCE = (path: string) => join(PACKAGES, path)

describe('what the main process loads', () => {
  it.each([
    ['the plugin entry', 'vitest/src/index.ts'],
    ['the project setup and the end-of-run reports', 'vitest/src/internal/set-up-project.ts'],
    ['@contracttool/coverage (also what coverage:merge loads)', 'coverage/src/index.ts'],
    ['@contracttool/harness (finishRun, createContractRun)', 'harness/src/index.ts'],
  ])('%s leaves the validator, Ajv and the YAML parser to where they are used', (_name, entry) => {
    const graph = staticGraph(SOURCE(entry))
    expect(graph.size).toBeGreaterThan(3)
    const heavy = [...graph].filter(
      (module) =>
        module === 'ajv' ||
        module === 'ajv-formats' ||
        module === 'js-yaml' ||
        module.startsWith(SOURCE('validator/')) ||
        module.startsWith(SOURCE('server-check/')),
    )
    expect(heavy).toEqual([])
  })

  it('runs the strict additional-properties check on the pattern engine, without the validator or Ajv', () => {
    // finishRun evaluates `patternProperties` in the main process: the engine's own package comes along.
    const graph = staticGraph(SOURCE('harness/src/index.ts'))
    expect(graph).toContain(SOURCE('strict-required/src/internal/properties-view.ts'))
    expect(graph).toContain(SOURCE('pattern/src/internal/linear-matcher.ts'))
    expect(
      [...graph].filter((module) => module === 'ajv' || module.startsWith(SOURCE('validator/'))),
    ).toEqual([])
  })

  it('loads no other package but the kernel for what the entry takes from the harness', () => {
    const graph = staticGraph(SOURCE('harness/src/internal.ts'))
    expect(graph.size).toBeGreaterThan(1)
    // The kernel (error classes, value describers) is what the entry's own errors load anyway.
    expect(
      [...graph].filter(
        (module) =>
          !module.startsWith(SOURCE('harness/src/')) &&
          !module.startsWith(SOURCE('kernel/src/')) &&
          !module.startsWith('node:'),
      ),
    ).toEqual([])
  })

  it('sees through to the validator where it is loaded', () => {
    for (const entry of ['vitest/src/internal/runtime.ts', 'harness/src/checks.ts']) {
      const graph = staticGraph(SOURCE(entry))
      expect(graph).toContain('ajv')
      expect(graph).toContain(SOURCE('validator/src/index.ts'))
    }
  })
})
