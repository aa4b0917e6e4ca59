// The error base class, the JSON types and the media-type rules are the kernel's; this package's README
// documents them, so they stay importable from here.
export {
  ContractToolError,
  type ContractToolErrorDetails,
  isContractToolError,
  isJsonMediaType,
  type JsonObject,
  type JsonValue,
  normalizeMediaType,
  recognizeEveryCopy,
} from '@contracttool/kernel'
export { type BuildSpecOptions, buildSpec, mergeParameters } from './build-spec.js'
export {
  CONFIG_FILE_NAMES,
  type ConfigFile,
  type ReadConfigFileOptions,
  readConfigFile,
} from './config-file.js'
export { describesText } from './describes-text.js'
export { dialectFromUri } from './dialect-from-uri.js'
export { SpecErrorCode } from './errors.js'
export { escapeControlCharacters } from './escape-control-characters.js'
export { escapePointerToken } from './escape-pointer-token.js'
export { follow } from './follow.js'
export type {
  LoadSpecFileOptions,
  LoadSpecFromValueOptions,
  LoadSpecOptions,
  RemoteRefOptions,
} from './load-options.js'
export { findSpecFile, loadSpec, loadSpecSync } from './load-spec.js'
export { loadSpecFile, loadSpecFileSync } from './load-spec-file.js'
export { loadSpecFromValue } from './load-spec-from-value.js'
export {
  MAX_DOCUMENT_BYTES,
  type RegularFileRead,
  readRegularFile,
  readRegularFileSync,
} from './read-regular-file.js'
export { readSpecDocument } from './read-spec-document.js'
export { redactUrl } from './redact-url.js'
export { resolvePointer } from './resolve-pointer.js'
export { SpecRegistry } from './spec-registry.js'
export {
  EXTERNAL_DOCUMENTS_KEY,
  FIXED_METHODS,
  type FixedMethod,
  type HeaderObject,
  type IndexedOperation,
  type LoadedSpec,
  type MediaTypeObject,
  type OpenApiVersion,
  type ParameterObject,
  type RequestBodyObject,
  type ResponseObject,
  type SchemaDialect,
  type SecurityRequirement,
} from './types.js'
