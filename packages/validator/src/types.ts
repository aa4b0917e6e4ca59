import { EXCHANGE_BRAND } from '@contracttool/kernel/internal'
/**
 * Public shapes of the validator. Names are part of the public API (README).
 */

import type { ServerBasePath } from '@contracttool/matcher/internal'

/** Where a violation was found. */
export type ViolationLocation =
  | 'spec'
  | 'path'
  | 'method'
  | 'status'
  | 'content-type'
  | 'body'
  | 'response-header'
  | 'query'
  | 'querystring'
  | 'header'
  | 'cookie'
  | 'security'

/** One contract violation. Checks never throw for a violation: they return these. */
export interface Violation {
  /** Stable machine code, for example `'schema'`, `'required-header-missing'`, `'no-matching-path'`. */
  readonly code: string
  /** The full human-readable line, for example `[/name] must be string, received 42 (number)`. */
  readonly message: string
  readonly location: {
    readonly in: ViolationLocation
    /** Parameter or header name. */
    readonly name?: string
    /** JSON pointer into the instance (`''` for the root). */
    readonly pointer: string
  }
  /** JSON Schema keyword that failed, when one did. */
  readonly keyword?: string
  /** The expected constraint, rendered (for example `string`, `>= 1`, `one of: a, b`). */
  readonly expected?: string
  /** The received value, truncated for display. */
  readonly actual?: string
  /** JSON pointer of the failing schema node inside the document, when known. */
  readonly schemaPath?: string
}

export type ValidationOutcome = 'success' | 'failure' | 'skipped'

export interface ValidationResult {
  readonly outcome: ValidationOutcome
  /** Spec name the exchange was validated against. */
  readonly specName: string
  /** Method as tracked by coverage: fixed methods upper case, `additionalOperations` keys verbatim. */
  readonly method: string
  /** The matched path template, or null when no path matched. */
  readonly matchedPath: string | null
  /**
   * The matched response key (`'200'`, `'4XX'`, `'default'`); on a skip-pattern hit or an undocumented
   * status, the literal status (`'503'`); null for request results and when path or method did not match.
   */
  readonly matchedStatusKey: string | null
  /** The matched media-type key as written in the spec, `'*'` when the response has no content, null when none matched. */
  readonly matchedContentType: string | null
  /**
   * The `servers` entry whose base path was removed before matching (its `url` as written, the
   * `basePath` removed, and where the entry is), or null when the path matched as sent.
   *
   * @see https://spec.openapis.org/oas/v3.1.0#server-object
   */
  readonly matchedServer: ServerBasePath | null
  readonly violations: readonly Violation[]
  /** Why the result was skipped, `null` otherwise. */
  readonly skipReason: string | null
  /** Full human-readable text (a header line plus one line per violation); `''` on success. */
  readonly message: string
}

/** A response as the validator sees it: framework-neutral. */
export interface ResponseInput {
  readonly method: string
  /** Request path, may carry a query string (ignored) */
  readonly path: string
  readonly status: number
  /** Header names are case-insensitive; a value may be a list when the header was sent several times. */
  readonly headers?: Readonly<Record<string, string | readonly string[] | undefined>>
  /** Response Content-Type; defaults to the `content-type` header. */
  readonly contentType?: string
  /** Decoded JSON value for JSON content types (`undefined` = no body, `null` = JSON null); raw text otherwise. */
  readonly body?: unknown
}

/** A request as the validator sees it: framework-neutral. */
export interface RequestInput {
  readonly method: string
  /** Request path, may carry a query string (parsed when `query` is absent). */
  readonly path: string
  /** Query parameters; repeated keys as lists. */
  readonly query?: Readonly<Record<string, string | readonly string[] | undefined>>
  readonly headers?: Readonly<Record<string, string | readonly string[] | undefined>>
  readonly cookies?: Readonly<Record<string, string | undefined>>
  readonly contentType?: string
  /** Decoded JSON value for JSON content types, parsed fields for forms, raw text otherwise. */
  readonly body?: unknown
}

export interface CommonValidationOptions {
  /** Literal path prefixes removed before matching; the first that matches wins, at most one. */
  readonly stripPrefixes?: readonly string[]
  /**
   * Match request paths through the base paths of the spec's `servers` (default `true`; see the
   * matcher's README). `false` matches paths as sent.
   */
  readonly matchServers?: boolean
  /**
   * Maximum violations reported per result (default 20, 0 = all). A failing value of more than 10,000
   * JSON values reports its first violation only (its message says so): the work of a failure is bounded.
   */
  readonly maxErrors?: number
  /**
   * Receives one-time advisories (an unknown `format`, a security scheme that cannot be checked, a
   * suspicious response key). Each distinct advisory is delivered once per spec. Defaults to
   * `process.emitWarning(message, 'ContractToolWarning')`.
   */
  readonly onWarning?: (message: string) => void
}

export interface ResponseValidationOptions extends CommonValidationOptions {
  /** Regular expressions (without delimiters, anchored) over the decimal status. Default `['5\\d\\d']`. */
  readonly skipResponseCodes?: readonly string[]
}

export interface RequestValidationOptions extends CommonValidationOptions {
  /**
   * Status of the response the request received. When it matches `skipRequestValidationResponseCodes`
   * and the operation documents it, request violations downgrade to a skip (the test sent a bad request on purpose).
   */
  readonly responseStatus?: number
  /** Default `[]`; adapters default to `['400', '422']`. */
  readonly skipRequestValidationResponseCodes?: readonly string[]
}

/**
 * A request/response pair as adapters hand it to the core. Adapters attach one to the objects they return
 * under `EXCHANGE` so matchers find it without knowing the framework.
 */
export interface Exchange {
  readonly request: RequestInput
  readonly response?: Omit<ResponseInput, 'method' | 'path'>
}

/** Symbol under which adapters attach an `Exchange` to a response object. Shared across copies. */
export const EXCHANGE: typeof EXCHANGE_BRAND = EXCHANGE_BRAND

/**
 * Checkers of schema `format`s the validator does not know (`timestamp`, `repo.nwo`), by name: a regular
 * expression a string value must match, or a function that returns true for a valid string. Non-string values
 * are not checked against a format.
 */
export type CustomFormats = Readonly<Record<string, RegExp | ((value: string) => boolean)>>

/** Which side of the exchange a schema describes: `readOnly` properties are refused in requests, `writeOnly` ones in responses. */
export type SchemaContext = 'request' | 'response'

/** A compiled schema: returns the violations of `value` (an empty list when it conforms). */
export type SchemaValidator = (value: unknown) => readonly Violation[]

/** A webhook delivery as the validator sees it (OpenAPI 3.1+ `webhooks`). */
export interface WebhookInput {
  /** Defaults to the only operation of the webhook's path item, else `POST`. */
  readonly method?: string
  /** Header names are case-insensitive. When omitted, header parameters are not checked (payload-only fixtures). */
  readonly headers?: Readonly<Record<string, string | readonly string[] | undefined>>
  /** The decoded JSON payload (`undefined` = no body). */
  readonly body?: unknown
  /** Defaults to the `content-type` header, then to the first JSON media type the webhook declares. */
  readonly contentType?: string
}

export interface WebhookValidationOptions {
  /** Maximum violations reported per result (default 20, 0 = all). */
  readonly maxErrors?: number
  /** See `CommonValidationOptions.onWarning`. */
  readonly onWarning?: (message: string) => void
}

/** One security scheme an alternative demands, as declared under `components.securitySchemes`. */
export interface SecuritySchemeInfo {
  /** The scheme's name (its key under `components.securitySchemes`). */
  readonly name: string
  /** `apiKey`, `http`, `oauth2`, `openIdConnect` or `mutualTLS`. */
  readonly type: string
  /** For `http`: the scheme, lower case (`bearer`, `basic`). */
  readonly scheme?: string
  /** For `apiKey`: `header`, `query` or `cookie`. */
  readonly in?: string
  /** For `apiKey`: the header, query parameter or cookie name. */
  readonly paramName?: string
  /** Scopes the requirement lists (often empty). */
  readonly scopes: readonly string[]
  /** True when contracttool can check (and forge) the credential: `http` bearer and `apiKey`. */
  readonly supported: boolean
}

/** One Security Requirement Object: every scheme it lists must be satisfied (AND). */
export interface SecurityAlternative {
  readonly schemes: readonly SecuritySchemeInfo[]
}

/**
 * The security an operation demands. `none`: nothing declared; `anonymous`: `security: []` or a `{}`
 * entry documents unauthenticated access; `required`: any one alternative must be satisfied (OR).
 */
export type EffectiveSecurity =
  | { readonly kind: 'none' }
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'required'; readonly alternatives: readonly SecurityAlternative[] }

/**
 * The code Ajv generated for one schema, kept so that another process can validate with it without
 * generating it again (see `useSchemaCodeCache`). JSON-safe, but for `compiled`.
 */
export interface SchemaCode {
  /** The body of the function Ajv builds the validating function with. */
  readonly source: string
  /**
   * `function (self, scope) { <source> }`, compiled by the cache itself (from a V8 code cache, say), used
   * instead of compiling `source` again. Never stored: a cache adds it to what it hands out.
   */
  readonly compiled?: (self: object, scope: object) => unknown
  /** Each value the code takes from Ajv's scope: the scope's prefix and index, and what the value is. */
  readonly values: readonly SchemaCodeValue[]
  /** What Ajv 2020 records of the properties and items the schema evaluates (its code reads it). */
  readonly evaluated?: {
    readonly props?: true | Readonly<Record<string, true>>
    readonly items?: true | number
    readonly dynamicProps: boolean
    readonly dynamicItems: boolean
  }
}

/** `[prefix, index, what]`: `scope[prefix][index]` holds the value `what` names (`root`, `format:uri`…). */
export type SchemaCodeValue = readonly [prefix: string, index: number, what: string]

/**
 * Where compiled schema code is kept between processes. Keys name a lowered schema and the engine that
 * compiles it; they are only valid for the same version of this package and of Ajv, so a store that
 * outlives a process must be dropped when either changes.
 */
export interface SchemaCodeCache {
  get(key: string): SchemaCode | undefined
  set(key: string, code: SchemaCode): void
}
