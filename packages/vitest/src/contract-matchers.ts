import type { OpenApiCheckOptions } from '@contracttool/harness'
import type { MatcherResult } from '@contracttool/harness/checks'
import type { MatcherState } from 'vitest'
import { worker } from './internal/worker.js'

/** Per-call options of `toMatchOpenApiSchema()`. */
export type OpenApiMatcherOptions = OpenApiCheckOptions

/** Per-call options of `toMatchOpenApiRequest()`. */
export type OpenApiRequestMatcherOptions = Pick<OpenApiCheckOptions, 'spec'>

interface ContractMatchers<R = unknown> {
  /**
   * Checks the response against the operation it answers (method and path come from the response's own
   * request): status, content type, body schema and headers.
   */
  toMatchOpenApiSchema(options?: OpenApiMatcherOptions): R
  /** Checks the request a response answers: path, query, header parameters, body and security. */
  toMatchOpenApiRequest(options?: OpenApiRequestMatcherOptions): R
  /** Alias of `toMatchOpenApiSchema()` for suites migrating from jest-openapi / vitest-openapi. */
  toSatisfyApiSpec(options?: OpenApiMatcherOptions): R
  /** Checks a value against `components.schemas[name]` of the spec (jest-openapi's matcher of that name). */
  toSatisfySchemaInApiSpec(name: string, options?: OpenApiRequestMatcherOptions): R
}

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: must match Vitest's own declaration to merge
  interface Matchers<T = any> extends ContractMatchers<T> {}
}

/** The task a matcher runs in: Vitest passes it on the matcher state (not part of the typed API). */
function taskOf(state: MatcherState): object | undefined {
  return (state as MatcherState & { task?: object }).task
}

function toMatchOpenApiSchema(
  this: MatcherState,
  received: unknown,
  options?: OpenApiMatcherOptions,
): MatcherResult {
  const { checkResponse, matcherResult } = worker.exports()
  return matcherResult(
    this,
    'toMatchOpenApiSchema',
    checkResponse(received, options, 'toMatchOpenApiSchema', taskOf(this)),
  )
}

function toSatisfyApiSpec(
  this: MatcherState,
  received: unknown,
  options?: OpenApiMatcherOptions,
): MatcherResult {
  const { checkResponse, matcherResult } = worker.exports()
  return matcherResult(
    this,
    'toSatisfyApiSpec',
    checkResponse(received, options, 'toSatisfyApiSpec', taskOf(this)),
  )
}

function toMatchOpenApiRequest(
  this: MatcherState,
  received: unknown,
  options?: OpenApiRequestMatcherOptions,
): MatcherResult {
  const { checkRequest, matcherResult } = worker.exports()
  return matcherResult(
    this,
    'toMatchOpenApiRequest',
    checkRequest(received, options, 'toMatchOpenApiRequest', taskOf(this)),
  )
}

function toSatisfySchemaInApiSpec(
  this: MatcherState,
  received: unknown,
  name: string,
  options?: OpenApiRequestMatcherOptions,
): MatcherResult {
  const { checkSchema, schemaMatcherResult } = worker.exports()
  return schemaMatcherResult(
    this,
    'toSatisfySchemaInApiSpec',
    received,
    checkSchema(received, name, options, 'toSatisfySchemaInApiSpec'),
  )
}

/** The matchers, for `expect.extend()`: the setup file the `contractTesting()` plugin adds registers them. */
export const contractMatchers: {
  readonly toMatchOpenApiSchema: typeof toMatchOpenApiSchema
  readonly toMatchOpenApiRequest: typeof toMatchOpenApiRequest
  readonly toSatisfyApiSpec: typeof toSatisfyApiSpec
  readonly toSatisfySchemaInApiSpec: typeof toSatisfySchemaInApiSpec
} = {
  toMatchOpenApiSchema,
  toMatchOpenApiRequest,
  toSatisfyApiSpec,
  toSatisfySchemaInApiSpec,
} as const
