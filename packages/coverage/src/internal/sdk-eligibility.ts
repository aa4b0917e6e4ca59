import { isJsonMediaType, isObject, type JsonObject, normalizeMediaType } from '@contracttool/kernel'
import type { DeclaredEndpoint, DeclaredRow } from './declared-endpoints.js'

const LITERAL = /^[1-5]\d\d$/
const RANGE = /^([1-5])XX$/i

// Whether any wire status can reach a response key the way the runtime resolver reads a spec: exact keys
// beat ranges, ranges beat `default`. A key no status can reach (a range fully shadowed by exact keys,
// a malformed key) has no schema an SDK decoder could ever see.
function isReachable(statusKey: string, keys: readonly string[]): boolean {
  if (LITERAL.test(statusKey)) return true
  const exact = new Set(keys.filter((key) => LITERAL.test(key)))
  const range = RANGE.exec(statusKey)
  if (range !== null) {
    for (let status = Number(range[1]) * 100; status < Number(range[1]) * 100 + 100; status++) {
      if (!exact.has(String(status))) return true
    }
    return false
  }
  if (statusKey.toLowerCase() !== 'default') return false
  const ranges = new Set(keys.map((key) => RANGE.exec(key)?.[1] ?? ''))
  for (let status = 100; status < 600; status++) {
    if (!exact.has(String(status)) && !ranges.has(String(status).charAt(0))) return true
  }
  return false
}

function hasJsonSchema(media: unknown): boolean {
  if (!isObject(media)) return false
  // 3.2 sequential media types (`itemSchema`) stream items: no single document for a decoder to parse.
  if (media.itemSchema !== undefined) return false
  return isObject(media.schema) || typeof media.schema === 'boolean'
}

// The SDK exercise denominator of one endpoint: resolved JSON-compatible response media types with
// a schema. Excluded: responses without content, non-JSON media types, missing or non-JSON schemas and
// 3.2 `itemSchema` streams. `application/*` counts only when no JSON media type is declared beside it.
export function sdkEligibleRows(endpoint: DeclaredEndpoint): DeclaredRow[] {
  const rows: DeclaredRow[] = []
  const keys = [...endpoint.responses.keys()]
  for (const [statusKey, response] of endpoint.responses) {
    if (!isReachable(statusKey, keys)) continue
    const content = response.content
    if (!isObject(content)) continue
    const mediaKeys = Object.keys(content)
    const json = mediaKeys.filter(isJsonMediaType)
    const candidates =
      json.length > 0
        ? json
        : mediaKeys.filter((key) => normalizeMediaType(key) === 'application/*').slice(0, 1)
    for (const contentTypeKey of candidates) {
      if (hasJsonSchema((content as JsonObject)[contentTypeKey])) rows.push({ statusKey, contentTypeKey })
    }
  }
  return rows
}
