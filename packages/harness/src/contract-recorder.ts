import { terminalLines } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import {
  CONTRACT_TOOL_WARNING,
  PerCallChecker,
  StrictAdditionalPropertiesPerCallChecker,
} from '@contracttool/strict-required'
import type { ValidationResult } from '@contracttool/validator'
import type { RecorderSettings } from './recorder-settings.js'
import { emptyObservations, type RunEnvelope, type RunObservations } from './run-envelope.js'

/** The per-call checkers of one process: per-call NOTEs are printed once per process. */
export interface PerCallCheckers {
  readonly required: PerCallChecker
  readonly additional: StrictAdditionalPropertiesPerCallChecker
}

/** Fresh per-call checkers; a runner keeps one pair per process and hands it to each recorder. */
export function createPerCallCheckers(): PerCallCheckers {
  return { required: new PerCallChecker(), additional: new StrictAdditionalPropertiesPerCallChecker() }
}

/**
 * Where the checks of one process (a test file, a worker, a custom harness) report into: coverage,
 * strict-required and undeclared-property observations, and the per-call checks. `takeEnvelope()` hands
 * what was recorded to whatever carries it to the end of the run.
 */
export class ContractRecorder {
  readonly #settings: RecorderSettings
  readonly #perCall: PerCallCheckers
  #observed: Required<RunObservations> = emptyObservations()
  #recorded = false

  constructor(settings: RecorderSettings, perCall: PerCallCheckers = createPerCallCheckers()) {
    this.#settings = settings
    this.#perCall = perCall
  }

  /** Records a validated response for coverage and strict-required, and runs the per-call checks. */
  recordResponse(spec: LoadedSpec, result: ValidationResult, body: unknown): void {
    const observed = this.#observed
    observed.coverage.recordResponse(result)
    if (this.#settings.observeStrictRequired) observed.strictRequired.record(result, body, spec)
    if (this.#settings.observeStrictAdditionalProperties) observed.additional.record(spec, result, body)
    this.#recorded = true
    if (result.outcome !== 'success') return
    if (this.#settings.strictRequiredPerCall === 'warn')
      report(this.#perCall.required.check(spec, result, body))
    if (this.#settings.strictAdditionalPropertiesPerCall === 'warn') {
      report(this.#perCall.additional.check(spec, result, body))
    }
  }

  /** Records a response a mock answered: mock coverage only, never the API's coverage or strict-required. */
  recordMockResponse(result: ValidationResult): void {
    this.#observed.mockCoverage.recordResponse(result)
    this.#recorded = true
  }

  /** Records a request validation for coverage (`request-only` endpoints). */
  recordRequest(result: ValidationResult): void {
    this.#observed.coverage.recordRequest(result)
    this.#recorded = true
  }

  /** What was recorded (undefined when nothing was), and a fresh start for anything recorded later. */
  takeEnvelope(): RunEnvelope | undefined {
    if (!this.#recorded) return undefined
    const observed = this.#observed
    this.#observed = emptyObservations()
    this.#recorded = false
    return {
      version: 1,
      coverage: observed.coverage.toState(),
      strictRequired: observed.strictRequired.toState(),
      strictAdditionalProperties: observed.additional.toState(),
      ...(observed.mockCoverage.hasObservations() ? { mockCoverage: observed.mockCoverage.toState() } : {}),
    }
  }
}

/** Per-call findings: NOTEs to stderr, the drift warning as a `ContractToolWarning` (tests can make those fail). */
function report({ warning, notes }: { readonly warning?: string; readonly notes: readonly string[] }): void {
  for (const note of notes) process.stderr.write(terminalLines(`${note}\n`))
  if (warning !== undefined) process.emitWarning(terminalLines(warning), CONTRACT_TOOL_WARNING)
}
