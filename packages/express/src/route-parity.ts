import { currentRunRuntime } from '@contracttool/exchange/internal'
import { ContractToolError } from '@contracttool/kernel'
import { compareRoutes } from '@contracttool/matcher'
import {
  type ParityRoute,
  ROUTE_PARITY_IGNORED_METHODS,
  type RouteParity,
  type RouteParityOptions,
} from '@contracttool/matcher/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { ExpressErrorCode } from './errors.js'

type Layer = {
  route?: { path?: unknown; methods?: Record<string, boolean> }
  handle?: { stack?: unknown }
  rawPath?: unknown
  regexp?: RegExp & { fast_slash?: boolean }
  keys?: readonly { name: string | number }[]
}

/**
 * Compares the routes of an Express 4 or 5 app or Router (its router stack, nested routers included) with
 * the operations of a spec and returns both differences as data, so a test decides what to assert.
 * Parameter names do not matter (`/pets/:id` serves `/pets/{petId}`); HEAD, OPTIONS and TRACE are ignored.
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
  const runtime = currentRunRuntime()
  if (runtime === undefined) {
    throw new ContractToolError(
      ExpressErrorCode.NoSpec,
      `routeParity(): spec '${name}' can only be looked up by name during a contract-testing run (Vitest's contractTesting(), Jest's withContractTesting(), node:test's register hook, createContractRun()); pass a spec returned by loadSpec() instead.`,
    )
  }
  return runtime.resolveSpec(name)
}

function stackOf(app: unknown): readonly Layer[] {
  const stack = routerStackOf(app)
  if (!Array.isArray(stack)) {
    throw new ContractToolError(
      ExpressErrorCode.NotAnApp,
      'routeParity() expects an Express app or Router (something with a router stack) as its first argument.',
    )
  }
  return stack as Layer[]
}

/**
 * The layers of a Router (`stack`), an Express 4 app (`_router`, created with its first route or
 * middleware; its `router` getter throws) or an Express 5 app (`router`).
 */
function routerStackOf(app: unknown): unknown {
  if ((typeof app !== 'object' && typeof app !== 'function') || app === null) return undefined
  const candidate = app as {
    stack?: unknown
    lazyrouter?: unknown
    _router?: { stack?: unknown }
    router?: { stack?: unknown }
  }
  if (candidate.stack !== undefined) return candidate.stack
  if (typeof candidate.lazyrouter === 'function') return candidate._router?.stack ?? []
  return candidate.router?.stack
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

/**
 * A parameter in a path-to-regexp 0.1 source: `(?:([^\/]+?))` after its slash (0.1.7) or `(?:\/([^\/]+?))`
 * with the slash inside (0.1.10 and later), `?` after it when optional.
 */
const PARAM_GROUP = /\(\?:(\\[/.])?\((?:[^()\\]|\\.)*\)\)(\?)?/g

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
    .replace(
      PARAM_GROUP,
      (_group, lead: string | undefined, optional: string | undefined) =>
        `${lead ?? ''}:${String(layer.keys?.[index++]?.name ?? 'param')}${optional ?? ''}`,
    )
    .replace(/\\(.)/g, '$1')
  return /^[\w\-./:~?]*$/.test(source) ? source : undefined
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
