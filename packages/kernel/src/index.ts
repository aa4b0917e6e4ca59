export { closestName, didYouMean } from './closest-name.js'
export {
  ContractToolError,
  type ContractToolErrorDetails,
  type ErrorClass,
  errorClass,
  isContractToolError,
} from './contract-tool-error.js'
export { DEFAULT_SKIP_REQUEST_CODES, DEFAULT_SKIP_RESPONSE_CODES } from './default-skip-codes.js'
export { defer, deferredProperty } from './defer.js'
export {
  describeArgument,
  documentTypeOf,
  echoValue,
  schemaTypeOf,
  shortTypeOf,
  truncateText,
} from './describe-value.js'
export { escapePointerToken } from './escape-pointer-token.js'
export { isObject } from './is-object.js'
export { decodeFragmentToken, unescapePointerToken } from './json-pointer.js'
export { type JsonTypeName, jsonTypeOf } from './json-type-of.js'
export type { JsonObject, JsonValue } from './json-value.js'
export { ADVISORY_FORMATS, ENFORCED_FORMATS } from './known-formats.js'
export { levenshtein } from './levenshtein.js'
export {
  isJsonMediaType,
  normalizeMediaType,
  type SequentialMediaFormat,
  sequentialMediaFormat,
} from './media-type.js'
export {
  htmlText,
  markdownCode,
  markdownText,
  terminalLines,
  terminalText,
  xmlAttribute,
  xmlText,
} from './output-text.js'
export { parseCookieHeader } from './parse-cookie-header.js'
export { percentDecode } from './percent-decode.js'
export { readSequence, type SequenceDefectCode, type SequenceSink } from './read-sequence.js'
export { RESERVED_HEADERS } from './reserved-headers.js'
export { TRACKED_METHODS, type TrackedMethod } from './tracked-methods.js'
