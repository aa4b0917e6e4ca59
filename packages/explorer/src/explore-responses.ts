import { ContractToolError, isJsonMediaType, isObject, type JsonValue } from '@contracttool/kernel'
import { jsonTypeOf } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { deriveSeed } from './derive-seed.js'
import { ExploredOperation } from './explored-operation.js'
import { ExplorerErrorCode } from './explorer-error-code.js'
import { assertLoadedSpec, readCount, readSeed } from './internal/arguments.js'
import { freezeJson } from './internal/encoding.js'
import { createRandom } from './internal/random.js'
import { jsonKey, type SchemaEnv, UngeneratableError } from './internal/schema-env.js'
import { GeneratorDefectError, generateValidValue, SelfValidator } from './internal/self-validator.js'

/**
 * Called immediately before each decode attempt of `assertRoundTrip`, with the response it
 * exercises; wire it to the coverage tracker's `recordSdkExercise`.
 */
export type ExerciseRecorder = (
  specName: string,
  method: string,
  path: string,
  statusKey: string,
  contentTypeKey: string,
) => void

export interface ExploreResponsesOptions {
  /** Global seed (default 0). */
  readonly seed?: number
  /** Payloads per response (default 1); later ones rotate `oneOf` branches, optional fields and bounds. */
  readonly cases?: number
  readonly onExercise?: ExerciseRecorder
}

/** A documented JSON response whose schema could not be generated, and why. */
export interface ResponseExplorationSkip {
  readonly operation: ExploredOperation
  readonly statusKey: string
  readonly contentTypeKey: string
  readonly reason: string
}

/** The result of `exploreResponses`. */
export interface ResponseExploration {
  readonly responses: readonly ExploredResponse[]
  readonly skips: readonly ResponseExplorationSkip[]
}

/**
 * One generated, schema-valid response payload, for SDK decoder round-trip tests.
 *
 * @example
 * for (const r of exploreResponses(spec, { onExercise: (...key) => tracker.recordSdkExercise(...key) }).responses) {
 *   r.assertRoundTrip((json) => PetSchema.parse(json), (pet) => pet)
 * }
 */
export class ExploredResponse {
  readonly operation: ExploredOperation
  readonly statusKey: string
  readonly contentTypeKey: string
  readonly body: JsonValue
  readonly caseIndex: number
  readonly #onExercise: ExerciseRecorder | undefined

  constructor(init: {
    readonly operation: ExploredOperation
    readonly statusKey: string
    readonly contentTypeKey: string
    readonly body: JsonValue
    readonly caseIndex: number
    readonly onExercise?: ExerciseRecorder | undefined
  }) {
    this.operation = init.operation
    this.statusKey = init.statusKey
    this.contentTypeKey = init.contentTypeKey
    this.body = freezeJson(structuredClone(init.body))
    this.caseIndex = init.caseIndex
    this.#onExercise = init.onExercise
  }

  /**
   * Decodes a copy of `body` with your SDK, encodes the result back, and requires the JSON of the
   * re-encoded value to equal `body` (key order aside). Throws `CONTRACTTOOL_EXPLORER_ROUND_TRIP_FAILED`
   * (with `expected`/`actual` for a diff) when the decoder throws or the round trip changes the payload.
   */
  assertRoundTrip<T>(decode: (json: JsonValue) => T, encode: (decoded: T) => unknown): void {
    const { specName, method, path } = this.operation
    this.#onExercise?.(specName, method, path, this.statusKey, this.contentTypeKey)
    const where = `${method} ${path} ${this.statusKey} ${this.contentTypeKey} (case ${this.caseIndex}, seed ${this.operation.seed})`
    let actual: JsonValue
    try {
      actual = JSON.parse(JSON.stringify(encode(decode(structuredClone(this.body)))) ?? 'null') as JsonValue
    } catch (error) {
      throw new ContractToolError(
        ExplorerErrorCode.RoundTripFailed,
        `SDK round trip failed for ${where}: ${error instanceof Error ? error.message : String(error)}\nPayload: ${JSON.stringify(this.body)}`,
        { specName, cause: error },
      )
    }
    if (jsonKey(actual) !== jsonKey(this.body)) {
      const error = new ContractToolError(
        ExplorerErrorCode.RoundTripFailed,
        `SDK round trip changed the payload for ${where}.\nExpected: ${JSON.stringify(this.body)}\nReceived: ${JSON.stringify(actual)}`,
        { specName },
      )
      throw Object.assign(error, { expected: this.body, actual, showDiff: true })
    }
  }
}

/**
 * Generates valid payloads for every documented (operation, status key, JSON media type with a
 * schema): writeOnly properties left out, readOnly ones kept, each payload validated by the runtime
 * validator. 3.2 `itemSchema` streams and non-JSON media types are left out (they are not in the
 * SDK exercise denominator either).
 *
 * @example
 * const { responses, skips } = exploreResponses(spec, { seed: 1 })
 */
export function exploreResponses(
  spec: LoadedSpec,
  options: ExploreResponsesOptions = {},
): ResponseExploration {
  assertLoadedSpec('exploreResponses', spec)
  const seed = readSeed('exploreResponses', options.seed)
  const cases = readCount('exploreResponses', 'cases', options.cases, 1)
  if (options.onExercise !== undefined && typeof options.onExercise !== 'function') {
    throw new ContractToolError(
      ExplorerErrorCode.InvalidOption,
      'exploreResponses: onExercise must be a function.',
    )
  }
  const env: SchemaEnv = { document: spec.document, version: spec.version, direction: 'response' }
  const validator = new SelfValidator(spec)
  const responses: ExploredResponse[] = []
  const skips: ResponseExplorationSkip[] = []
  for (const indexed of spec.operations) {
    if (!isObject(indexed.responses)) continue
    const operationSeed = deriveSeed([spec.name, indexed.method, indexed.path, seed])
    const operation = ExploredOperation.fromIndexed(spec.name, indexed, operationSeed)
    for (const [statusKey, response] of Object.entries(indexed.responses)) {
      if (statusKey.startsWith('x-') || !isObject(response) || !isObject(response.content)) continue
      for (const [contentTypeKey, media] of Object.entries(response.content)) {
        if (!isJsonMediaType(contentTypeKey) || !isObject(media) || media.schema === undefined) continue
        const schema = media.schema
        const random = createRandom(deriveSeed([operationSeed, statusKey, contentTypeKey]))
        try {
          for (let caseIndex = 0; caseIndex < cases; caseIndex++) {
            const body = generateValidValue(env, validator, schema, random, caseIndex)
            responses.push(
              new ExploredResponse({
                operation,
                statusKey,
                contentTypeKey,
                body,
                caseIndex,
                onExercise: options.onExercise,
              }),
            )
          }
        } catch (error) {
          if (error instanceof UngeneratableError) {
            skips.push({
              operation,
              statusKey,
              contentTypeKey,
              reason: `Cannot generate the response body: ${error.message.replace(/\.$/, '')}.`,
            })
            continue
          }
          if (error instanceof GeneratorDefectError) {
            throw new ContractToolError(
              ExplorerErrorCode.GeneratorDefect,
              `Internal explorer generator defect: the generated ${indexed.key} ${statusKey} ${contentTypeKey} response body (seed ${operationSeed}) fails its own schema.\n` +
                `Value: ${JSON.stringify(error.value)?.slice(0, 200)} (${jsonTypeOf(error.value)})\nViolations: ${error.message}`,
              { specName: spec.name, cause: error },
            )
          }
          throw error
        }
      }
    }
  }
  return { responses, skips }
}
