import { ContractToolError, type LoadedSpec } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import { collectObservedKeys } from './collect-observed-keys.js'
import { getOrCreateWeak } from './internal/get-or-create.js'
import { observationKeysOf } from './internal/observation-keys.js'
import { displayPointer } from './internal/pointer.js'
import { RequiredAnalysis } from './internal/required-analysis.js'
import { resolveResponseSchema } from './internal/resolve-response-schema.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import type { PerCallCheckResult } from './types.js'

const PREFIX = '[OpenAPI Strict Required per-call]'

/**
 * The per-call strict-required check: on every successful response, each optional field the schema
 * declares and the body carries is reported at once, without waiting for the end of the run. Create one per
 * worker process: it remembers which NOTEs it already returned (spec load failures once per spec,
 * unresolvable schemas once per response, disjunctions once per covering pointer) and caches schema
 * analyses. Warnings are not deduplicated: every drifting response gets one.
 *
 * @example
 * const checker = new PerCallChecker()
 * const { warning, notes } = checker.check(spec, result, body)
 * for (const note of notes) process.stderr.write(`${note}\n`)
 * if (warning !== undefined) process.emitWarning(warning, 'ContractToolWarning')
 */
export class PerCallChecker {
  readonly #emittedNotes = new Set<string>()
  readonly #analyses = new WeakMap<LoadedSpec, Map<string, RequiredAnalysis | undefined>>()

  /** Checks one validated response; only `success` results with an object or array body are looked at. */
  check(spec: LoadedSpec, result: ValidationResult, body: unknown): PerCallCheckResult {
    if (typeof result !== 'object' || result === null || typeof spec !== 'object' || spec === null) {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        'PerCallChecker.check() expects (LoadedSpec, ValidationResult, body).',
      )
    }
    if (result.specName !== spec.name) {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        `PerCallChecker.check() received a result validated against spec '${result.specName}' with spec '${spec.name}'.`,
        { specName: spec.name },
      )
    }
    const keys = observationKeysOf(result)
    if (keys === undefined || typeof body !== 'object' || body === null) return { notes: [] }
    const responseId = `${keys.statusKey}/${keys.contentType}`
    const where = `${keys.endpoint} (${responseId} in spec '${spec.name}')`

    const analysis = this.#analysisFor(spec, keys.method, keys.path, keys.statusKey, keys.contentType)
    if (analysis === undefined) {
      const note = this.#noteOnce(
        `unresolved\u0000${spec.name}\u0000${keys.endpoint}\u0000${responseId}`,
        `${PREFIX} NOTE: response schema could not be resolved for ${where}; per-call drift detection skipped.`,
      )
      return { notes: note === undefined ? [] : [note] }
    }

    const notes: string[] = []
    const lines: string[] = []
    let total = 0
    for (const [pointer, observed] of collectObservedKeys(body)) {
      const lookup = analysis.lookup(pointer)
      if (lookup.kind === 'disjunction') {
        const note = this.#noteOnce(
          `disjunction\u0000${spec.name}\u0000${keys.endpoint}\u0000${responseId}\u0000${lookup.at}`,
          `${PREFIX} NOTE: ${where} observation at pointer '${pointer}' is covered by ${lookup.reason} at '${displayPointer(lookup.at)}'; per-call drift detection skipped because \`required\` has no AND-semantic across disjunctions. Pin the shape with \`allOf\` if you need per-call coverage here.`,
        )
        if (note !== undefined) notes.push(note)
        continue
      }
      if (lookup.kind !== 'known') continue
      const optional = observed.filter((key) => lookup.declared.has(key) && !lookup.required.has(key))
      if (optional.length === 0) continue
      total += optional.length
      lines.push(`  ${pointer} : ${optional.join(', ')}`)
    }
    if (lines.length === 0) return { notes }

    const warning = [
      `${PREFIX} WARN: ${keys.method} ${keys.path}  ${keys.statusKey}  ${keys.contentType}: response carries ${total} optional field(s) not declared in \`required\` at the matching schema pointer(s):`,
      ...lines,
      "Action: add these fields to the schema's `required` array, or set strict_required_per_call=off if intentional.",
      'Note: per-call mode warns on every legitimately-optional field present in this single observation. See the @contracttool/strict-required README, "Per-call mode", for the trade-off.',
    ].join('\n')
    return { warning, notes }
  }

  /**
   * The NOTE for a spec that failed to load while tests were running, or undefined when this checker
   * already returned it for that spec.
   */
  noteSpecLoadFailure(specName: string, error: unknown): string | undefined {
    const cause = error instanceof Error ? error.message : String(error)
    return this.#noteOnce(
      `spec-load\u0000${specName}`,
      `${PREFIX} NOTE: spec '${specName}' failed to load at runtime; per-call drift detection skipped for subsequent calls against this spec. Cause: ${cause}`,
    )
  }

  #analysisFor(
    spec: LoadedSpec,
    method: string,
    path: string,
    statusKey: string,
    contentType: string,
  ): RequiredAnalysis | undefined {
    const bySpec = getOrCreateWeak(
      this.#analyses,
      spec,
      () => new Map<string, RequiredAnalysis | undefined>(),
    )
    const key = `${method} ${path}\u0000${statusKey}\u0000${contentType}`
    if (!bySpec.has(key)) {
      const schema = resolveResponseSchema(spec, method, path, statusKey, contentType)
      bySpec.set(key, schema === undefined ? undefined : new RequiredAnalysis(spec, schema))
    }
    return bySpec.get(key)
  }

  #noteOnce(key: string, text: string): string | undefined {
    if (this.#emittedNotes.has(key)) return undefined
    this.#emittedNotes.add(key)
    return text
  }
}
