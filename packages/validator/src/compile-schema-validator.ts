import { ContractToolError, type JsonValue } from '@contracttool/kernel'
import { schemaTypeOf } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { assertLoadedSpec, readWarningSink } from './internal/arguments.js'
import { runSchema } from './internal/run-schema.js'
import { getSpecState } from './internal/spec-state.js'
import type { SchemaContext, SchemaValidator } from './types.js'
import { ValidatorErrorCode } from './validator-error-code.js'

/**
 * Compiles a schema of `spec` (a node of `spec.document`, or any schema whose `$ref`s point into it)
 * exactly as the validator evaluates bodies: OpenAPI 3.0 keywords lowered, `readOnly` refused in
 * `'request'` and `writeOnly` in `'response'`, discriminators enforced. Cached per spec, context and
 * schema object: calling it again with the same schema returns the same function (the first call's
 * `onWarning` keeps receiving its advisories).
 *
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 * @example
 * const check = compileSchemaValidator(spec, spec.document.components.schemas.Pet, 'response')
 * check({ id: 'x' }) // [{ code: 'schema', message: '[/id] must be integer, received "x" (string)', … }]
 */
export function compileSchemaValidator(
  spec: LoadedSpec,
  schema: JsonValue,
  context: SchemaContext,
  options: { readonly onWarning?: (message: string) => void } = {},
): SchemaValidator {
  assertLoadedSpec('compileSchemaValidator', spec)
  const onWarning = readWarningSink(options.onWarning)
  if (context !== 'request' && context !== 'response') {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidArgument,
      `compileSchemaValidator() expects context 'request' or 'response', got ${schemaTypeOf(context)}.`,
    )
  }
  const state = getSpecState(spec)
  const memoKey = `validators:${context}`
  let memo = state.memo.get(memoKey) as WeakMap<object, SchemaValidator> | undefined
  if (memo === undefined) {
    memo = new WeakMap()
    state.memo.set(memoKey, memo)
  }
  const key = typeof schema === 'object' && schema !== null ? schema : undefined
  const cached = key === undefined ? undefined : memo.get(key)
  if (cached !== undefined) return cached
  const registry = state.registry(context)
  const compiled = state.withSink(onWarning, () => registry.compile(schema, undefined))
  if (compiled.validate === undefined) {
    throw new ContractToolError(
      ValidatorErrorCode.MalformedSchema,
      compiled.error ?? 'The schema does not compile.',
      { specName: spec.name },
    )
  }
  // Referenced schemas compile when a value first reaches them: their advisories go to the same sink.
  const validator: SchemaValidator = (value) =>
    state.withSink(onWarning, () => runSchema(registry, compiled, value, { in: 'body', label: '' }))
  if (key !== undefined) memo.set(key, validator)
  return validator
}
