import type { CheckContext } from '@contracttool/exchange/internal'
import { isObject, type JsonValue } from '@contracttool/kernel'
import { truncateText } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { compileSchemaValidator, type Violation } from '@contracttool/validator'
import { ContractRunError, HarnessErrorCode } from '../errors.js'

/** What a schema check found: the violations of `value` against `components.schemas[schemaName]`. */
export interface SchemaCheckOutcome {
  readonly failed: boolean
  readonly specName: string
  readonly schemaName: string
  readonly violations: readonly Violation[]
  /** The failure text (violations, then the value received); `''` when the value conforms. */
  readonly message: string
  /** Why a negated check (`.not`) fails: the value conforms. */
  readonly conformance: string
}

/**
 * Validates a value against a named schema of the spec (`components.schemas[schemaName]`), as the validator
 * validates a response body (`readOnly` allowed, `writeOnly` refused): jest-openapi's
 * `toSatisfySchemaInApiSpec(name)` and chai-openapi-response-validator's `satisfySchemaInApiSpec(name)`. The
 * spec is the one `spec` names, else the one bound around the check, else `defaultSpec`. Records nothing.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#components-object
 */
export function checkSchema(
  value: unknown,
  schemaName: unknown,
  spec: string | LoadedSpec | undefined,
  checkName: string,
  context: CheckContext,
): SchemaCheckOutcome {
  const loaded = typeof spec === 'object' ? spec : context.resolveSpec(spec, undefined, checkName)
  const schemas = (loaded.document as { components?: { schemas?: unknown } }).components?.schemas
  const names = isObject(schemas) ? Object.keys(schemas) : []
  if (typeof schemaName !== 'string' || !names.includes(schemaName)) {
    throw new ContractRunError(
      HarnessErrorCode.SchemaNotFound,
      `${checkName}(${typeof schemaName === 'string' ? `'${truncateText(schemaName, 60)}'` : String(schemaName)}): ` +
        `spec '${loaded.name}' has no schema of that name in components.schemas. ` +
        (names.length === 0
          ? 'It defines no components.schemas.'
          : `Its schemas: ${truncateText(names.join(', '), 300)}.`),
      { specName: loaded.name },
    )
  }
  const schema = (schemas as Record<string, JsonValue>)[schemaName] as JsonValue
  const violations = compileSchemaValidator(loaded, schema, 'response')(value)
  const failed = violations.length > 0
  const message = failed
    ? `components.schemas.${schemaName} of spec '${loaded.name}': ${violations.length} violation${violations.length === 1 ? '' : 's'}\n` +
      violations.map((violation) => `  ${violation.message}`).join('\n') +
      `\n\nReceived:\n${truncateText(JSON.stringify(value, null, 2) ?? String(value), 2000)
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n')}`
    : ''
  const conformance = `expected the value not to satisfy components.schemas.${schemaName} of spec '${loaded.name}', but it does.`
  return { failed, specName: loaded.name, schemaName, violations, message, conformance }
}
