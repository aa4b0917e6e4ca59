import { ContractToolError } from '@contracttool/kernel'
import { FetchErrorCode } from '../errors.js'

/**
 * What `contractFetch()` and `dispatchWithFetch()` send requests through: the global `fetch` (or any
 * function with its signature), a fetch handler `(request) => Response` such as Hono's `app.request` /
 * `app.fetch`, or an object with a `fetch(request)` method such as a Hono app.
 */
export type FetchTarget =
  | ((request: Request) => Response | Promise<Response>)
  | { readonly fetch: (request: Request) => Response | Promise<Response> }

/** Options shared by `contractFetch()` and `dispatchWithFetch()`. */
export interface FetchTargetOptions {
  /**
   * Resolves relative URLs (`'/pets'`). Required for relative URLs through the global `fetch`; handlers
   * default to `http://localhost`.
   */
  readonly baseUrl?: string | URL
}

const HANDLER_BASE = 'http://localhost'

/** Turns a target into one function, checking it once up front. */
export function toSender(target: FetchTarget, caller: string): (request: Request) => Promise<Response> {
  if (typeof target === 'function') return async (request) => checkedResponse(await target(request), caller)
  if (typeof target === 'object' && target !== null && typeof target.fetch === 'function') {
    return async (request) => checkedResponse(await target.fetch(request), caller)
  }
  throw new ContractToolError(
    FetchErrorCode.InvalidTarget,
    `${caller}() expects fetch, a fetch handler (request) => Response such as Hono's app.request, or an object ` +
      `with a fetch(request) method such as a Hono app; got ${typeof target === 'object' ? 'an object without fetch()' : typeof target}.`,
  )
}

/** The base URL relative inputs resolve against, or undefined when relative URLs must be refused. */
export function baseUrlFor(target: FetchTarget, options: FetchTargetOptions): string | undefined {
  if (options.baseUrl !== undefined) return String(options.baseUrl)
  // The global fetch would send a relative URL to a real host; a handler never leaves the process.
  return target === globalThis.fetch ? undefined : HANDLER_BASE
}

/** Builds the Request, resolving a relative URL against the base. */
export function buildRequest(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  base: string | undefined,
  caller: string,
): Request {
  if (input instanceof Request) return init === undefined ? input : new Request(input, init)
  const text = String(input)
  if (!/^[a-z][a-z\d+\-.]*:/i.test(text)) {
    if (base === undefined) {
      throw new ContractToolError(
        FetchErrorCode.RelativeUrl,
        `${caller}() received the relative URL '${text}' for the global fetch. Pass a base URL: ` +
          `${caller}(fetch, { baseUrl: 'http://127.0.0.1:3000' }), or an absolute URL.`,
      )
    }
    return new Request(new URL(text, base), init)
  }
  return new Request(text, init)
}

function checkedResponse(value: unknown, caller: string): Response {
  if (value instanceof Response) return value
  throw new ContractToolError(
    FetchErrorCode.NotAResponse,
    `${caller}(): the fetch function or handler returned ${value === null ? 'null' : typeof value} instead of a Response. ` +
      'A handler must return (or resolve to) a WHATWG Response.',
  )
}
