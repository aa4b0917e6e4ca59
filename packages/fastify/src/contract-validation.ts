import type { Readable } from 'node:stream'
import { buildExchange, requestCarriesBody } from '@contracttool/exchange'
import { ROUTE_PARITY_IGNORED_METHODS } from '@contracttool/matcher/internal'
import type { ContractViolationError } from '@contracttool/server-check'
import { ServerChecker, takeSkipHeader } from '@contracttool/server-check'
import type { ContractValidationOptions, SkipDirective } from '@contracttool/server-check/internal'
import type { Exchange } from '@contracttool/validator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { FastifyErrorCode } from './errors.js'

/** A route the app registered, its path as an OpenAPI template (`/pets/{petId}`). */
export interface RegisteredRoute {
  readonly method: string
  readonly path: string
}

/** What the plugin decorates the app with: `app.contractValidation`. */
export interface ContractValidationHandle {
  /** Violations found so far (also when they were delivered to a test or `onViolation`). */
  violations(): readonly ContractViolationError[]
  clearViolations(): void
  /** Throws the violations found since the last call (for runners other than Vitest), and forgets them. */
  assertNoViolations(): void
  /** Routes registered after the plugin (for `routeParity()`). */
  routes(): readonly RegisteredRoute[]
}

/**
 * Per-route opt-out: `config: { contracttool: false }` skips both sides,
 * `config: { contracttool: { response: false } }` one of them.
 */
export type ContractValidationRouteConfig =
  | false
  | { readonly response?: boolean; readonly request?: boolean }

declare module 'fastify' {
  interface FastifyInstance {
    contractValidation: ContractValidationHandle
  }
  interface FastifyContextConfig {
    contracttool?: ContractValidationRouteConfig
  }
}

/**
 * Fastify plugin for tests: validates every request and every response (in `onSend`, so `inject()` and real
 * HTTP alike) against the spec. Under `@contracttool/vitest` the results count toward coverage and a
 * violation fails the test that sent the request. Register it before your routes: it also records them
 * for `routeParity()`.
 *
 * A test opts one request out with the `x-contracttool-skip: response | request | all` header; a route opts
 * out with `config: { contracttool: false }`.
 *
 * @example
 * const app = Fastify()
 * await app.register(contractValidation, { spec: 'petstore' })
 * app.get('/pets', async () => pets)
 */
export function contractValidation(
  app: FastifyInstance,
  options: ContractValidationOptions,
  done: (error?: Error) => void,
): void {
  let checker: ServerChecker
  try {
    checker = new ServerChecker(
      options,
      '@contracttool/fastify',
      FastifyErrorCode.InvalidOption,
      FastifyErrorCode.NoSpec,
    )
  } catch (error) {
    // Fastify reports a registration failure only through `done`; a throw would escape as an unhandled error.
    done(error as Error)
    return
  }
  const routes: RegisteredRoute[] = []
  const skips = new WeakMap<FastifyRequest, SkipDirective>()

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      const upper = String(method).toUpperCase()
      if (!ROUTE_PARITY_IGNORED_METHODS.has(upper))
        routes.push({ method: upper, path: toTemplate(route.url) })
    }
  })
  app.addHook('onRequest', (request, _reply, next) => {
    skips.set(request, takeSkipHeader(request.headers))
    next()
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const skip = mergeSkips(skips.get(request), routeSkip(request), bodyNeverRead(request))
    if (skip.request && skip.response) return payload
    const { text, forward } = await readPayload(payload)
    checker.check(readExchange(request, reply, text), skip)
    return forward
  })
  app.decorate('contractValidation', {
    violations: () => checker.violations(),
    clearViolations: () => checker.clearViolations(),
    assertNoViolations: () => checker.assertNoViolations(),
    routes: () => [...routes],
  } satisfies ContractValidationHandle)
  done()
}

// Hooks must apply to the whole app, not an encapsulated child context (what fastify-plugin does).
Object.assign(contractValidation, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: '@contracttool/fastify',
})

function routeSkip(request: FastifyRequest): SkipDirective | undefined {
  const config = (
    request.routeOptions?.config as { contracttool?: ContractValidationRouteConfig } | undefined
  )?.contracttool
  if (config === undefined) return undefined
  if (config === false) return { response: true, request: true }
  return { response: config.response === false, request: config.request === false }
}

function mergeSkips(...directives: (SkipDirective | undefined)[]): SkipDirective {
  return {
    response: directives.some((directive) => directive?.response === true),
    request: directives.some((directive) => directive?.request === true),
  }
}

/**
 * A request that carried a body the app answered before Fastify parsed it (a reply sent from an
 * `onRequest` or `preParsing` hook, such as an auth guard's 401) has no `request.body`: its request
 * side is not checked, since reporting "body is empty" would be false and the bytes were never read.
 */
function bodyNeverRead(request: FastifyRequest): SkipDirective | undefined {
  if (request.body !== undefined) return undefined
  return requestCarriesBody(request.headers) ? { response: false, request: true } : undefined
}

/** The payload as text for the check, and what to hand on (a stream is read, so its bytes are forwarded). */
async function readPayload(payload: unknown): Promise<{ text: string; forward: unknown }> {
  if (payload === null || payload === undefined) return { text: '', forward: payload }
  if (typeof payload === 'string') return { text: payload, forward: payload }
  if (payload instanceof Uint8Array) return { text: Buffer.from(payload).toString('utf8'), forward: payload }
  if (typeof (payload as Readable).pipe === 'function') {
    const chunks: Buffer[] = []
    for await (const chunk of payload as Readable)
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
    const buffer = Buffer.concat(chunks)
    return { text: buffer.toString('utf8'), forward: buffer }
  }
  return { text: String(payload), forward: payload }
}

function readExchange(request: FastifyRequest, reply: FastifyReply, text: string): Exchange {
  return buildExchange({
    request: { method: request.method, path: request.url, headers: request.headers, body: request.body },
    response: {
      status: reply.statusCode,
      headers: reply.getHeaders(),
      body: request.method === 'HEAD' ? undefined : text,
    },
  })
}

/** Fastify route syntax (`:id`, `*`, `:id(^\\d+$)`) to an OpenAPI template. */
export function toTemplate(url: string): string {
  return url
    .replace(/\(.*?\)/g, '')
    .replace(/:(\w+)\??/g, '{$1}')
    .replace(/\*$/, '{wildcard}')
}
