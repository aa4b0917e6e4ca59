import type { DispatchCase } from '@contracttool/server-check'
import type { DispatchResult } from '@contracttool/server-check/internal'
import {
  baseUrlFor,
  buildRequest,
  type FetchTarget,
  type FetchTargetOptions,
  toSender,
} from './internal/call-target.js'
import { encodeCase } from './internal/encode-case.js'

/**
 * A dispatcher for contract checks and exploration: sends each case through `fetch` (with `baseUrl`), a
 * fetch handler or a Hono app, forwarding method, URI, headers, cookies (as a `Cookie` header) and body,
 * and reports the status.
 *
 * @example
 * const report = await OpenApiContractChecks.run('petstore', { seed: 1 })
 *   .checks([ContractCheck.IgnoredAuth])
 *   .dispatchUsing(dispatchWithFetch(app))
 *   .report()
 */
export function dispatchWithFetch(
  target: FetchTarget,
  options: FetchTargetOptions = {},
): (item: DispatchCase) => Promise<DispatchResult> {
  const send = toSender(target, 'dispatchWithFetch')
  const base = baseUrlFor(target, options)
  return async (item) => {
    const { headers, body } = encodeCase(item)
    const request = buildRequest(
      item.uri(),
      { method: item.method, headers, ...(body === undefined ? {} : { body }) },
      base,
      'dispatchWithFetch',
    )
    const response = await send(request)
    // Drain the body so keep-alive connections and handler streams are released.
    await response.body?.cancel()
    return { status: response.status }
  }
}
