import type { SchemaDialect } from './types.js'

const OAS_BASE_DIALECT =
  /^https:\/\/spec\.openapis\.org\/oas\/3\.[12]\/dialect\/(base|\d{4}-\d{2}-\d{2})\/?$/i
const JSON_SCHEMA_DIALECT = /^https?:\/\/json-schema\.org\/draft(?:\/|-)(06|07|2019-09|2020-12)\/schema#?$/i

/**
 * The JSON Schema dialect a `jsonSchemaDialect` or `$schema` URI names, or undefined when contracttool
 * does not support it. The OpenAPI base dialect (and its dated variants) is evaluated as 2020-12.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#specifying-schema-dialects
 * @example
 * dialectFromUri('https://spec.openapis.org/oas/3.1/dialect/base') // '2020-12'
 * dialectFromUri('http://json-schema.org/draft-07/schema#') // 'draft-07'
 */
export function dialectFromUri(uri: string): SchemaDialect | undefined {
  const trimmed = uri.trim()
  if (OAS_BASE_DIALECT.test(trimmed)) return '2020-12'
  const match = JSON_SCHEMA_DIALECT.exec(trimmed)
  if (match === null) return undefined
  const draft = match[1]?.toLowerCase()
  if (draft === '06') return 'draft-06'
  if (draft === '07') return 'draft-07'
  return draft === '2019-09' ? '2019-09' : '2020-12'
}
