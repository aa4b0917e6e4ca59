import { loadEntry, loadEntrySync } from './internal/load-entry.js'
import { locateSpec } from './internal/locate-spec.js'
import type { LoadSpecOptions } from './load-options.js'
import type { LoadedSpec } from './types.js'

/**
 * Loads the spec called `name` from `options.basePath`: `<name>.json`, else `<name>.yaml`, else
 * `<name>.yml`. The document must be OpenAPI 3.0.x, 3.1.x or 3.2.x; `$ref`s to other files are bundled
 * into the result (they must stay inside `basePath`), remote `$ref`s are fetched only from
 * `remoteRefs.allowedHosts`. Throws a `ContractToolError` with a `SpecErrorCode` on any problem.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#relative-references-in-uris
 * @example
 * const spec = await loadSpec('petstore', { basePath: 'openapi' })
 * spec.operations.map((operation) => operation.key) // ['GET /pets', 'POST /pets', ...]
 */
export async function loadSpec(name: string, options: LoadSpecOptions): Promise<LoadedSpec> {
  return loadEntry(locateSpec(name, options))
}

/**
 * `loadSpec` without yielding, for code that cannot await (matchers inside a test). Remote `$ref`s
 * cannot be fetched synchronously: a spec that needs one fails with `RefRemoteDisallowed`.
 *
 * @example
 * const spec = loadSpecSync('petstore', { basePath: 'openapi' })
 */
export function loadSpecSync(name: string, options: LoadSpecOptions): LoadedSpec {
  return loadEntrySync(locateSpec(name, options))
}

/**
 * The file `loadSpec(name, options)` reads, found the same way and refused for the same reasons, without
 * reading it: for tools that take file paths, such as `contracttool doctor` fed from a config file.
 *
 * @example
 * findSpecFile('petstore', { basePath: 'openapi' }) // '/project/openapi/petstore.yaml'
 */
export function findSpecFile(name: string, options: LoadSpecOptions): string {
  return locateSpec(name, options).path
}
