import { basename, extname, resolve } from 'node:path'
import type { JsonValue } from '@contracttool/kernel'
import { SpecErrorCode } from './errors.js'
import { parseDocument } from './internal/parse-document.js'
import { specError } from './internal/spec-error.js'
import { formatFromExtension } from './internal/spec-format.js'
import { readRegularFileSync } from './read-regular-file.js'

/**
 * The document of a spec file as written: parsed exactly as `loadSpecFile` parses it, with no `$ref`
 * followed, no version gate and no indexing. For tools that look at a document the loader refuses
 * (`contracttool doctor` lists every unresolved reference, not only the first).
 *
 * Throws `CONTRACTTOOL_SPEC_UNSUPPORTED_EXTENSION`, `CONTRACTTOOL_SPEC_UNREADABLE`,
 * `CONTRACTTOOL_SPEC_MALFORMED_JSON` or `CONTRACTTOOL_SPEC_MALFORMED_YAML`.
 *
 * @example
 * const raw = readSpecDocument('openapi/petstore.yaml')
 */
export function readSpecDocument(path: string): JsonValue {
  const absolute = resolve(path)
  const context = { specName: basename(absolute, extname(absolute)), file: absolute }
  const format = formatFromExtension(absolute)
  if (format === undefined) {
    throw specError(
      SpecErrorCode.UnsupportedExtension,
      context,
      `unsupported file extension '${extname(absolute) || '(none)'}'; expected .json, .yaml or .yml.`,
    )
  }
  const read = readRegularFileSync(absolute)
  if (!read.ok) {
    throw specError(SpecErrorCode.SpecUnreadable, context, `the spec file cannot be read (${read.reason}).`, {
      cause: read.cause,
    })
  }
  const text = read.text
  return parseDocument(text, format, context)
}
