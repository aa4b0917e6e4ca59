import {
  compareRoutes,
  type ParityRoute,
  ROUTE_PARITY_IGNORED_METHODS,
  type RouteParity,
  type RouteParityOptions,
} from '@contracttool/matcher'
import { currentRuntime } from '@contracttool/server-check'
import { ContractToolError, type LoadedSpec } from '@contracttool/spec-loader'
import { ExpressErrorCode } from './errors.js'

type Layer = {
  route?: { path?: unknown; methods?: Record<string, boolean> }
  handle?: { stack?: unknown }
  rawPath?: unknown
  regexp?: RegExp & { fast_slash?: boolean }
  keys?: readonly { name: string | number }[]
}

/**
 * Compares the routes of an Express app (its router stack, nested routers included) with the operations
 * of a spec and returns both differences as data, so a test decides what to assert. Parameter names do
 * not matter (`/pets/:id` serves `/pets/{petId}`); HEAD, OPTIONS and TRACE are ignored.
 *
 * @example
 * const parity = routeParity(app, spec, { stripPrefixes: ['/api'] })
 * expect(parity.missingRoutes).toEqual([])
 * expect(parity.undocumentedRoutes).toEqual([])
 */
export function routeParity(
  app: unknown,
  spec: LoadedSpec | string,
  options: RouteParityOptions = {},
): RouteParity {
  const loaded = typeof spec === 'string' ? specByName(spec) : spec
  const stack = stackOf(app)
  const routes: ParityRoute[] = []
  collectRoutes(stack, '', routes)
  return compareRoutes(routes, loaded, options)
}

function specByName(name: string): LoadedSpec {
  const runtime = currentRuntime()
  if (runtime === undefined) {
    throw new ContractToolError(
      ExpressErrorCode.NoSpec,
      `routeParity(): spec '${name}' can only be looked up by name under the contractTesting() Vitest plugin; pass a spec returned by loadSpec() instead.`,
    )
  }
  return runtime.resolveSpec(name)
}

function stackOf(app: unknown): readonly Layer[] {
  const candidate = app as {
    router?: { stack?: unknown }
    _router?: { stack?: unknown }
    stack?: unknown
  } | null
  // Express 5 exposes `app.router`, Express 4 `app._router`; a Router itself carries `stack`.
  const stack = candidate?.router?.stack ?? candidate?._router?.stack ?? candidate?.stack
  if (!Array.isArray(stack)) {
    throw new ContractToolError(
      ExpressErrorCode.NotAnApp,
      'routeParity() expects an Express app or Router (something with a router stack) as its first argument.',
    )
  }
  return stack as Layer[]
}

function collectRoutes(stack: readonly Layer[], prefix: string, out: ParityRoute[]): void {
  for (const layer of stack) {
    if (layer.route !== undefined) {
      const methods = Object.keys(layer.route.methods ?? {}).filter((method) => method !== '_all')
      for (const path of pathsOf(layer.route.path)) {
        for (const method of methods) {
          const upper = method.toUpperCase()
          if (!ROUTE_PARITY_IGNORED_METHODS.has(upper))
            out.push({ method: upper, path: toTemplate(joinPaths(prefix, path)) })
        }
      }
      continue
    }
    const nested = layer.handle?.stack
    if (!Array.isArray(nested)) continue
    const mount = mountPathOf(layer)
    if (mount !== undefined) collectRoutes(nested as Layer[], joinPaths(prefix, mount), out)
  }
}

function pathsOf(path: unknown): string[] {
  if (typeof path === 'string') return [path]
  if (Array.isArray(path))
    return path.flat(Number.POSITIVE_INFINITY).filter((p): p is string => typeof p === 'string')
  return []
}

/** The path a router is mounted at: `rawPath` (Express 5) or rebuilt from the layer's regexp (Express 4). */
function mountPathOf(layer: Layer): string | undefined {
  if (typeof layer.rawPath === 'string') return layer.rawPath === '/' ? '' : layer.rawPath
  const regexp = layer.regexp
  if (regexp === undefined) return undefined
  if (regexp.fast_slash === true) return ''
  let index = 0
  const source = regexp.source
    .replace(/^\^/, '')
    .replace(/\\\/\?\(\?=\\\/\|\$\)$/, '')
    .replace(/\(\?:\(\[\^\\\/\]\+\?\)\)/g, () => `:${String(layer.keys?.[index++]?.name ?? 'param')}`)
    .replace(/\\(.)/g, '$1')
  return /^[\w\-./:~]*$/.test(source) ? source : undefined
}

function joinPaths(prefix: string, path: string): string {
  const joined = `${prefix.replace(/\/$/, '')}/${path.replace(/^\//, '')}`
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined
}

/** Express route syntax (`:id`, `:id?`, `*rest`, `{/:opt}`, `:id(\\d+)`) to an OpenAPI template. */
function toTemplate(path: string): string {
  return path
    .replace(/\(.*?\)/g, '')
    .replace(/[{}]/g, '')
    .replace(/:(\w+)\??/g, '{$1}')
    .replace(/\*(\w+)/g, '{$1}')
}

export type {
  ParityOperation,
  ParityRoute,
  RouteParity,
  RouteParityOptions,
} from '@contracttool/matcher'
