export type { OpenApiCheckOptions } from '@contracttool/harness'
export {
  type ChaiLike,
  type ChaiUtilsLike,
  chaiContractTesting,
  type SchemaCheckOptions,
} from './chai-contract-testing.js'
export { ChaiPluginError, ChaiPluginErrorCode } from './errors.js'

declare global {
  // chai's assertion type (`@types/chai`, and chai 5/6 typings built on it): the plugin's assertions.
  namespace Chai {
    interface Assertion {
      /** The response against the operation its request matched (`toMatchOpenApiSchema()`). */
      matchOpenApiSchema(options?: import('@contracttool/harness').OpenApiCheckOptions): Assertion
      /** The request the response answers (`toMatchOpenApiRequest()`). */
      matchOpenApiRequest(options?: {
        spec?: string | import('@contracttool/spec-loader').LoadedSpec
      }): Assertion
      /** chai-openapi-response-validator's name for `matchOpenApiSchema()`. */
      readonly satisfyApiSpec: Assertion
      /** The value against `components.schemas[name]`. */
      satisfySchemaInApiSpec(
        name: string,
        options?: import('./chai-contract-testing.js').SchemaCheckOptions,
      ): Assertion
    }
  }
}
