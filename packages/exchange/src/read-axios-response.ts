import { types } from 'node:util'
import { isJsonMediaType, isObject } from '@contracttool/kernel'
import type { Exchange } from '@contracttool/validator'
import { firstHeader } from '@contracttool/validator/internal'
import { buildExchange } from './build-exchange.js'
import { headerRecord } from './header-record.js'

type Loose = Readonly<Record<PropertyKey, unknown>>

/** An axios response (`AxiosResponse`), as far as it is read. */
export interface AxiosResponseLike {
  readonly status: number
  readonly data: unknown
  readonly headers: unknown
  /** `InternalAxiosRequestConfig`: `method`, `url`, `baseURL`, `params`, `headers`, `data`, `responseType`. */
  readonly config: object
  /** The request axios sent: a Node `ClientRequest` (http adapter) or a fetch `Request` (fetch adapter). */
  readonly request?: unknown
}

/**
 * Whether a value is an axios response: axios resolves every call with `{ data, status, statusText, headers,
 * config, request }`, and an `AxiosError` carries the same object as its `response`.
 *
 * @example
 * isAxiosResponse(await axios.get(`${baseUrl}/pets`)) // true
 */
export function isAxiosResponse(value: unknown): value is AxiosResponseLike {
  if (!isObject(value)) return false
  const v = value as Loose
  return typeof v.status === 'number' && 'data' in v && 'headers' in v && isObject(v.config)
}

/**
 * The exchange of an axios response, with the Node http adapter or the fetch adapter: the method from
 * `config.method`; the path and query as axios built them (`baseURL`, `url`, `params`), read from the request
 * it sent (the Node `ClientRequest`, or the fetch `Request`) or else rebuilt from the config; the request
 * headers that request carried and the body the call sent (`config.data`, serialised by axios); status,
 * headers and body of the response. axios parses JSON bodies into `data`: a parsed value is read back as JSON
 * text, and a string under `responseType: 'text'` (or one axios could not parse) as it is. `undefined` when the
 * config names no method or URL.
 *
 * @example
 * const exchange = readAxiosResponse(await axios.post(`${baseUrl}/pets`, { name: 'Tom' }))
 */
export function readAxiosResponse(res: AxiosResponseLike): Exchange | undefined {
  const config = res.config as Loose
  const sent = isObject(res.request) ? (res.request as Loose) : undefined
  const path = sentPath(sent) ?? configPath(config)
  if (typeof config.method !== 'string' || path === undefined) return undefined
  const responseHeaders = headerRecord(plainHeaders(res.headers))
  return buildExchange({
    request: {
      method: config.method,
      path,
      headers: sentHeaders(sent, config),
      body: config.data,
    },
    response: {
      status: res.status,
      headers: responseHeaders,
      body: receivedBody(res.data, config.responseType, firstHeader(responseHeaders, 'content-type')),
    },
  })
}

/** The path and query of the request axios sent: a Node `ClientRequest`'s `path`, a fetch `Request`'s URL. */
function sentPath(sent: Loose | undefined): string | undefined {
  if (sent === undefined) return undefined
  if (typeof sent.path === 'string' && sent.path.startsWith('/')) return sent.path
  if (typeof sent.url === 'string' && /^https?:/i.test(sent.url)) {
    const url = new URL(sent.url)
    return `${url.pathname}${url.search}`
  }
  return undefined
}

/** The path axios would build from `baseURL`, `url` and plain `params` (a response whose request is gone). */
function configPath(config: Loose): string | undefined {
  if (typeof config.url !== 'string') return undefined
  const base = typeof config.baseURL === 'string' ? config.baseURL : ''
  const joined =
    /^[a-z][a-z\d+.-]*:\/\//i.test(config.url) || base === ''
      ? config.url
      : `${base.replace(/\/+$/, '')}/${config.url.replace(/^\/+/, '')}`
  const url = new URL(joined, 'http://localhost')
  if (isObject(config.params)) {
    for (const [name, value] of Object.entries(config.params as Loose)) {
      if (value === undefined || value === null) continue
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item))
    }
  }
  return `${url.pathname}${url.search}`
}

/** The request headers as sent: the `ClientRequest`'s or `Request`'s own, else the config's. */
function sentHeaders(sent: Loose | undefined, config: Loose): unknown {
  if (sent !== undefined && typeof sent.getHeaders === 'function') return sent.getHeaders()
  if (sent !== undefined && isObject(sent.headers)) return sent.headers
  return plainHeaders(config.headers)
}

/** `AxiosHeaders` as a plain object (its `toJSON()`), any other value as it is. */
function plainHeaders(headers: unknown): unknown {
  if (isObject(headers) && typeof (headers as Loose).toJSON === 'function') {
    return ((headers as Loose).toJSON as () => unknown).call(headers)
  }
  return headers
}

/** The received body as text or bytes, from what axios left in `data`. */
function receivedBody(
  data: unknown,
  responseType: unknown,
  contentType: string | undefined,
): string | Uint8Array | undefined {
  if (data === undefined || data === null) return undefined
  if (types.isUint8Array(data)) return data
  if (types.isArrayBuffer(data)) return new Uint8Array(data)
  if (typeof data === 'string') {
    // Under the default `responseType: 'json'`, a string `data` with a JSON media type is either a JSON string
    // axios parsed or a body it could not parse; only the first reads as JSON.
    if (responseType === undefined || responseType === 'json') {
      if (isJsonMediaType(contentType) && parsesAsJson(data)) return JSON.stringify(data)
    }
    return data
  }
  // A stream or a Blob (`responseType: 'stream' | 'blob'`) was not read by axios.
  if (
    isObject(data) &&
    (typeof (data as Loose).pipe === 'function' || (typeof Blob !== 'undefined' && data instanceof Blob))
  ) {
    return undefined
  }
  return JSON.stringify(data)
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
