import { isContractToolError, type JsonValue } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { compileSchemaValidator, ValidatorErrorCode, type Violation } from '@contracttool/validator'
import { generateValue } from './generate-value.js'
import type { Random } from './random.js'
import type { Direction, SchemaEnv } from './schema-env.js'
import { UngeneratableError } from './schema-env.js'

type Check = (value: unknown) => readonly Violation[]

/**
 * Validates generated values with the runtime validator itself, so generation and validation can
 * never disagree silently. Compiled checks are cached per schema node for the life of one
 * exploration call.
 */
export class SelfValidator {
  readonly #spec: LoadedSpec
  readonly #cache: Record<Direction, Map<JsonValue, Check>> = { request: new Map(), response: new Map() }

  constructor(spec: LoadedSpec) {
    this.#spec = spec
  }

  violations(schema: JsonValue, value: JsonValue, direction: Direction): readonly Violation[] {
    const cache = this.#cache[direction]
    let check = cache.get(schema)
    if (check === undefined) {
      try {
        check = compileSchemaValidator(this.#spec, schema, direction)
      } catch (error) {
        // A schema the validator cannot compile cannot be checked either: nothing is explorable there.
        if (isContractToolError(error) && error.code === ValidatorErrorCode.MalformedSchema) {
          throw new UngeneratableError(`the schema does not compile (${error.message})`)
        }
        throw error
      }
      cache.set(schema, check)
    }
    return check(value)
  }
}

/** A generated value that the validator rejects: a defect of the generator, never a usable case. */
export class GeneratorDefectError extends Error {
  override readonly name = 'GeneratorDefectError'
  readonly value: JsonValue
  readonly violations: readonly Violation[]

  constructor(value: JsonValue, violations: readonly Violation[]) {
    super(violations.map((violation) => violation.message).join('; '))
    this.value = value
    this.violations = violations
  }
}

/*
 * Keywords generation does not model: a value rejected only through them means "unsupported
 * schema" (a skip with a reason), not a generator defect.
 */
const UNMODELLED_KEYWORDS = new Set([
  'not',
  'if',
  'then',
  'else',
  'contains',
  'minContains',
  'maxContains',
  'patternProperties',
  'propertyNames',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'oneOf',
  'discriminator',
  '$dynamicRef',
])

const ATTEMPTS = 4

/**
 * Generates a value and proves it valid: up to four attempts (later ones choose other
 * `oneOf`/`anyOf` branches), then `UngeneratableError` when only unmodelled keywords rejected it,
 * else `GeneratorDefectError`.
 */
export function generateValidValue(
  env: SchemaEnv,
  validator: SelfValidator,
  schema: JsonValue,
  random: Random,
  index: number,
  options: { readonly allowNull?: boolean } = {},
): JsonValue {
  let last: { value: JsonValue; violations: readonly Violation[] } | undefined
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const value = generateValue(env, schema, random, index, { ...options, branchShift: attempt })
    const violations = validator.violations(schema, value, env.direction)
    if (violations.length === 0) return value
    last = { value, violations }
  }
  const { value, violations } = last!
  const keywords = violations.map((violation) => violation.keyword)
  if (
    keywords.length > 0 &&
    keywords.every((keyword) => keyword !== undefined && UNMODELLED_KEYWORDS.has(keyword))
  ) {
    throw new UngeneratableError(
      `no generated value satisfies the schema's ${[...new Set(keywords)].join(', ')} constraint (${violations[0]!.message})`,
    )
  }
  throw new GeneratorDefectError(value, violations)
}
