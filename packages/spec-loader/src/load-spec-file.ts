import { loadEntry, loadEntrySync } from './internal/load-entry.js'
import { locateSpecFile } from './internal/locate-spec.js'
import type { LoadSpecFileOptions } from './load-options.js'
import type { LoadedSpec } from './types.js'

/**
 * Loads a spec from a file path (`.json`, `.yaml` or `.yml`). The spec is named after the file (without
 * extension) unless `options.name` says otherwise; local `$ref`s must stay inside the file's folder
 * unless `options.root` widens it.
 *
 * @example
 * const spec = await loadSpecFile('openapi/petstore.yaml')
 * spec.name // 'petstore'
 */
export async function loadSpecFile(path: string, options?: LoadSpecFileOptions): Promise<LoadedSpec> {
  return loadEntry(locateSpecFile(path, options))
}

/**
 * `loadSpecFile` without yielding. Remote `$ref`s fail with `RefRemoteDisallowed`.
 *
 * @example
 * const spec = loadSpecFileSync('openapi/petstore.yaml', { name: 'petstore' })
 */
export function loadSpecFileSync(path: string, options?: LoadSpecFileOptions): LoadedSpec {
  return loadEntrySync(locateSpecFile(path, options))
}
