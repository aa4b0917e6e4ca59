import type { LoadedSpec } from '@contracttool/spec-loader'

/** A route the app serves, its path written as an OpenAPI template (`/pets/{petId}`). */
export interface ParityRoute {
  readonly method: string
  readonly path: string
}

/** A documented operation. */
export interface ParityOperation {
  readonly method: string
  readonly path: string
  readonly operationId: string | undefined
}

/** Where the app and the spec disagree about which endpoints exist. */
export interface RouteParity {
  /** Documented operations no route serves. */
  readonly missingRoutes: readonly ParityOperation[]
  /** Routes no documented operation describes. */
  readonly undocumentedRoutes: readonly ParityRoute[]
  /** Every route found, for reference. */
  readonly routes: readonly ParityRoute[]
}

export interface RouteParityOptions {
  /** Route prefixes absent from the spec's paths (the app mounts the API under `/api`). */
  readonly stripPrefixes?: readonly string[]
}

/** Methods no parity check considers: frameworks add them implicitly and specs rarely document them. */
export const ROUTE_PARITY_IGNORED_METHODS: ReadonlySet<string> = new Set(['HEAD', 'OPTIONS', 'TRACE'])

/**
 * Both differences between the routes an app serves and the operations a spec documents: documented
 * operations no route serves, and routes no operation describes. Parameter names never decide (`/pets/{id}`
 * and `/pets/{petId}` are one endpoint); HEAD, OPTIONS and TRACE are ignored. Framework adapters collect
 * the routes (`routeParity()` in `@contracttool/express` and `@contracttool/fastify`).
 *
 * @example
 * const parity = compareRoutes([{ method: 'GET', path: '/pets' }], spec, {})
 * parity.missingRoutes // documented operations the app does not serve
 */
export function compareRoutes(
  routes: readonly ParityRoute[],
  spec: LoadedSpec,
  options: RouteParityOptions,
): RouteParity {
  const stripPrefixes = options.stripPrefixes ?? []
  const keyOf = (route: ParityRoute) => `${route.method} ${shapeOf(stripPrefix(route.path, stripPrefixes))}`
  const served = new Set(routes.map(keyOf))
  const documented = new Set<string>()
  const missingRoutes: ParityOperation[] = []
  for (const operation of spec.operations) {
    if (ROUTE_PARITY_IGNORED_METHODS.has(operation.method)) continue
    const key = `${operation.method} ${shapeOf(operation.path)}`
    documented.add(key)
    if (!served.has(key))
      missingRoutes.push({
        method: operation.method,
        path: operation.path,
        operationId: operation.operationId,
      })
  }
  return {
    missingRoutes,
    undocumentedRoutes: routes.filter((route) => !documented.has(keyOf(route))),
    routes,
  }
}

/** Parameter names never decide parity: `/pets/{id}` and `/pets/{petId}` are one endpoint. */
function shapeOf(template: string): string {
  const trimmed = template.length > 1 ? template.replace(/\/+$/, '') : template
  return trimmed.replace(/\{[^}]*\}/g, '{}')
}

function stripPrefix(path: string, prefixes: readonly string[]): string {
  const prefix = prefixes.find((candidate) => path.startsWith(candidate))
  if (prefix === undefined) return path
  const rest = path.slice(prefix.length)
  return rest === '' ? '/' : rest
}
