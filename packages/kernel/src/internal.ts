// What the other contracttool packages share through the kernel, outside semver (see the README): the
// helpers behind their messages, reports and error classes, which users of the public API never call.
export { closestName, didYouMean } from './closest-name.js'
export { type ErrorClass, errorClass } from './contract-tool-error.js'
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
export {
  EXCHANGE_BRAND,
  EXPRESS_SKIP_BRAND,
  JEST_CHECKS_SLOT,
  JEST_RUNTIME_SLOT,
  MOCHA_PLUGIN_SLOT,
  MOCHA_SLOT,
  NODE_TEST_SLOT,
  PLAYWRIGHT_CHECKED_BRAND,
  PLAYWRIGHT_SLOT,
  RUNTIME_SLOT,
  VITEST_REPORTER_BRAND,
  VITEST_WORKER_BUNDLE_SLOT,
  VITEST_WORKER_SLOT,
} from './global-slots.js'
export { decodeFragmentToken, unescapePointerToken } from './json-pointer.js'
export { type JsonTypeName, jsonTypeOf } from './json-type-of.js'
export { levenshtein } from './levenshtein.js'
export {
  htmlText,
  markdownCode,
  markdownText,
  terminalLines,
  terminalText,
  xmlAttribute,
  xmlText,
} from './output-text.js'
export { percentDecode } from './percent-decode.js'
export { readSequence, type SequenceDefectCode, type SequenceSink } from './read-sequence.js'
