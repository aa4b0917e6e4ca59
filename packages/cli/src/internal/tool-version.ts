import { readFileSync } from 'node:fs'

/**
 * The version of this package, read from its package.json: one folder above `dist/` once built, two
 * above `src/internal/` when run from sources. Read lazily so importing the package costs nothing.
 */
export function toolVersion(): string {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as {
        name?: unknown
        version?: unknown
      }
      if (pkg.name === 'contracttool' && typeof pkg.version === 'string') return pkg.version
    } catch {
      // Not this candidate; try the next.
    }
  }
  return 'unknown'
}
