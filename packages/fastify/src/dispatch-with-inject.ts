import { ContractToolError, isJsonMediaType } from '@contracttool/kernel'
import type { DispatchCase } from '@contracttool/server-check'
import { SKIP_HEADER } from '@contracttool/server-check'
import type { DispatchResult } from '@contracttool/server-check/internal'
import type { FastifyInstance } from 'fastify'
import { FastifyErrorCode } from './errors.js'

/**
 * A dispatcher for contract checks and exploration: sends each case through `app.inject()` (no socket),
 * forwarding method, URI, headers, cookies and body (JSON unless the case says otherwise), and reports
 * the status. Probes carry `x-contracttool-skip` so the `contractValidation` plugin leaves them alone.
 *
 * @example
 * const report = await OpenApiContractChecks.run('petstore', { seed: 1 })
 *   .checks([ContractCheck.MissingRequiredHeader])
 *   .dispatchUsing(dispatchWithInject(app))
 *   .report()
 */
export function dispatchWithInject(app: FastifyInstance): (item: DispatchCase) => Promise<DispatchResult> {
  if (typeof (app as { inject?: unknown } | null)?.inject !== 'function') {
    throw new ContractToolError(
      FastifyErrorCode.NotAnApp,
      `dispatchWithInject() expects a Fastify instance (something with inject()), got ${app === null ? 'null' : typeof app}.`,
    )
  }
  return async (item) => {
    const headers: Record<string, string> = { ...item.headers, [SKIP_HEADER]: 'all' }
    let payload: string | undefined
    if (item.body !== null && item.body !== undefined) {
      const contentType = item.contentType ?? 'application/json'
      headers['content-type'] ??= contentType
      payload =
        isJsonMediaType(contentType) || typeof item.body !== 'string' ? JSON.stringify(item.body) : item.body
    }
    const response = await app.inject({
      method: item.method as 'GET',
      url: item.uri(),
      headers,
      ...(item.cookies === undefined || Object.keys(item.cookies).length === 0
        ? {}
        : { cookies: { ...item.cookies } }),
      ...(payload === undefined ? {} : { payload }),
    })
    return { status: response.statusCode }
  }
}
