import { ContractToolError, type LoadedSpec } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import { findUndeclaredProperties } from './internal/find-undeclared-properties.js'
import { getOrCreateWeak } from './internal/get-or-create.js'
import { observationKeysOf } from './internal/observation-keys.js'
import { ViewCache } from './internal/properties-view.js'
import { resolveResponseSchema } from './internal/resolve-response-schema.js'
import { compareStrings } from './internal/sorted-strings.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import type { PerCallCheckResult } from './types.js'

const PREFIX = '[OpenAPI Strict Additional Properties per-call]'

/**
 * The per-call strict-additional-properties check: every successful response that returns a property its
 * schema does not document gets one warning at once. Create one per worker process: it caches schema views
 * and returns each unresolvable-schema NOTE once per (spec, endpoint, response).
 *
 * @example
 * const checker = new StrictAdditionalPropertiesPerCallChecker()
 * const { warning } = checker.check(spec, result, body)
 * if (warning !== undefined) process.emitWarning(warning, 'ContractToolWarning')
 */
export class StrictAdditionalPropertiesPerCallChecker {
  readonly #emittedNotes = new Set<string>()
  readonly #views = new WeakMap<LoadedSpec, ViewCache>()

  check(spec: LoadedSpec, result: ValidationResult, body: unknown): PerCallCheckResult {
    if (typeof spec !== 'object' || spec === null || typeof result !== 'object' || result === null) {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        'StrictAdditionalPropertiesPerCallChecker.check() expects (LoadedSpec, ValidationResult, body).',
      )
    }
    if (result.specName !== spec.name) {
      throw new ContractToolError(
        StrictRequiredErrorCode.InvalidArgument,
        `StrictAdditionalPropertiesPerCallChecker.check() received a result validated against spec '${result.specName}' with spec '${spec.name}'.`,
        { specName: spec.name },
      )
    }
    const keys = observationKeysOf(result)
    if (keys === undefined || typeof body !== 'object' || body === null) return { notes: [] }
    const schema = resolveResponseSchema(spec, keys.method, keys.path, keys.statusKey, keys.contentType)
    if (schema === undefined) {
      const key = `${spec.name}\u0000${keys.endpoint}\u0000${keys.response}`
      if (this.#emittedNotes.has(key)) return { notes: [] }
      this.#emittedNotes.add(key)
      return {
        notes: [
          `${PREFIX} NOTE: response schema could not be resolved for ${keys.endpoint} (${keys.statusKey}/${keys.contentType} in spec '${spec.name}'); per-call undocumented-property detection skipped.`,
        ],
      }
    }
    const views = getOrCreateWeak(this.#views, spec, () => new ViewCache(spec))
    const findings = [...findUndeclaredProperties(views, schema, body)].sort(([a], [b]) =>
      compareStrings(a, b),
    )
    if (findings.length === 0) return { notes: [] }
    const count = findings.length
    const warning = [
      `${PREFIX} WARN: ${keys.method} ${keys.path}  ${keys.statusKey}  ${keys.contentType} returned ${count} undocumented response ${count === 1 ? 'property' : 'properties'}:`,
      ...findings.map(([pointer, property]) => `  - ${pointer} (${property})`),
      'Action: declare the properties, explicitly document the object as open, or set strict_additional_properties_per_call=off.',
    ].join('\n')
    return { warning, notes: [] }
  }
}
