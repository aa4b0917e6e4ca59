import { statSync } from 'node:fs'
import { basename, dirname, extname, join } from 'node:path'

const ORDER = ['.json', '.yaml', '.yml'] as const

/**
 * The file the runtime loader would pick instead of `path` when it looks the spec up by name: it tries
 * `<name>.json`, then `.yaml`, then `.yml`, so `x.yaml` beside `x.json` is shadowed. Undefined when
 * `path` is the loader's pick (or has another extension).
 */
export function findShadowingSpec(path: string): string | undefined {
  const extension = extname(path).toLowerCase()
  const rank = ORDER.indexOf(extension as (typeof ORDER)[number])
  if (rank <= 0) return undefined
  const stem = basename(path, extname(path))
  for (const candidateExtension of ORDER.slice(0, rank)) {
    const candidate = join(dirname(path), `${stem}${candidateExtension}`)
    try {
      if (statSync(candidate).isFile()) return candidate
    } catch {
      // Absent: not shadowing.
    }
  }
  return undefined
}
