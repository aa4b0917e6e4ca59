import { ContractToolError, type JsonValue } from '@contracttool/kernel'
import { ExplorerErrorCode } from './explorer-error-code.js'
import { type ExplorerMethod, isExplorerMethod } from './explorer-method.js'
import {
  encodeFormComponent,
  encodePathValue,
  freezeJson,
  isSecretHeader,
  isSecretQueryName,
  shellQuote,
} from './internal/encoding.js'

/** `valid` cases conform to the operation; `invalid` cases break exactly one named keyword. */
export type CaseKind = 'valid' | 'invalid'

/** A query parameter value: repeated keys (form style, `explode: true` arrays) are lists. */
export type QueryValue = string | readonly string[]

/** Everything an `ExploredCase` holds; only `method`, `matchedPath`, `seed` and `caseIndex` are required. */
export interface ExploredCaseInit {
  readonly method: ExplorerMethod
  /** The path template as written in the spec, for example `/pets/{petId}`. */
  readonly matchedPath: string
  readonly headers?: Readonly<Record<string, string>>
  readonly cookies?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, QueryValue>>
  /** Serialized path parameter values (not yet percent-encoded). */
  readonly pathParams?: Readonly<Record<string, string>>
  /** The decoded JSON body; `null` when the request has none. */
  readonly body?: JsonValue | null
  /** The media type the body is sent as, `null` without a body. */
  readonly contentType?: string | null
  readonly kind?: CaseKind
  readonly targetKeyword?: string | null
  readonly targetPointer?: string | null
  readonly targetParameter?: string | null
  readonly expectedStatusClasses?: readonly number[]
  readonly seed: number
  readonly caseIndex: number
}

const EMPTY: Readonly<Record<string, never>> = Object.freeze({})

/**
 * One generated request: immutable, replayable, and printable as a curl line.
 *
 * Values are strings as they go on the wire (parameters serialized per their `style`); `uri()`
 * percent-encodes them. Headers never carry `Accept`, `Content-Type` or `Authorization` from
 * parameters (OpenAPI ignores those parameter names); credentials reach a case only through the
 * `authenticateUsing()` hook or a contract-check probe. Cookies (including `apiKey` schemes with
 * `in: cookie`) are in `cookies`, never in a `Cookie` header: a dispatcher forwards them.
 *
 * @example
 * const [first] = exploreEndpoint(spec, 'GET', '/pets/{petId}', { cases: 1, seed: 7 })
 * await fetch(`http://127.0.0.1:3000${first.uri()}`, { method: first.method, headers: first.headers })
 */
export class ExploredCase {
  readonly method: ExplorerMethod
  readonly matchedPath: string
  readonly headers: Readonly<Record<string, string>>
  readonly cookies: Readonly<Record<string, string>>
  readonly query: Readonly<Record<string, QueryValue>>
  readonly pathParams: Readonly<Record<string, string>>
  readonly body: JsonValue | null
  readonly contentType: string | null
  readonly kind: CaseKind
  /** The keyword an invalid case breaks (`minLength`, `required`, `type` …), null for valid cases. */
  readonly targetKeyword: string | null
  /** Where an invalid case breaks it: `<location><pointer>`, for example `body/name`, `body`, `query`. */
  readonly targetPointer: string | null
  /** The parameter an invalid case breaks or omits, null for body targets and valid cases. */
  readonly targetParameter: string | null
  /** Status classes an invalid case expects (`[4]`), empty for valid cases. */
  readonly expectedStatusClasses: readonly number[]
  readonly seed: number
  readonly caseIndex: number

  constructor(init: ExploredCaseInit) {
    if (!isExplorerMethod(init.method)) {
      throw new ContractToolError(
        ExplorerErrorCode.UnsupportedMethod,
        `ExploredCase method must be one of GET, POST, PUT, PATCH, DELETE, QUERY, received '${String(init.method)}'.`,
      )
    }
    this.method = init.method
    this.matchedPath = init.matchedPath
    this.headers = freezeMap(init.headers)
    this.cookies = freezeMap(init.cookies)
    this.query = freezeQuery(init.query)
    this.pathParams = freezeMap(init.pathParams)
    this.body = init.body === undefined || init.body === null ? null : freezeJson(structuredClone(init.body))
    this.contentType = this.body === null ? null : (init.contentType ?? 'application/json')
    this.kind = init.kind ?? 'valid'
    this.targetKeyword = init.targetKeyword ?? null
    this.targetPointer = init.targetPointer ?? null
    this.targetParameter = init.targetParameter ?? null
    this.expectedStatusClasses = Object.freeze([...(init.expectedStatusClasses ?? [])])
    this.seed = init.seed
    this.caseIndex = init.caseIndex
    Object.freeze(this)
  }

  /** A copy with another body (`null` removes it). */
  withBody(body: JsonValue | null, contentType?: string): ExploredCase {
    return this.copy({ body, contentType: contentType ?? this.contentType })
  }

  withQuery(query: Readonly<Record<string, QueryValue>>): ExploredCase {
    return this.copy({ query })
  }

  withHeaders(headers: Readonly<Record<string, string>>): ExploredCase {
    return this.copy({ headers })
  }

  withPathParams(pathParams: Readonly<Record<string, string>>): ExploredCase {
    return this.copy({ pathParams })
  }

  withCookies(cookies: Readonly<Record<string, string>>): ExploredCase {
    return this.copy({ cookies })
  }

  withMethod(method: ExplorerMethod): ExploredCase {
    return this.copy({ method })
  }

  /**
   * The request URI: `prefix` + the template with each `{name}` replaced by its percent-encoded
   * (RFC 3986) value, then `?` and the form-encoded query when there is one.
   */
  uri(prefix = ''): string {
    return prefix + this.renderPath() + this.renderQuery(false)
  }

  /** The body as JSON text (`{}` stays an object, `[]` an array). */
  bodyAsJson(): string {
    return JSON.stringify(this.body)
  }

  /**
   * A replayable `curl` line: `curl -X <METHOD> '<uri>'`, one `-H` per header, cookies as one
   * `Cookie` header, and `--data` with the JSON body. With `redact` (the default), values of
   * `Authorization`, `Proxy-Authorization`, `Cookie` and any header or query name matching
   * `/api[-_]?key|token|secret/i` print as `<redacted>`.
   */
  curl(baseUrl = '', options: { readonly redact?: boolean } = {}): string {
    const redact = options.redact ?? true
    let line = `curl -X ${this.method} ${shellQuote(baseUrl + this.renderPath() + this.renderQuery(redact))}`
    for (const [name, value] of Object.entries(this.headers)) {
      line += ` -H ${shellQuote(`${name}: ${redact && isSecretHeader(name) ? '<redacted>' : value}`)}`
    }
    const cookies = Object.entries(this.cookies)
    if (cookies.length > 0) {
      const value = redact ? '<redacted>' : cookies.map(([name, v]) => `${name}=${v}`).join('; ')
      line += ` -H ${shellQuote(`Cookie: ${value}`)}`
    }
    if (this.body !== null) {
      if (!Object.keys(this.headers).some((name) => name.toLowerCase() === 'content-type')) {
        line += ` -H ${shellQuote(`Content-Type: ${this.contentType ?? 'application/json'}`)}`
      }
      line += ` --data ${shellQuote(this.bodyAsJson())}`
    }
    return line
  }

  /** A plain snapshot of the case (what `JSON.stringify` prints). */
  toJSON(): Record<string, unknown> {
    const { method, matchedPath, ...rest } = this.fields()
    return { method, matchedPath, uri: this.uri(), ...rest }
  }

  private copy(changes: Partial<ExploredCaseInit>): ExploredCase {
    return new ExploredCase({ ...this.fields(), ...changes })
  }

  /** Every field of the case, as its constructor takes them. */
  private fields(): Required<ExploredCaseInit> {
    return {
      method: this.method,
      matchedPath: this.matchedPath,
      headers: this.headers,
      cookies: this.cookies,
      query: this.query,
      pathParams: this.pathParams,
      body: this.body,
      contentType: this.contentType,
      kind: this.kind,
      targetKeyword: this.targetKeyword,
      targetPointer: this.targetPointer,
      targetParameter: this.targetParameter,
      expectedStatusClasses: this.expectedStatusClasses,
      seed: this.seed,
      caseIndex: this.caseIndex,
    }
  }

  private renderPath(): string {
    return this.matchedPath.replace(/\{([^{}]+)\}/g, (placeholder, name: string) => {
      const value = this.pathParams[name]
      return value === undefined ? placeholder : encodePathValue(value)
    })
  }

  private renderQuery(redact: boolean): string {
    const pairs: string[] = []
    for (const [name, value] of Object.entries(this.query)) {
      const values = typeof value === 'string' ? [value] : value
      for (const item of values) {
        const rendered = redact && isSecretQueryName(name) ? '<redacted>' : encodeFormComponent(item)
        pairs.push(`${encodeFormComponent(name)}=${rendered}`)
      }
    }
    return pairs.length === 0 ? '' : `?${pairs.join('&')}`
  }
}

function freezeMap(map: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> {
  if (map === undefined) return EMPTY
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(map)) out[key] = String(value)
  return Object.freeze(out)
}

function freezeQuery(
  query: Readonly<Record<string, QueryValue>> | undefined,
): Readonly<Record<string, QueryValue>> {
  if (query === undefined) return EMPTY
  const out: Record<string, QueryValue> = {}
  for (const [key, value] of Object.entries(query)) {
    out[key] = typeof value === 'string' ? value : Object.freeze(value.map(String))
  }
  return Object.freeze(out)
}
