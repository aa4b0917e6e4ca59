export {
  ContractToolError,
  type ContractToolErrorDetails,
  isContractToolError,
} from './contract-tool-error.js'
export { DEFAULT_SKIP_REQUEST_CODES, DEFAULT_SKIP_RESPONSE_CODES } from './default-skip-codes.js'
export { isObject } from './is-object.js'
export type { JsonObject, JsonValue } from './json-value.js'
export { ADVISORY_FORMATS, ENFORCED_FORMATS } from './known-formats.js'
export {
  isJsonMediaType,
  normalizeMediaType,
  type SequentialMediaFormat,
  sequentialMediaFormat,
} from './media-type.js'
export { parseCookieHeader } from './parse-cookie-header.js'
export { RESERVED_HEADERS } from './reserved-headers.js'
export { TRACKED_METHODS, type TrackedMethod } from './tracked-methods.js'
