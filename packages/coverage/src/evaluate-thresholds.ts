import { formatNumber, percentOf } from './internal/format.js'
import { hasThresholds, type Thresholds } from './parse-thresholds.js'
import type { CoverageResult } from './types.js'

export type ThresholdMetric = 'endpoint' | 'response' | 'sdkExercise'

/** One evaluated gate. */
export interface ThresholdLine {
  readonly metric: ThresholdMetric
  readonly covered: number
  readonly total: number
  /** Rounded to one decimal; 100 when there is nothing to cover (endpoint and response gates). */
  readonly percent: number
  readonly threshold: number
  readonly evaluable: boolean
  readonly ok: boolean
}

export interface ThresholdOutcome {
  /** True when at least one gate is configured. */
  readonly configured: boolean
  /** True when every configured gate passed (also true when none is configured). */
  readonly passed: boolean
  /** 1 only when a gate failed and `strict` is on. */
  readonly exitCode: 0 | 1
  /** Lines for stderr (empty when there is nothing to say). */
  readonly lines: readonly string[]
  readonly endpoint?: ThresholdLine
  readonly response?: ThresholdLine
  readonly sdkExercise?: ThresholdLine
}

export interface EvaluateThresholdsOptions {
  /**
   * Merged sidecars that carried no SDK exercise state (workers of an older version). With an SDK gate,
   * strict mode fails as unevaluable; warn mode says how many and evaluates the data available.
   */
  readonly sidecarsWithoutSdkExercise?: number
}

export const NO_COVERAGE_RECORDED =
  'no contract test coverage was recorded; configured threshold cannot be evaluated.'

const LABELS: Readonly<Record<ThresholdMetric, string>> = {
  endpoint: 'endpoint',
  response: 'response',
  sdkExercise: 'SDK exercise',
}

function gate(
  metric: ThresholdMetric,
  covered: number,
  total: number,
  threshold: number,
  emptyIsFailure = false,
): ThresholdLine {
  const evaluable = !emptyIsFailure || total > 0
  const percent = percentOf(covered, total, 100)
  return { metric, covered, total, percent, threshold, evaluable, ok: evaluable && percent >= threshold }
}

/**
 * Evaluates the coverage thresholds, aggregated across every spec of the result (sums of counts, not an
 * average of per-spec rates). When a gate fails, the lines are `[OpenAPI Coverage] FAIL: …` (strict) or
 * `[OpenAPI Coverage] WARN: …`, one per configured gate, continuation lines indented under the first.
 * An empty SDK denominator cannot be evaluated and fails; so does a run that recorded nothing.
 *
 * @example
 * const outcome = evaluateThresholds(result, thresholds)
 * for (const line of outcome.lines) process.stderr.write(`${line}\n`)
 * process.exitCode = outcome.exitCode
 */
export function evaluateThresholds(
  result: CoverageResult,
  thresholds: Thresholds,
  options: EvaluateThresholdsOptions = {},
): ThresholdOutcome {
  if (!hasThresholds(thresholds)) return { configured: false, passed: true, exitCode: 0, lines: [] }
  const strict = thresholds.strict
  if (!result.hasObservations) {
    return {
      configured: true,
      passed: false,
      exitCode: strict ? 1 : 0,
      lines: [`[OpenAPI Coverage] ${strict ? 'FATAL' : 'WARNING'}: ${NO_COVERAGE_RECORDED}`],
    }
  }
  const totals = result.totals
  const sdk = result.sdkExerciseTotals
  const missingSdk = options.sidecarsWithoutSdkExercise ?? 0
  const notes: string[] = []
  const endpoint =
    thresholds.minEndpointCoverage === undefined
      ? undefined
      : gate('endpoint', totals.endpointFullyCovered, totals.endpointTotal, thresholds.minEndpointCoverage)
  const response =
    thresholds.minResponseCoverage === undefined
      ? undefined
      : gate('response', totals.responseCovered, totals.responseTotal, thresholds.minResponseCoverage)
  let sdkExercise: ThresholdLine | undefined
  let sdkUnevaluableReason = 'no eligible response schemas'
  if (thresholds.minSdkExerciseCoverage !== undefined) {
    sdkExercise = gate(
      'sdkExercise',
      sdk.responseExercised,
      sdk.responseTotal,
      thresholds.minSdkExerciseCoverage,
      true,
    )
    if (missingSdk > 0) {
      const workers = `${missingSdk} worker sidecar(s) carried no SDK exercise state`
      if (strict) {
        sdkExercise = { ...sdkExercise, evaluable: false, ok: false }
        sdkUnevaluableReason = workers
      } else {
        notes.push(
          `[OpenAPI Coverage] WARNING: ${workers}; SDK exercise coverage is evaluated on the available data.`,
        )
      }
    }
  }
  const gates = [endpoint, response, sdkExercise].filter((line): line is ThresholdLine => line !== undefined)
  const passed = gates.every((line) => line.ok)
  const lines = [...notes]
  if (!passed) {
    const prefix = `[OpenAPI Coverage] ${strict ? 'FAIL' : 'WARN'}: `
    const indent = ' '.repeat(prefix.length)
    gates.forEach((line, index) => {
      lines.push(`${index === 0 ? prefix : indent}${describeGate(line, sdkUnevaluableReason)}`)
    })
  }
  return {
    configured: true,
    passed,
    exitCode: !passed && strict ? 1 : 0,
    lines,
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(response === undefined ? {} : { response }),
    ...(sdkExercise === undefined ? {} : { sdkExercise }),
  }
}

function describeGate(line: ThresholdLine, unevaluableReason: string): string {
  const label = LABELS[line.metric]
  if (!line.evaluable) return `${label} coverage cannot be evaluated (${unevaluableReason}).`
  const actual = formatNumber(line.percent)
  const threshold = formatNumber(line.threshold)
  return line.ok
    ? `${label} coverage ${actual}% (>= ${threshold}%, ok).`
    : `${label} coverage ${actual}% < threshold ${threshold}%.`
}
