import { describeArgument } from '@contracttool/kernel/internal'

/**
 * The HTTP status of what a dispatcher returned: an integer, a WHATWG `Response`, or any object
 * with a numeric `status` or `statusCode` (supertest, fastify inject, node's ServerResponse).
 * Undefined for anything else, or a status outside 100–599.
 */
export function extractStatus(result: unknown): number | undefined {
  let status: unknown = result
  if (typeof result === 'object' && result !== null) {
    const candidate = result as { status?: unknown; statusCode?: unknown }
    status = typeof candidate.status === 'number' ? candidate.status : candidate.statusCode
  }
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
    return undefined
  return status
}

export function describeResult(result: unknown): string {
  if (typeof result === 'number')
    return `${describeArgument(result)} (not an HTTP status between 100 and 599)`
  if (typeof result === 'object' && result !== null && !Array.isArray(result))
    return `${describeArgument(result)} without a numeric status or statusCode between 100 and 599`
  return describeArgument(result)
}
