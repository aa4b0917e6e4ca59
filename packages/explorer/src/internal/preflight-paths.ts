import { ContractToolError, isObject } from '@contracttool/kernel'
import { follow, type LoadedSpec } from '@contracttool/spec-loader'
import { ExplorerErrorCode } from '../explorer-error-code.js'

/**
 * Fails before any dispatch when `paths` (or a path item, or an operation under it) is not an
 * object: exploring half a spec and then stopping would leave the test's side effects half done.
 */
export function assertExplorablePaths(spec: LoadedSpec): void {
  const paths = spec.document.paths
  const fail = (where: string, received: unknown): never => {
    throw new ContractToolError(
      ExplorerErrorCode.MalformedPaths,
      `Malformed ${where} in spec '${spec.name}': expected an object, received ${received === null ? 'null' : Array.isArray(received) ? 'a list' : typeof received}.`,
      { specName: spec.name },
    )
  }
  if (paths === undefined) return
  if (!isObject(paths)) fail("'paths'", paths)
  for (const [path, rawItem] of Object.entries(paths as Record<string, never>)) {
    const item = follow(spec.document, rawItem)
    if (!isObject(item)) fail(`path item '${path}'`, item)
  }
  for (const operation of spec.operations) {
    if (!isObject(operation.operation)) fail(`operation ${operation.key}`, operation.operation)
  }
}
