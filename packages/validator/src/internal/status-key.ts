export type StatusKeyResolution =
  | { readonly kind: 'found'; readonly key: string; readonly suspicious: readonly string[] }
  | { readonly kind: 'none' }

const RANGE_STATUS = /^[1-5]\d\d$/
const NONE: readonly string[] = []
const VALID_KEY = /^(?:[1-5]\d\d|[1-5]XX|[1-5]xx|default)$/

// The response key a status falls under: the exact code beats its range (`4XX` or `4xx`, never a
// mixed-case `4Xx`), which beats `default`. Extension keys (`x-…`) are not responses. When `default`
// answers, keys that are none of these (a typo such as `20O`) are returned as suspicious.
//
// @see https://spec.openapis.org/oas/v3.1.0#responses-object
export function resolveStatusKey(
  responses: Readonly<Record<string, unknown>>,
  status: number,
): StatusKeyResolution {
  const literal = String(status)
  if (Object.hasOwn(responses, literal)) return { kind: 'found', key: literal, suspicious: NONE }
  const responseKeys = Object.keys(responses).filter((key) => !key.startsWith('x-'))
  if (RANGE_STATUS.test(literal)) {
    const digit = literal[0] as string
    const range = responseKeys.find((key) => key === `${digit}XX` || key === `${digit}xx`)
    if (range !== undefined) return { kind: 'found', key: range, suspicious: NONE }
  }
  if (responseKeys.includes('default')) {
    return { kind: 'found', key: 'default', suspicious: responseKeys.filter((key) => !VALID_KEY.test(key)) }
  }
  return { kind: 'none' }
}
