import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ContractToolError, isJsonMediaType } from '@contracttool/kernel'
import type { DispatchCase } from '@contracttool/server-check'
import { SKIP_HEADER } from '@contracttool/server-check'
import type { DispatchResult } from '@contracttool/server-check/internal'
import { ExpressErrorCode } from './errors.js'

/** A dispatcher bound to an in-process server; `close()` stops the server. */
export interface ExpressDispatcher {
  (item: DispatchCase): Promise<DispatchResult>
  /** The base URL of the in-process server (`http://127.0.0.1:<port>`), once the first case was sent. */
  readonly baseUrl: string | undefined
  close(): Promise<void>
}

/**
 * A dispatcher for contract checks and exploration: serves the app on `127.0.0.1` (an ephemeral port,
 * started on first use) and sends each case over real HTTP, forwarding method, URI, headers, cookies (as a
 * `Cookie` header) and body. Probes carry `x-contracttool-skip` so `contractValidation()` leaves them alone.
 *
 * @example
 * const dispatch = dispatchWithExpress(app)
 * afterAll(() => dispatch.close())
 * const report = await OpenApiContractChecks.run('petstore', { seed: 1 })
 *   .checks([ContractCheck.IgnoredAuth])
 *   .dispatchUsing(dispatch)
 *   .report()
 */
export function dispatchWithExpress(app: RequestListener): ExpressDispatcher {
  if (typeof app !== 'function') {
    throw new ContractToolError(
      ExpressErrorCode.NotAnApp,
      `dispatchWithExpress() expects an Express app (a request listener), got ${app === null ? 'null' : typeof app}.`,
    )
  }
  let server: Server | undefined
  let baseUrl: string | undefined
  let starting: Promise<string> | undefined
  const start = () =>
    (starting ??= new Promise<string>((resolve, reject) => {
      const created = createServer(app)
      // A forgotten close() must not keep the test process alive.
      created.unref()
      created.once('error', reject)
      created.listen(0, '127.0.0.1', () => {
        server = created
        baseUrl = `http://127.0.0.1:${(created.address() as AddressInfo).port}`
        resolve(baseUrl)
      })
    }))
  const dispatch = async (item: DispatchCase): Promise<DispatchResult> => {
    const base = await start()
    const headers: Record<string, string> = { ...item.headers, [SKIP_HEADER]: 'all' }
    const cookies = Object.entries(item.cookies ?? {})
    if (cookies.length > 0)
      headers.cookie = cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ')
    let body: string | undefined
    if (item.body !== null && item.body !== undefined) {
      const contentType = item.contentType ?? 'application/json'
      headers['content-type'] ??= contentType
      body =
        isJsonMediaType(contentType) || typeof item.body !== 'string' ? JSON.stringify(item.body) : item.body
    }
    const response = await fetch(`${base}${item.uri()}`, {
      method: item.method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    })
    await response.body?.cancel()
    return { status: response.status }
  }
  Object.defineProperty(dispatch, 'baseUrl', { get: () => baseUrl, enumerable: true })
  return Object.assign(dispatch, {
    close: async () => {
      const running = server
      server = undefined
      starting = undefined
      baseUrl = undefined
      if (running === undefined) return
      running.closeAllConnections()
      await new Promise<void>((resolve) => running.close(() => resolve()))
    },
  }) as ExpressDispatcher
}
