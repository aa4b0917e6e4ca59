export { buildSpec, type BuildSpecOptions, escapePointerToken, follow, isObject } from './build-spec.js'
export {
  ContractToolError,
  type ContractToolErrorDetails,
  isContractToolError,
  SpecErrorCode,
} from './errors.js'
export { resolvePointer } from './resolve-pointer.js'
export {
  EXTERNAL_DOCUMENTS_KEY,
  FIXED_METHODS,
  type FixedMethod,
  type HeaderObject,
  type IndexedOperation,
  type JsonObject,
  type JsonValue,
  type LoadedSpec,
  type MediaTypeObject,
  type OpenApiVersion,
  type ParameterObject,
  type RequestBodyObject,
  type ResponseObject,
  type SchemaDialect,
  type SecurityRequirement,
  TRACKED_METHODS,
  type TrackedMethod,
} from './types.js'
