import { ContractToolError, isObject } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { ExplorerErrorCode } from '../explorer-error-code.js'

export function invalidOption(message: string): ContractToolError {
  return new ContractToolError(ExplorerErrorCode.InvalidOption, message)
}

export function assertLoadedSpec(call: string, spec: unknown): asserts spec is LoadedSpec {
  if (
    !isObject(spec) ||
    !isObject(spec.document) ||
    !Array.isArray(spec.operations) ||
    typeof spec.name !== 'string'
  ) {
    throw invalidOption(`${call}: expected a LoadedSpec (from loadSpec, loadSpecFile or loadSpecFromValue).`)
  }
}

export function readCount(call: string, option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw invalidOption(`${call}: ${option} must be an integer >= 1, received ${String(value)}.`)
  }
  return value
}

export function readSeed(call: string, value: unknown): number {
  if (value === undefined) return 0
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw invalidOption(`${call}: seed must be a safe integer, received ${String(value)}.`)
  }
  return value
}

export function readStatusClasses(call: string, value: unknown): readonly number[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw invalidOption(`${call} requires at least one expected HTTP status class.`)
  }
  for (const item of value) {
    if (typeof item !== 'number' || !Number.isInteger(item) || item < 1 || item > 5) {
      throw invalidOption(
        `Expected HTTP status class must be an integer between 1 and 5, got ${String(item)}.`,
      )
    }
  }
  return Object.freeze([...(value as number[])])
}

export function readStringList(call: string, option: string, value: unknown): readonly string[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw invalidOption(`${call}: ${option} must be a list of strings.`)
  }
  return value as string[]
}
