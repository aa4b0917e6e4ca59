import { isObject } from '@contracttool/kernel'
import { echoValue, jsonTypeOf, truncateText } from '@contracttool/kernel/internal'
import type { CoverageTracker } from './coverage-tracker.js'
import { CoverageError, CoverageErrorCode } from './errors.js'
import { validateCoverageState, validateSdkExerciseState } from './internal/coverage-state.js'
import type { CoverageState, SdkExerciseState } from './types.js'

/** The envelope format this version writes and reads. */
export const SIDECAR_ENVELOPE_VERSION = 1

/**
 * What one worker (or one CI shard) hands to the merge step, written as `part-<token>-<pid>.json`.
 * Format documented in the package README; `envelopeVersion` is bumped on incompatible changes.
 */
export interface SidecarEnvelope {
  readonly envelopeVersion: 1
  readonly tool: 'contracttool'
  readonly writer: { readonly pid: number; readonly token: string }
  readonly coverage: CoverageState
  /** strict_required observations (state format v2), validated and merged by `@contracttool/strict-required`. */
  readonly strictRequired?: unknown
  /** strict_additional_properties observations, validated and merged by `@contracttool/strict-required`. */
  readonly strictAdditionalProperties?: unknown
  readonly sdkExercise?: SdkExerciseState
  /**
   * The options the run resolved, with where each came from, so `contracttool coverage:merge` reproduces the
   * run without its flags. Validated and combined by `@contracttool/harness`.
   */
  readonly runOptions?: unknown
  /**
   * What mocks answered (`@contracttool/msw`), in the format of `coverage`: reported apart, never counted
   * toward coverage or gates. Present only when mocks answered.
   */
  readonly mockCoverage?: CoverageState
}

export interface BuildSidecarEnvelopeOptions {
  readonly token: string
  /** Defaults to `process.pid`. */
  readonly pid?: number
  readonly strictRequired?: unknown
  readonly strictAdditionalProperties?: unknown
  readonly runOptions?: unknown
  /** The mock coverage tracker; written only when it has observations. */
  readonly mockCoverage?: CoverageTracker
}

/**
 * Builds the sidecar envelope of a worker from its tracker (coverage and SDK exercise halves) and the
 * opaque strict-required halves.
 *
 * @example
 * writeSidecar(dir, token, buildSidecarEnvelope(tracker, { token, strictRequired: strictTracker.toState() }))
 */
export function buildSidecarEnvelope(
  tracker: CoverageTracker,
  options: BuildSidecarEnvelopeOptions,
): SidecarEnvelope {
  return {
    envelopeVersion: SIDECAR_ENVELOPE_VERSION,
    tool: 'contracttool',
    writer: { pid: options.pid ?? process.pid, token: options.token },
    coverage: tracker.toState(),
    sdkExercise: tracker.toSdkExerciseState(),
    ...(options.strictRequired === undefined ? {} : { strictRequired: options.strictRequired }),
    ...(options.strictAdditionalProperties === undefined
      ? {}
      : { strictAdditionalProperties: options.strictAdditionalProperties }),
    ...(options.runOptions === undefined ? {} : { runOptions: options.runOptions }),
    ...(options.mockCoverage?.hasObservations() === true
      ? { mockCoverage: options.mockCoverage.toState() }
      : {}),
  }
}

const UPGRADE_HINT = 'Upgrade every test worker and CI shard to the same contracttool version.'

// Where a strict_required payload in the retired v1 format (`alwaysPresent` rows) gives itself away.
function findStrictRequiredV1(state: unknown): string | undefined {
  if (!isObject(state)) return undefined
  const observations = state.observations
  if (isObject(observations)) {
    for (const [spec, endpoints] of Object.entries(observations)) {
      if (!isObject(endpoints)) continue
      for (const [endpoint, responses] of Object.entries(endpoints)) {
        if (!isObject(responses)) continue
        for (const [response, row] of Object.entries(responses)) {
          if (isObject(row) && Object.hasOwn(row, 'alwaysPresent')) {
            return `strict_required ${spec} / ${endpoint} / ${response} carries v1 "alwaysPresent" field; state format v2 expects "pointers" map. ${UPGRADE_HINT}`
          }
        }
      }
    }
  }
  if (state.version === 1) {
    return `Unsupported strict_required state version: got 1, expected 2. ${UPGRADE_HINT}`
  }
  return undefined
}

function writerFromFileName(source: string): { pid: number; token: string } {
  const match = /part-(.*)-(\d+)\.json$/.exec(source)
  return match === null
    ? { pid: 0, token: 'unknown' }
    : { pid: Number(match[2]), token: match[1] ?? 'unknown' }
}

/**
 * Validates a decoded sidecar payload and returns it as an envelope. Accepts envelopes of version 1 and the
 * legacy bare coverage state (`{ "version": 1, "specs": … }`, coverage only). Rejects unknown versions, a
 * legacy payload carrying `strictRequired`, and strict_required state in the v1 format (never downgraded:
 * merging it would silently drop the per-pointer rows). Everything is validated before anything is merged.
 * `source` (a file path) names the payload in `CoverageError` messages.
 *
 * @example
 * const envelope = parseSidecarPayload(JSON.parse(text), 'part-1-4242.json')
 */
export function parseSidecarPayload(value: unknown, source: string): SidecarEnvelope {
  const fail = (code: CoverageErrorCode, message: string): never => {
    throw new CoverageError(code, `Invalid sidecar payload ${source}: ${message}`, { file: source })
  }
  if (!isObject(value))
    return fail(CoverageErrorCode.SidecarInvalid, `expected a JSON object, got ${jsonTypeOf(value)}`)
  if (!Object.hasOwn(value, 'envelopeVersion')) {
    if (Object.hasOwn(value, 'specs')) {
      if (Object.hasOwn(value, 'strictRequired')) {
        return fail(
          CoverageErrorCode.SidecarStrictRequiredV1,
          `Legacy v1 sidecar payload must not contain a top-level "strictRequired" key; a bare coverage payload carries coverage only. ${UPGRADE_HINT}`,
        )
      }
      const coverage = validateSidecarCoverage(value, source)
      return { envelopeVersion: 1, tool: 'contracttool', writer: writerFromFileName(source), coverage }
    }
    const strictV1 = Object.hasOwn(value, 'observations') ? findStrictRequiredV1(value) : undefined
    if (strictV1 !== undefined) return fail(CoverageErrorCode.SidecarStrictRequiredV1, strictV1)
    return fail(
      CoverageErrorCode.SidecarInvalid,
      'unrecognised payload: neither a sidecar envelope ("envelopeVersion") nor a legacy coverage state ("version" + "specs")',
    )
  }
  const version = value.envelopeVersion
  if (version !== SIDECAR_ENVELOPE_VERSION) {
    return fail(
      CoverageErrorCode.SidecarUnsupportedVersion,
      `Unsupported sidecar envelope version: got ${typeof version === 'number' || typeof version === 'string' ? truncateText(String(version)) : jsonTypeOf(version)}, expected ${SIDECAR_ENVELOPE_VERSION}. ${UPGRADE_HINT}`,
    )
  }
  if (value.tool !== 'contracttool') {
    return fail(
      CoverageErrorCode.SidecarInvalid,
      `"tool" must be "contracttool", got ${echoValue(value.tool)}`,
    )
  }
  const writer = value.writer
  if (
    !isObject(writer) ||
    typeof writer.pid !== 'number' ||
    !Number.isSafeInteger(writer.pid) ||
    writer.pid < 0 ||
    typeof writer.token !== 'string'
  ) {
    return fail(CoverageErrorCode.SidecarInvalid, '"writer" must be { "pid": <integer>, "token": <string> }')
  }
  if (!Object.hasOwn(value, 'coverage')) return fail(CoverageErrorCode.SidecarInvalid, 'missing "coverage"')
  const coverage = validateSidecarCoverage(value.coverage, source)
  const mockCoverage =
    value.mockCoverage === undefined || value.mockCoverage === null
      ? undefined
      : validateSidecarCoverage(value.mockCoverage, source, 'mockCoverage')
  if (value.strictRequired !== undefined && value.strictRequired !== null) {
    const strictV1 = findStrictRequiredV1(value.strictRequired)
    if (strictV1 !== undefined) return fail(CoverageErrorCode.SidecarStrictRequiredV1, strictV1)
  }
  let sdkExercise: SdkExerciseState | undefined
  const sdkExerciseValue: unknown = value.sdkExercise
  if (sdkExerciseValue !== undefined && sdkExerciseValue !== null) {
    try {
      validateSdkExerciseState(sdkExerciseValue, 'sdkExercise')
    } catch (error) {
      return fail(CoverageErrorCode.SidecarInvalid, (error as Error).message)
    }
    sdkExercise = sdkExerciseValue as SdkExerciseState
  }
  return {
    envelopeVersion: 1,
    tool: 'contracttool',
    writer: { pid: writer.pid, token: writer.token },
    coverage,
    ...(sdkExercise === undefined ? {} : { sdkExercise }),
    ...(value.strictRequired === undefined || value.strictRequired === null
      ? {}
      : { strictRequired: value.strictRequired }),
    ...(value.strictAdditionalProperties === undefined || value.strictAdditionalProperties === null
      ? {}
      : { strictAdditionalProperties: value.strictAdditionalProperties }),
    ...(value.runOptions === undefined || value.runOptions === null ? {} : { runOptions: value.runOptions }),
    ...(mockCoverage === undefined ? {} : { mockCoverage }),
  }
}

function validateSidecarCoverage(value: unknown, source: string, where = 'coverage'): CoverageState {
  try {
    validateCoverageState(value, where)
  } catch (error) {
    const code =
      error instanceof CoverageError && error.code === CoverageErrorCode.UnsupportedStateVersion
        ? CoverageErrorCode.SidecarUnsupportedVersion
        : CoverageErrorCode.SidecarInvalid
    throw new CoverageError(code, `Invalid sidecar payload ${source}: ${(error as Error).message}`, {
      file: source,
      cause: error,
    })
  }
  return value as CoverageState
}
