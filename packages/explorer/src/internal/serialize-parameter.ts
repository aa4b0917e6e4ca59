import { isObject, type JsonValue } from '@contracttool/kernel'
import type { QueryValue } from '../explored-case.js'
import type { PlannedParameter } from './plan-operation.js'

/*
 * Parameter serialization per OpenAPI 3.x "Style Values" (path: simple/label/matrix; query:
 * form/spaceDelimited/pipeDelimited/deepObject; header: simple; cookie: form). Values are the
 * unencoded strings that go on the wire; ExploredCase.uri() percent-encodes them.
 * @see https://spec.openapis.org/oas/v3.1.0#style-values
 */

function scalar(value: JsonValue): string {
  if (value === null) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function pairs(value: { [key: string]: JsonValue }): [string, string][] {
  return Object.entries(value).map(([key, item]) => [key, scalar(item)])
}

/** `simple` style (path and header values). */
function simple(value: JsonValue, explode: boolean): string {
  if (Array.isArray(value)) return value.map(scalar).join(',')
  if (isObject(value)) {
    return pairs(value)
      .map(([key, item]) => (explode ? `${key}=${item}` : `${key},${item}`))
      .join(',')
  }
  return scalar(value)
}

/** The serialized path parameter value (before percent-encoding). */
export function serializePathValue(parameter: PlannedParameter, value: JsonValue): string {
  const { name, explode } = parameter
  if (parameter.style === 'label') {
    if (Array.isArray(value)) return `.${value.map(scalar).join(explode ? '.' : ',')}`
    if (isObject(value))
      return `.${pairs(value)
        .map(([k, v]) => (explode ? `${k}=${v}` : `${k},${v}`))
        .join(explode ? '.' : ',')}`
    return `.${scalar(value)}`
  }
  if (parameter.style === 'matrix') {
    if (Array.isArray(value)) {
      return explode
        ? value.map((item) => `;${name}=${scalar(item)}`).join('')
        : `;${name}=${value.map(scalar).join(',')}`
    }
    if (isObject(value)) {
      return explode
        ? pairs(value)
            .map(([k, v]) => `;${k}=${v}`)
            .join('')
        : `;${name}=${pairs(value).flat().join(',')}`
    }
    return `;${name}=${scalar(value)}`
  }
  return simple(value, explode)
}

/** The serialized header value. */
export function serializeHeaderValue(parameter: PlannedParameter, value: JsonValue): string {
  return simple(value, parameter.explode)
}

/** The serialized cookie value. */
export function serializeCookieValue(_parameter: PlannedParameter, value: JsonValue): string {
  if (Array.isArray(value)) return value.map(scalar).join(',')
  if (isObject(value)) return pairs(value).flat().join(',')
  return scalar(value)
}

/** The query entries one parameter contributes (an exploded object contributes one key per property). */
export function serializeQueryValue(parameter: PlannedParameter, value: JsonValue): [string, QueryValue][] {
  const { name, explode, style } = parameter
  if (Array.isArray(value)) {
    const items = value.map(scalar)
    if (style === 'spaceDelimited') return [[name, items.join(' ')]]
    if (style === 'pipeDelimited') return [[name, items.join('|')]]
    return explode ? [[name, items]] : [[name, items.join(',')]]
  }
  if (isObject(value)) {
    if (style === 'deepObject') return pairs(value).map(([key, item]) => [`${name}[${key}]`, item])
    return explode ? pairs(value) : [[name, pairs(value).flat().join(',')]]
  }
  return [[name, scalar(value)]]
}
