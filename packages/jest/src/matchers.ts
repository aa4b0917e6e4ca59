import type { OpenApiCheckOptions } from '@contracttool/harness/checks'

/** Per-call options of `toMatchOpenApiSchema()` and `toSatisfyApiSpec()`. */
export type OpenApiMatcherOptions = OpenApiCheckOptions

/** Per-call options of `toMatchOpenApiRequest()`. */
export type OpenApiRequestMatcherOptions = Pick<OpenApiCheckOptions, 'spec'>

/** The matchers the setup file registers, typed for `expect` of `@jest/globals` and of `@types/jest`. */
interface ContractMatchers<R> {
  /**
   * Checks the response against the operation it answers (method and path come from the response's own
   * request): status, content type, body schema and headers.
   */
  toMatchOpenApiSchema(options?: OpenApiMatcherOptions): R
  /** Checks the request a response answers: path, query, header parameters, body and security. */
  toMatchOpenApiRequest(options?: OpenApiRequestMatcherOptions): R
  /** jest-openapi's name for `toMatchOpenApiSchema()`. */
  toSatisfyApiSpec(options?: OpenApiMatcherOptions): R
  /** Checks a value against `components.schemas[name]` of the spec (jest-openapi's matcher of that name). */
  toSatisfySchemaInApiSpec(name: string, options?: OpenApiRequestMatcherOptions): R
}

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends ContractMatchers<R> {}
}

declare global {
  namespace jest {
    // biome-ignore lint/complexity/noBannedTypes: must match the declaration of `@types/jest` to merge
    interface Matchers<R, T = {}> extends ContractMatchers<R> {}
  }
}
