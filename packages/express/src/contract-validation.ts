import type { ServerResponse } from 'node:http'
import { readNodeExchange } from '@contracttool/exchange'
import type { NodeServerRequest } from '@contracttool/exchange/internal'
import { EXPRESS_SKIP_BRAND } from '@contracttool/kernel/internal'
import type { ContractViolationError } from '@contracttool/server-check'
import { ServerChecker, takeSkipHeader } from '@contracttool/server-check'
import type { ContractValidationOptions, SkipDirective } from '@contracttool/server-check/internal'
import { ExpressErrorCode } from './errors.js'

/** The middleware, plus access to the violations it found. */
export interface ContractValidationMiddleware {
  (req: NodeServerRequest, res: ServerResponse, next: (error?: unknown) => void): void
  /** Violations found so far (also when they were delivered to a test or `onViolation`). */
  violations(): readonly ContractViolationError[]
  clearViolations(): void
  /** Throws the violations found since the last call (for runners other than Vitest), and forgets them. */
  assertNoViolations(): void
}

/**
 * Express middleware (Express 4 and 5) for tests: validates every request and every response the app
 * answers against the spec. The body is captured from `res.write` / `res.end` (so `res.json`, `res.send`
 * and piped streams all count) and checked before the response is handed to the client. Under
 * `@contracttool/vitest` the results count toward coverage and a violation fails the test that sent the
 * request. Register it after body parsers and compression, before your routes.
 *
 * A test opts one request out with the `x-contracttool-skip: response | request | all` header; a route opts
 * out with `withoutContractValidation()`.
 *
 * @example
 * const app = express()
 * app.use(express.json())
 * if (process.env.VITEST) app.use(contractValidation({ spec: 'petstore' }))
 */
export function contractValidation(options: ContractValidationOptions = {}): ContractValidationMiddleware {
  const checker = new ServerChecker(
    options,
    '@contracttool/express',
    ExpressErrorCode.InvalidOption,
    ExpressErrorCode.NoSpec,
  )
  const middleware = (req: NodeServerRequest, res: ServerResponse, next: (error?: unknown) => void): void => {
    const headerSkip = takeSkipHeader(req.headers)
    const chunks: Buffer[] = []
    const capture = (chunk: unknown, encoding: unknown): void => {
      if (typeof chunk === 'string')
        chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
    }
    const write = res.write
    const end = res.end
    let checked = false
    res.write = function (this: ServerResponse, ...args: unknown[]) {
      capture(args[0], args[1])
      return (write as (...a: unknown[]) => boolean).apply(this, args)
    } as ServerResponse['write']
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      if (typeof args[0] !== 'function') capture(args[0], args[1])
      if (!checked) {
        checked = true
        const skip = mergeSkips(
          headerSkip,
          (req as unknown as Record<symbol, SkipDirective | undefined>)[EXPRESS_SKIP_BRAND],
        )
        if (!(skip.request && skip.response))
          checker.check(readNodeExchange(req, res, Buffer.concat(chunks)), skip)
      }
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args)
    } as ServerResponse['end']
    next()
  }
  return Object.assign(middleware, {
    violations: () => checker.violations(),
    clearViolations: () => checker.clearViolations(),
    assertNoViolations: () => checker.assertNoViolations(),
  })
}

/**
 * Route-level opt-out: requests through this middleware are not validated by `contractValidation()` on
 * the chosen side (`'all'` by default). Use it for routes outside the contract, such as health probes or
 * streams the spec does not describe.
 *
 * @example
 * app.get('/metrics', withoutContractValidation(), metricsHandler)
 */
export function withoutContractValidation(
  side: 'response' | 'request' | 'all' = 'all',
): (req: NodeServerRequest, res: ServerResponse, next: (error?: unknown) => void) => void {
  return (req, _res, next) => {
    ;(req as unknown as Record<symbol, SkipDirective>)[EXPRESS_SKIP_BRAND] = {
      response: side !== 'request',
      request: side !== 'response',
    }
    next()
  }
}

function mergeSkips(a: SkipDirective, b: SkipDirective | undefined): SkipDirective {
  return b === undefined ? a : { response: a.response || b.response, request: a.request || b.request }
}
