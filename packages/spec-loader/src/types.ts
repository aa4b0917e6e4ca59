/**
 * The OpenAPI document model shared by every contracttool package.
 *
 * Documents are kept as plain JSON values (as parsed): the loader never rewrites user schemas beyond
 * bundling, so every consumer sees what the author wrote. Types below describe the shapes the tool reads;
 * fields are optional and `unknown` where a malformed document may put anything.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#openapi-object
 */

import type { JsonObject, JsonValue } from '@contracttool/kernel'

/** The OpenAPI version families contracttool supports. */
export type OpenApiVersion = '3.0' | '3.1' | '3.2'

/** Fixed-field HTTP methods of a Path Item Object, lower case as they appear in the document. */
export const FIXED_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
  'query',
] as const
export type FixedMethod = (typeof FIXED_METHODS)[number]

/** The JSON Schema dialects a schema may be evaluated in. */
export type SchemaDialect = 'draft-06' | 'draft-07' | '2019-09' | '2020-12'

/** @see https://spec.openapis.org/oas/v3.1.0#parameter-object */
export interface ParameterObject {
  readonly name: string
  readonly in: 'path' | 'query' | 'header' | 'cookie' | 'querystring'
  readonly required?: boolean
  readonly deprecated?: boolean
  readonly style?: string
  readonly explode?: boolean
  readonly allowEmptyValue?: boolean
  readonly allowReserved?: boolean
  readonly schema?: JsonValue
  readonly content?: { readonly [mediaType: string]: MediaTypeObject }
  readonly example?: JsonValue
  readonly examples?: { readonly [name: string]: JsonValue }
  readonly [extension: `x-${string}`]: JsonValue | undefined
}

/** @see https://spec.openapis.org/oas/v3.1.0#media-type-object */
export interface MediaTypeObject {
  readonly schema?: JsonValue
  /** OpenAPI 3.2 sequential media types (streams). */
  readonly itemSchema?: JsonValue
  readonly example?: JsonValue
  readonly examples?: { readonly [name: string]: JsonValue }
  readonly encoding?: JsonValue
}

/** @see https://spec.openapis.org/oas/v3.1.0#header-object */
export interface HeaderObject {
  readonly required?: boolean
  readonly schema?: JsonValue
  readonly content?: { readonly [mediaType: string]: MediaTypeObject }
  readonly style?: string
  readonly explode?: boolean
}

/** @see https://spec.openapis.org/oas/v3.1.0#response-object */
export interface ResponseObject {
  readonly description?: string
  readonly headers?: { readonly [name: string]: HeaderObject | JsonValue }
  readonly content?: { readonly [mediaType: string]: MediaTypeObject | JsonValue }
}

/** @see https://spec.openapis.org/oas/v3.1.0#request-body-object */
export interface RequestBodyObject {
  readonly required?: boolean
  readonly content?: { readonly [mediaType: string]: MediaTypeObject | JsonValue }
}

/** A Security Requirement Object: scheme name → scopes. `{}` means anonymous access. */
export type SecurityRequirement = { readonly [scheme: string]: readonly string[] }

/**
 * One operation of the document, found once at load time so no later lookup walks the document.
 * Every `$ref` on the way to the operation (path item, parameters, request body, responses,
 * response headers, security schemes) is already followed; schemas keep their `$ref`s.
 */
export interface IndexedOperation {
  /** Method as recorded in coverage: fixed methods upper case (`'GET'`), `additionalOperations` keys verbatim. */
  readonly method: string
  /** The key in the path item: `'get'`, or the `additionalOperations` key as written. */
  readonly methodKey: string
  /** True for 3.2 `additionalOperations` entries. */
  readonly isAdditional: boolean
  /** The path template as written in `paths`. */
  readonly path: string
  /** `"<METHOD> <path>"`, the endpoint key used by coverage and reports. */
  readonly key: string
  /** JSON pointer of the operation object inside `LoadedSpec.document` (for messages and schema references). */
  readonly pointer: string
  readonly operationId: string | undefined
  readonly tags: readonly string[]
  readonly deprecated: boolean
  /** The operation object, `$ref`-followed. Malformed operations are kept as found (validators report them). */
  readonly operation: JsonValue
  /** Path-item parameters merged with operation parameters (keyed by `in` + `name`, operation wins), `$ref`-followed. Malformed entries are kept so validators can report them. */
  readonly parameters: readonly (ParameterObject | JsonValue)[]
  /** The operation's `requestBody`, `$ref`-followed, or undefined. */
  readonly requestBody: RequestBodyObject | JsonValue | undefined
  /**
   * The operation's `responses` map, each response `$ref`-followed; `undefined` when the key is absent.
   * Kept as found when malformed (not an object) so the validator reports it.
   */
  readonly responses: { readonly [statusKey: string]: ResponseObject | JsonValue } | JsonValue | undefined
  /** Effective security: the operation's `security` when the key is present, else the root `security`, else undefined. */
  readonly security: JsonValue | undefined
  /** Where `security` came from. */
  readonly securitySource: 'operation' | 'root' | 'none'
}

/** A loaded, bundled and indexed OpenAPI document. Immutable: share it freely. */
export interface LoadedSpec {
  /** The name the spec was loaded under (file name without extension for `loadSpecFile`). */
  readonly name: string
  /** The version family. */
  readonly version: OpenApiVersion
  /** The exact `openapi` string, for example `'3.1.0'`. */
  readonly openapi: string
  /** Absolute path of the entry file, or undefined for specs built from a value. */
  readonly sourcePath: string | undefined
  /**
   * The whole document as one self-contained JSON value: every `$ref` in it is a local pointer
   * (`#/...`) into this same value. Content of referenced external files is mounted under the root
   * extension key `x-contracttool-external` (see `EXTERNAL_DOCUMENTS_KEY`). Data positions (`example`,
   * `default`, `enum`, `const`, example values) and specification extensions (`x-*`) are kept as written.
   */
  readonly document: JsonObject
  /** Dialect of schemas that declare no `$schema`: `draft-07` for 3.0, `jsonSchemaDialect` (default 2020-12) for 3.1/3.2. */
  readonly defaultDialect: SchemaDialect
  /** Every operation, in document order (paths in order, fixed methods in their order, then additionalOperations). */
  readonly operations: readonly IndexedOperation[]
  /** path template → method (as in `IndexedOperation.method`) → operation. */
  readonly operationsByPath: ReadonlyMap<string, ReadonlyMap<string, IndexedOperation>>
  /** Path templates in document order. */
  readonly paths: readonly string[]
  /** Warnings found while loading (for example an ignored 3.2 `$self`), already deduplicated. */
  readonly warnings: readonly string[]
}

/** Root extension key under which the contents of external `$ref` files are bundled. */
export const EXTERNAL_DOCUMENTS_KEY = 'x-contracttool-external'
