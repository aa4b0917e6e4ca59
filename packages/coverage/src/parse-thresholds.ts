import { truncateText } from '@contracttool/kernel/internal'
import { formatNumber } from './internal/format.js'

/** Raw threshold settings as they arrive from plugin options, a config file, CLI flags or the environment. */
export interface ThresholdInput {
  readonly minEndpointCoverage?: string | number | null | undefined
  readonly minResponseCoverage?: string | number | null | undefined
  readonly minSdkExerciseCoverage?: string | number | null | undefined
  readonly minCoverageStrict?: string | boolean | null | undefined
}

export type ThresholdName = keyof ThresholdInput

/** Parsed thresholds: a percent from 0 to 100 per configured gate; `strict` makes a miss exit 1. */
export interface Thresholds {
  readonly minEndpointCoverage?: number
  readonly minResponseCoverage?: number
  readonly minSdkExerciseCoverage?: number
  readonly strict: boolean
}

export interface ParsedThresholds {
  readonly thresholds: Thresholds
  /** Lines for stderr, one per rejected value (`[OpenAPI Coverage] WARNING: …`, or `FATAL: …` when strict). */
  readonly warnings: readonly string[]
  /** True when strict mode is on and a value was rejected: the caller aborts (CLI exit 2). */
  readonly fatal: boolean
}

export interface ParseThresholdsOptions {
  /** How the caller spells each setting in messages, for example `{ minEndpointCoverage: '--min-endpoint-coverage' }`. */
  readonly names?: Partial<Readonly<Record<ThresholdName, string>>>
}

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/
const PERCENT_KEYS = ['minEndpointCoverage', 'minResponseCoverage', 'minSdkExerciseCoverage'] as const

function parseStrict(value: string | boolean | null | undefined): boolean | undefined {
  if (value === undefined || value === null) return false
  if (typeof value === 'boolean') return value
  const normalized = value.trim().toLowerCase()
  if (normalized === '' || ['false', '0', 'no'].includes(normalized)) return false
  if (['true', '1', 'yes'].includes(normalized)) return true
  return undefined
}

/**
 * Parses threshold settings. Values are percents from 0 to 100 inclusive; an empty value means unset.
 * A non-numeric or out-of-range value skips that gate with a warning line (a FATAL line, and `fatal`, when
 * `minCoverageStrict` is on, since a typo must not silently drop a gate the run opted into).
 * `minCoverageStrict` accepts booleans and `true/false/1/0/yes/no` in any case.
 *
 * @example
 * const { thresholds, warnings, fatal } = parseThresholds(
 *   { minEndpointCoverage: flags.minEndpointCoverage, minCoverageStrict: flags.minCoverageStrict },
 *   { names: { minEndpointCoverage: '--min-endpoint-coverage', minCoverageStrict: '--min-coverage-strict' } },
 * )
 */
export function parseThresholds(raw: ThresholdInput, options: ParseThresholdsOptions = {}): ParsedThresholds {
  const nameOf = (key: ThresholdName) => options.names?.[key] ?? key
  const warnings: string[] = []
  let fatal = false
  const strictValue = parseStrict(raw.minCoverageStrict)
  if (strictValue === undefined) {
    fatal = true
    warnings.push(
      `[OpenAPI Coverage] FATAL: ${nameOf('minCoverageStrict')}='${truncateText(String(raw.minCoverageStrict))}' is not a boolean (accepted: true, false, 1, 0, yes, no).`,
    )
  }
  const strict = strictValue ?? true
  const severity = strict ? 'FATAL' : 'WARNING'
  const parsed: { -readonly [K in (typeof PERCENT_KEYS)[number]]?: number } = {}
  for (const key of PERCENT_KEYS) {
    const value = raw[key]
    if (value === undefined || value === null) continue
    const text = typeof value === 'number' ? String(value) : value.trim()
    if (text === '') continue
    const number = typeof value === 'number' ? value : NUMERIC.test(text) ? Number(text) : Number.NaN
    if (!Number.isFinite(number)) {
      warnings.push(
        `[OpenAPI Coverage] ${severity}: ${nameOf(key)}='${truncateText(text)}' is not a number; skipping threshold gate.`,
      )
      fatal ||= strict
      continue
    }
    if (number < 0 || number > 100) {
      warnings.push(
        `[OpenAPI Coverage] ${severity}: ${nameOf(key)}=${formatNumber(number)} is out of range (expected 0-100); skipping threshold gate.`,
      )
      fatal ||= strict
      continue
    }
    parsed[key] = number
  }
  return { thresholds: { ...parsed, strict }, warnings, fatal }
}

/**
 * True when at least one percent gate is configured.
 *
 * @example
 * if (hasThresholds(thresholds) && partial) process.stderr.write(`${describePartialRun(reasons).lines[0]}\n`)
 */
export function hasThresholds(thresholds: Thresholds): boolean {
  return PERCENT_KEYS.some((key) => thresholds[key] !== undefined)
}
