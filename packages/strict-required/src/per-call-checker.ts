import { terminalText } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import {
  ADDITIONAL_PROPERTIES_POLICY,
  type AdditionalPropertiesGroup,
  type UndeclaredAnalysis,
} from './internal/additional-properties-policy.js'
import { assertCheckArguments } from './internal/assert-check-arguments.js'
import { observationKeysOf } from './internal/observation-keys.js'
import type { RequiredAnalysis } from './internal/required-analysis.js'
import { REQUIRED_POLICY, type RequiredGroup } from './internal/required-policy.js'
import { SchemaAnalyses } from './internal/schema-analyses.js'
import type { StrictPolicy } from './internal/strict-policy.js'
import type { PerCallCheckResult, StrictAdditionalPropertiesStateV1, StrictRequiredStateV2 } from './types.js'

/**
 * A per-call strict check: every successful response is checked at once against its schema, without waiting
 * for the end of the run; the policy says what drifts. Create one per worker process: it caches schema
 * analyses and returns each NOTE once. Warnings are not deduplicated: every drifting response gets one.
 */
export abstract class StrictPerCallChecker<Group, Analysis, State> {
  readonly #policy: StrictPolicy<Group, Analysis, State>
  readonly #caller: string
  readonly #analyses: SchemaAnalyses<Analysis>
  readonly #emittedNotes = new Set<string>()

  protected constructor(policy: StrictPolicy<Group, Analysis, State>, caller: string) {
    this.#policy = policy
    this.#caller = caller
    this.#analyses = new SchemaAnalyses(policy.analyse)
  }

  /** Checks one validated response; only `success` results with an object or array body are looked at. */
  check(spec: LoadedSpec, result: ValidationResult, raw: unknown): PerCallCheckResult {
    assertCheckArguments(`${this.#caller}.check()`, spec, result)
    const keys = observationKeysOf(result)
    if (keys === undefined) return { notes: [] }
    const body = this.#analyses.bodyOf(spec, keys, raw)
    if (typeof body !== 'object' || body === null) return { notes: [] }
    const where = `${keys.endpoint} (${keys.statusKey}/${keys.contentType} in spec '${spec.name}')`
    const analysis = this.#analyses.of(spec, keys)
    if (analysis === undefined) {
      const { perCallPrefix, perCallSubject } = this.#policy
      const note = this.noteOnce(
        `unresolved\u0000${spec.name}\u0000${keys.endpoint}\u0000${keys.response}`,
        `${perCallPrefix} NOTE: response schema could not be resolved for ${terminalText(where)}; per-call ${perCallSubject} skipped.`,
      )
      return { notes: note === undefined ? [] : [note] }
    }
    return this.#policy.checkResponse(analysis, { spec, keys, where }, body, (key, text) =>
      this.noteOnce(key, text),
    )
  }

  /** `text` the first time this checker is given `key`, undefined afterwards. */
  protected noteOnce(key: string, text: string): string | undefined {
    if (this.#emittedNotes.has(key)) return undefined
    this.#emittedNotes.add(key)
    return text
  }
}

/**
 * The per-call strict-required check: on every successful response, each optional field the schema
 * declares and the body carries is reported at once. NOTEs are returned once: spec load failures per spec,
 * unresolvable schemas per response, disjunctions per covering pointer.
 *
 * @example
 * const checker = new PerCallChecker()
 * const { warning, notes } = checker.check(spec, result, body)
 * for (const note of notes) process.stderr.write(`${note}\n`)
 * if (warning !== undefined) process.emitWarning(warning, 'ContractToolWarning')
 */
export class PerCallChecker extends StrictPerCallChecker<
  RequiredGroup,
  RequiredAnalysis,
  StrictRequiredStateV2
> {
  constructor() {
    super(REQUIRED_POLICY, 'PerCallChecker')
  }

  /**
   * The NOTE for a spec that failed to load while tests were running, or undefined when this checker
   * already returned it for that spec.
   */
  noteSpecLoadFailure(specName: string, error: unknown): string | undefined {
    const cause = error instanceof Error ? error.message : String(error)
    return this.noteOnce(
      `spec-load\u0000${specName}`,
      `${REQUIRED_POLICY.perCallPrefix} NOTE: spec '${specName}' failed to load at runtime; per-call drift detection skipped for subsequent calls against this spec. Cause: ${cause}`,
    )
  }
}

/**
 * The per-call strict-additional-properties check: every successful response that returns a property its
 * schema does not document gets one warning at once; an unresolvable schema gets one NOTE per response.
 *
 * @example
 * const checker = new StrictAdditionalPropertiesPerCallChecker()
 * const { warning } = checker.check(spec, result, body)
 * if (warning !== undefined) process.emitWarning(warning, 'ContractToolWarning')
 */
export class StrictAdditionalPropertiesPerCallChecker extends StrictPerCallChecker<
  AdditionalPropertiesGroup,
  UndeclaredAnalysis,
  StrictAdditionalPropertiesStateV1
> {
  constructor() {
    super(ADDITIONAL_PROPERTIES_POLICY, 'StrictAdditionalPropertiesPerCallChecker')
  }
}
