/** What a response key is: an exact status, a status class (`4XX`), `default`, or none of them. */
export type ResponseKeyKind = 'exact' | 'range' | 'default' | 'extension' | 'malformed'

/**
 * Classifies a key of a Responses Object. `x-` keys are extensions, not responses.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#responses-object
 * @example
 * classifyResponseKey('4XX') // 'range'
 */
export function classifyResponseKey(key: string): ResponseKeyKind {
  if (/^[1-5]\d\d$/.test(key)) return 'exact'
  if (/^[1-5](XX|xx)$/.test(key)) return 'range'
  if (key === 'default') return 'default'
  if (key.startsWith('x-')) return 'extension'
  return 'malformed'
}

/** A concrete status a test can expect for a response key, and why it was chosen. */
export interface RepresentativeStatus {
  readonly status: number
  /** A sentence for the generated test when the key is a range or `default`; undefined for exact keys. */
  readonly comment: string | undefined
}

/**
 * Picks the concrete status a test sends to exercise a response key, the way the runtime resolver reads
 * the spec (exact keys beat ranges, ranges beat `default`): an exact key is itself; `nXX` is the first
 * status of its class that no exact key claims; `default` is the first status no exact or range key
 * claims, searched in 2xx first when the operation documents no success response and in 4xx first
 * otherwise (`default` then usually describes errors, and 5xx statuses match the default skip pattern).
 * Returns undefined when no status can reach the key.
 *
 * @example
 * representativeStatus('4XX', ['200', '400', '4XX'])?.status // 401
 */
export function representativeStatus(
  key: string,
  declaredKeys: readonly string[],
): RepresentativeStatus | undefined {
  const kind = classifyResponseKey(key)
  const exact = new Set(declaredKeys.filter((k) => classifyResponseKey(k) === 'exact').map(Number))
  if (kind === 'exact') return { status: Number(key), comment: undefined }
  if (kind === 'range') {
    const base = Number(key[0]) * 100
    for (let status = base; status < base + 100; status++) {
      if (!exact.has(status)) {
        return {
          status,
          comment: `'${key}' is exercised as ${status}, the first ${key[0]}xx status no exact key claims.`,
        }
      }
    }
    return undefined
  }
  if (kind !== 'default') return undefined
  const ranges = new Set(
    declaredKeys.filter((k) => classifyResponseKey(k) === 'range').map((k) => Number(k[0])),
  )
  const hasSuccess = [...exact].some((s) => s >= 200 && s < 300) || ranges.has(2)
  const classes = hasSuccess ? [4, 2, 3, 5, 1] : [2, 4, 3, 5, 1]
  for (const cls of classes) {
    if (ranges.has(cls)) continue
    for (let status = cls * 100; status < cls * 100 + 100; status++) {
      if (!exact.has(status)) {
        return {
          status,
          comment: `'default' is exercised as ${status}, the first ${cls}xx status no exact or range key claims.`,
        }
      }
    }
  }
  return undefined
}
