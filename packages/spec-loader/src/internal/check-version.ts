import type { JsonObject } from '@contracttool/kernel'
import { documentTypeOf, echoValue } from '@contracttool/kernel/internal'
import { SpecErrorCode } from '../errors.js'
import type { OpenApiVersion } from '../types.js'
import { type SpecContext, specError } from './spec-error.js'

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/
const SUPPORTED = 'a major.minor.patch string in a supported version family: 3.0.x, 3.1.x, or 3.2.x'

export interface DocumentVersion {
  readonly version: OpenApiVersion
  readonly openapi: string
}

/**
 * The version gate, run before anything else reads the document: `openapi` must be a
 * `major.minor.patch` string of the 3.0, 3.1 or 3.2 family.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#versions
 */
export function checkVersion(root: JsonObject, context: SpecContext): DocumentVersion {
  const openapi = root.openapi
  if (openapi === undefined && Object.hasOwn(root, 'swagger')) {
    throw specError(
      SpecErrorCode.UnsupportedVersion,
      context,
      `this is a Swagger 2.0 document (swagger: ${echoValue(root.swagger)}), which is not supported; expected an \`openapi\` field with ${SUPPORTED}. Convert it to OpenAPI 3 first (for example with swagger2openapi).`,
    )
  }
  const match = typeof openapi === 'string' ? VERSION.exec(openapi) : null
  const family = match === null ? undefined : `${match[1]}.${match[2]}`
  if (typeof openapi !== 'string' || (family !== '3.0' && family !== '3.1' && family !== '3.2')) {
    const type = typeof openapi === 'number' ? 'number' : documentTypeOf(openapi)
    const shown = openapi === undefined ? '<missing>' : `${echoValue(openapi)} (${type})`
    // An unquoted `3.0` reaches us as the number 3: say how to write it rather than only what it is.
    const hint = typeof openapi === 'number' ? ' Quote it in the document, for example "3.0.3".' : ''
    throw specError(
      SpecErrorCode.UnsupportedVersion,
      context,
      `unsupported OpenAPI version ${shown}. The required \`openapi\` field must be ${SUPPORTED}.${hint}`,
    )
  }
  return { version: family, openapi }
}
