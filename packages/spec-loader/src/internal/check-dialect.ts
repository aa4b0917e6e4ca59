import type { JsonObject } from '@contracttool/kernel'
import { isObject } from '@contracttool/kernel'
import { documentTypeOf, echoValue, escapePointerToken } from '@contracttool/kernel/internal'
import { dialectFromUri } from '../dialect-from-uri.js'
import { SpecErrorCode } from '../errors.js'
import type { OpenApiVersion, SchemaDialect } from '../types.js'
import { type SpecContext, specError } from './spec-error.js'

const SUPPORTED =
  'Supported dialects are the OpenAPI 3.1 base dialect and JSON Schema Draft 06, Draft 07, 2019-09, or 2020-12'

/**
 * The dialect of schemas that declare no `$schema`. 3.0 is always Draft 07 (its Schema Object is a
 * Draft 07 subset); 3.1 and 3.2 read `jsonSchemaDialect`, defaulting to the OAS base dialect (2020-12).
 * The top-level `$schema` of each `components.schemas` entry is checked too; `$schema` deeper inside a
 * schema is left to the validator, which compiles that schema anyway.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#fixed-fields
 */
export function checkDialect(root: JsonObject, version: OpenApiVersion, context: SpecContext): SchemaDialect {
  if (version === '3.0') return 'draft-07'
  let dialect: SchemaDialect = '2020-12'
  if (Object.hasOwn(root, 'jsonSchemaDialect')) {
    const declared = root.jsonSchemaDialect
    if (typeof declared !== 'string' || declared.trim() === '') {
      throw specError(
        SpecErrorCode.UnsupportedDialect,
        context,
        `unsupported \`jsonSchemaDialect\`: expected a non-empty URI string, received ${echoValue(declared)} (${documentTypeOf(declared)}).`,
        { at: '#/jsonSchemaDialect' },
      )
    }
    dialect = checkUri(declared, '#/jsonSchemaDialect', context)
  }
  const components = root.components
  const schemas = isObject(components) ? components.schemas : undefined
  if (isObject(schemas)) {
    for (const name of Object.keys(schemas)) {
      const schema = schemas[name]
      if (isObject(schema) && Object.hasOwn(schema, '$schema')) {
        const at = `#/components/schemas/${escapePointerToken(name)}/$schema`
        const declared = schema.$schema
        if (typeof declared !== 'string') {
          throw specError(
            SpecErrorCode.UnsupportedDialect,
            context,
            `unsupported \`$schema\`: expected a URI string, received ${echoValue(declared)} (${documentTypeOf(declared)}).`,
            { at },
          )
        }
        checkUri(declared, at, context)
      }
    }
  }
  return dialect
}

function checkUri(uri: string, at: string, context: SpecContext): SchemaDialect {
  const dialect = dialectFromUri(uri)
  if (dialect === undefined) {
    throw specError(
      SpecErrorCode.UnsupportedDialect,
      context,
      `unsupported JSON Schema dialect ${echoValue(uri)}. ${SUPPORTED}.`,
      {
        at,
      },
    )
  }
  return dialect
}
