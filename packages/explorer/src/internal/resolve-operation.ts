import { ContractToolError } from '@contracttool/kernel'
import { getPathMatcher } from '@contracttool/matcher'
import type { IndexedOperation, LoadedSpec } from '@contracttool/spec-loader'
import { ExplorerErrorCode } from '../explorer-error-code.js'
import { EXPLORER_METHODS, type ExplorerMethod, isExplorerMethod } from '../explorer-method.js'

/**
 * Resolves (method, path) to a documented operation. `path` is a template as written in `paths`
 * or a concrete URI (matched with `stripPrefixes`; captured values are discarded because every
 * value is generated).
 */
export function resolveOperation(
  spec: LoadedSpec,
  method: string,
  path: string,
  stripPrefixes: readonly string[],
): { readonly operation: IndexedOperation; readonly method: ExplorerMethod } {
  const upper = typeof method === 'string' ? method.toUpperCase() : ''
  if (!isExplorerMethod(upper)) {
    throw new ContractToolError(
      ExplorerErrorCode.UnsupportedMethod,
      `Unsupported HTTP method '${String(method)}' — explorer accepts ${EXPLORER_METHODS.join(', ')}.`,
      { specName: spec.name },
    )
  }
  if (typeof path !== 'string') {
    throw new ContractToolError(
      ExplorerErrorCode.InvalidOption,
      `The path must be a string, received ${typeof path}.`,
    )
  }
  const template = spec.operationsByPath.has(path)
    ? path
    : getPathMatcher(spec).match(path, { stripPrefixes })?.template
  if (template === undefined) {
    throw new ContractToolError(
      ExplorerErrorCode.PathNotFound,
      `Path '${path}' is not declared in OpenAPI spec '${spec.name}'.`,
      { specName: spec.name },
    )
  }
  const operation = spec.operations.find(
    (op) => op.path === template && op.method === upper && !op.isAdditional,
  )
  if (operation === undefined) {
    throw new ContractToolError(
      ExplorerErrorCode.OperationNotFound,
      `Operation ${upper} '${template}' is not declared in OpenAPI spec '${spec.name}'.`,
      { specName: spec.name },
    )
  }
  return { operation, method: upper }
}
