// The error base class, the JSON types and the media-type rules are the kernel's; this package's README
// documents them, so they stay importable from here.
export {
  ContractToolError,
  isContractToolError,
  isJsonMediaType,
  type JsonValue,
  normalizeMediaType,
} from '@contracttool/kernel'
export { buildSpec, mergeParameters } from './build-spec.js'
export { type ConfigFile, readConfigFile } from './config-file.js'
export { describesText } from './describes-text.js'
export { dialectFromUri } from './dialect-from-uri.js'
export { SpecErrorCode } from './errors.js'
export { follow } from './follow.js'
export { findSpecFile, loadSpec, loadSpecSync } from './load-spec.js'
export { loadSpecFile, loadSpecFileSync } from './load-spec-file.js'
export { loadSpecFromValue } from './load-spec-from-value.js'
export { MAX_DOCUMENT_BYTES, readRegularFile, readRegularFileSync } from './read-regular-file.js'
export { readSpecDocument } from './read-spec-document.js'
export { redactUrl } from './redact-url.js'
export { resolvePointer } from './resolve-pointer.js'
export { SpecRegistry } from './spec-registry.js'
export type { IndexedOperation, LoadedSpec, SchemaDialect } from './types.js'
