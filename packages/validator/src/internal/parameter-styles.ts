import { percentDecode } from '@contracttool/kernel/internal'
import { defineKey } from './lower-schema.js'

// A parameter value after style decoding: still strings, shaped as the schema's kind wants.
export type Deserialized =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly reason: string }

export type ValueKind = 'primitive' | 'array' | 'object'

// `+` is a space in form-encoded text (query strings, urlencoded bodies).
export function formDecode(value: string): string {
  return percentDecode(value.replaceAll('+', ' '))
}

function pairsToObject(parts: readonly string[], decode: (s: string) => string): Record<string, string> {
  const out: Record<string, string> = {}
  for (let i = 0; i + 1 < parts.length; i += 2)
    defineKey(out, decode(parts[i] as string), decode(parts[i + 1] as string))
  return out
}

function assignmentsToObject(
  parts: readonly string[],
  decode: (s: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of parts) {
    const eq = part.indexOf('=')
    if (eq === -1) defineKey(out, decode(part), '')
    else defineKey(out, decode(part.slice(0, eq)), decode(part.slice(eq + 1)))
  }
  return out
}

// Decodes a path parameter (`simple`, `label`, `matrix`) from the raw, still percent-encoded capture.
// Splitting happens before decoding, so an encoded delimiter (`%2C`) stays inside its value.
//
// @see https://spec.openapis.org/oas/v3.1.0#style-values
export function deserializePath(
  name: string,
  raw: string,
  style: string,
  explode: boolean,
  kind: ValueKind,
): Deserialized {
  if (style === 'simple') return { ok: true, value: splitSimple(raw, explode, kind, percentDecode) }
  if (style === 'label') {
    if (!raw.startsWith('.'))
      return {
        ok: false,
        reason: `must be label-style (a leading '.'), received ${JSON.stringify(percentDecode(raw))}`,
      }
    const rest = raw.slice(1)
    if (kind === 'primitive') return { ok: true, value: percentDecode(rest) }
    if (kind === 'array') return { ok: true, value: rest.split(explode ? '.' : ',').map(percentDecode) }
    return {
      ok: true,
      value: explode
        ? assignmentsToObject(rest.split('.'), percentDecode)
        : pairsToObject(rest.split(','), percentDecode),
    }
  }
  if (style === 'matrix') {
    if (!raw.startsWith(';'))
      return {
        ok: false,
        reason: `must be matrix-style (';${name}=…'), received ${JSON.stringify(percentDecode(raw))}`,
      }
    const segments = raw.slice(1).split(';')
    if (kind === 'object' && explode) return { ok: true, value: assignmentsToObject(segments, percentDecode) }
    const values: string[] = []
    for (const segment of segments) {
      const eq = segment.indexOf('=')
      const key = percentDecode(eq === -1 ? segment : segment.slice(0, eq))
      if (key !== name)
        return {
          ok: false,
          reason: `must be matrix-style (';${name}=…'), received ${JSON.stringify(percentDecode(raw))}`,
        }
      values.push(eq === -1 ? '' : segment.slice(eq + 1))
    }
    if (kind === 'primitive') return { ok: true, value: percentDecode(values[0] ?? '') }
    if (kind === 'array')
      return {
        ok: true,
        value: explode ? values.map(percentDecode) : (values[0] ?? '').split(',').map(percentDecode),
      }
    return { ok: true, value: pairsToObject((values[0] ?? '').split(','), percentDecode) }
  }
  return { ok: false, reason: `style '${style}' is not defined for path parameters` }
}

// `simple` style (path default, headers): `a,b,c`; objects `k,v,k,v` or, exploded, `k=v,k=v`.
export function splitSimple(
  raw: string,
  explode: boolean,
  kind: ValueKind,
  decode: (s: string) => string = (s) => s,
): unknown {
  if (kind === 'primitive') return decode(raw)
  const parts = raw.split(',')
  if (kind === 'array') return parts.map(decode)
  return explode ? assignmentsToObject(parts, decode) : pairsToObject(parts, decode)
}

// A parsed query string: decoded names → decoded values, in order, repeated names kept.
export type QueryMap = ReadonlyMap<string, readonly string[]>

// Parses `a=1&b=2&a=3` (form encoding: `+` is a space).
export function parseQueryString(query: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  if (query === '') return out
  for (const part of query.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    const name = formDecode(eq === -1 ? part : part.slice(0, eq))
    const value = eq === -1 ? '' : formDecode(part.slice(eq + 1))
    const list = out.get(name)
    if (list === undefined) out.set(name, [value])
    else list.push(value)
  }
  return out
}

// Decodes a query parameter: `form` (exploded: repeated keys, or the object's properties as keys;
// not exploded: `a,b` / `k,v,k,v`), `spaceDelimited`, `pipeDelimited`, `deepObject` (`name[key]=v`).
// Returns `undefined` when the parameter is absent.
//
// @see https://spec.openapis.org/oas/v3.1.0#style-examples
export function deserializeQuery(
  name: string,
  query: QueryMap,
  style: string,
  explode: boolean,
  kind: ValueKind,
  objectKeys: () => readonly string[],
): Deserialized | undefined {
  if (style === 'deepObject') {
    const out: Record<string, unknown> = {}
    let found = false
    const prefix = `${name}[`
    for (const [key, values] of query) {
      if (!key.startsWith(prefix)) continue
      const path = [...key.slice(name.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] as string)
      if (path.length === 0) continue
      found = true
      let node = out
      for (let i = 0; i < path.length - 1; i++) {
        const token = path[i] as string
        const child = Object.hasOwn(node, token) ? node[token] : undefined
        if (typeof child !== 'object' || child === null || Array.isArray(child)) {
          const created: Record<string, unknown> = {}
          defineKey(node, token, created)
          node = created
        } else node = child as Record<string, unknown>
      }
      defineKey(node, path[path.length - 1] as string, values.length === 1 ? values[0] : [...values])
    }
    return found ? { ok: true, value: out } : undefined
  }
  if (kind === 'object' && explode && style === 'form') {
    const out: Record<string, string | string[]> = {}
    let found = false
    for (const key of objectKeys()) {
      const values = query.get(key)
      if (values === undefined) continue
      found = true
      defineKey(out, key, values.length === 1 ? (values[0] as string) : [...values])
    }
    return found ? { ok: true, value: out } : undefined
  }
  const values = query.get(name)
  if (values === undefined) return undefined
  if (kind === 'array' && explode && style === 'form') return { ok: true, value: [...values] }
  if (values.length > 1) {
    return {
      ok: false,
      reason: `multiple values received (count=${values.length}) but the parameter takes a single value; refusing to pick one silently`,
    }
  }
  const raw = values[0] as string
  if (kind === 'primitive') return { ok: true, value: raw }
  const delimiter = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ','
  const parts = raw.split(delimiter)
  if (kind === 'array') return { ok: true, value: parts }
  return { ok: true, value: pairsToObject(parts, (s) => s) }
}
