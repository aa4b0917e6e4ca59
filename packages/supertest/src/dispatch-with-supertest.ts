import { createServer, type RequestListener, type Server } from 'node:http'
import { ContractToolError, isJsonMediaType } from '@contracttool/kernel'
import { type DispatchCase, SKIP_HEADER } from '@contracttool/server-check'
import type { DispatchResult } from '@contracttool/server-check/internal'
import request from 'supertest'
import { SupertestErrorCode } from './errors.js'

/** What supertest can send requests to: a Node request listener (Express, Koa's `app.callback()`) or a server. */
export type SupertestApp = RequestListener | Server | string

/**
 * A dispatcher for contract checks and exploration: sends each case through supertest, forwarding method,
 * URI, headers, cookies (as a `Cookie` header) and body (JSON unless the case says otherwise), and
 * reports the status. Probes carry the `x-contracttool-skip` header so server-side auto assertions
 * leave them alone.
 *
 * @example
 * const report = await OpenApiContractChecks.run('petstore', { seed: 1 })
 *   .checks([ContractCheck.UnsupportedMethod])
 *   .dispatchUsing(dispatchWithSupertest(app))
 *   .report()
 */
export function dispatchWithSupertest(app: SupertestApp): (item: DispatchCase) => Promise<DispatchResult> {
  if (
    typeof app !== 'function' &&
    typeof app !== 'string' &&
    !(typeof app === 'object' && app !== null && 'listen' in app)
  ) {
    throw new ContractToolError(
      SupertestErrorCode.InvalidApp,
      `dispatchWithSupertest() expects an app supertest can call (an Express app, a request listener, an http.Server or a URL), got ${
        app === null ? 'null' : typeof app
      }.`,
    )
  }
  // One server for every probe: supertest would otherwise open a new one per request.
  const target = typeof app === 'function' ? createServer(app) : app
  return async (item) => {
    const method = item.method.toLowerCase()
    const agent = request(target) as unknown as Record<string, ((url: string) => request.Test) | undefined>
    const start = agent[method]
    let test =
      start === undefined ? new request.Test(target as Server, method, item.uri()) : start(item.uri())
    test = test.set(SKIP_HEADER, 'all')
    for (const [name, value] of Object.entries(item.headers)) test = test.set(name, value)
    const cookies = Object.entries(item.cookies ?? {})
    if (cookies.length > 0) {
      test = test.set(
        'Cookie',
        cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; '),
      )
    }
    if (item.body !== null && item.body !== undefined) {
      const contentType = item.contentType ?? 'application/json'
      test = test.set('Content-Type', contentType)
      test = test.send(
        isJsonMediaType(contentType) ? JSON.stringify(item.body) : (item.body as string | object),
      )
    }
    const response = await test
    return { status: response.status }
  }
}
