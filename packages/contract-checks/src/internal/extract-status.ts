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
  if (result === null) return 'null'
  if (Array.isArray(result)) return 'an array'
  if (typeof result === 'object') {
    const name = (result as { constructor?: { name?: unknown } }).constructor?.name
    return `an object (${typeof name === 'string' ? name : 'Object'}) without a numeric status or statusCode between 100 and 599`
  }
  if (typeof result === 'number') return `the number ${result} (not an HTTP status between 100 and 599)`
  return typeof result
}
