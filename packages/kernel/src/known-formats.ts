/**
 * Schema `format` values the validator checks (with ajv-formats; `int32` with its range check).
 *
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#name-defined-formats
 * @example
 * ENFORCED_FORMATS.includes('date-time') // true
 */
export const ENFORCED_FORMATS = [
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'int32',
] as const

/**
 * Schema `format` values accepted without a check: OpenAPI's own advisory ones (`int64`: JSON numbers
 * past 2^53 cannot be range-checked faithfully; `float`, `double`, `byte`, `binary`, `password`) and JSON
 * Schema formats ajv-formats does not implement. Any other format is unknown and passes unchecked.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#data-types
 * @example
 * ADVISORY_FORMATS.includes('int64') // true
 */
export const ADVISORY_FORMATS: readonly string[] = [
  'int64',
  'float',
  'double',
  'byte',
  'binary',
  'password',
  'idn-email',
  'idn-hostname',
  'iri',
  'iri-reference',
]
