import { types } from 'node:util'
import { ContractToolError, isObject } from '@contracttool/kernel'
import { schemaTypeOf } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { ValidatorErrorCode } from '../validator-error-code.js'

// Throws a coded error unless `spec` looks like a `LoadedSpec` (a plain object is not one).
export function assertLoadedSpec(fn: string, spec: unknown): asserts spec is LoadedSpec {
  if (
    !isObject(spec as never) ||
    typeof (spec as LoadedSpec).name !== 'string' ||
    !isObject((spec as LoadedSpec).document) ||
    !types.isMap((spec as LoadedSpec).operationsByPath)
  ) {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidArgument,
      `${fn}() expects a LoadedSpec (from loadSpec, loadSpecFile or buildSpec), got ${schemaTypeOf(spec)}.`,
    )
  }
}

export function assertObjectArgument(fn: string, what: string, value: unknown): asserts value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidArgument,
      `${fn}() expects ${what} to be an object, got ${schemaTypeOf(value)}.`,
    )
  }
}

export function assertStringArgument(fn: string, what: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value === '') {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidArgument,
      `${fn}() expects ${what} to be a non-empty string, got ${schemaTypeOf(value)}.`,
    )
  }
}

// `maxErrors`: 0 = all, a positive integer = that many; anything else is refused. Returns the limit.
export function readMaxErrors(value: unknown): number {
  if (value === undefined) return 20
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidOption,
      `maxErrors must be 0 (unlimited) or a positive integer, got ${typeof value === 'number' ? value : schemaTypeOf(value)}.`,
    )
  }
  return value === 0 ? Number.POSITIVE_INFINITY : value
}

export function readStripPrefixes(value: unknown): readonly string[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || !value.every((prefix) => typeof prefix === 'string')) {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidOption,
      `stripPrefixes must be a list of strings, got ${schemaTypeOf(value)}.`,
    )
  }
  return value
}

export function readMatchServers(value: unknown): boolean {
  if (value === undefined || typeof value === 'boolean') return value !== false
  throw new ContractToolError(
    ValidatorErrorCode.InvalidOption,
    `matchServers must be a boolean, got ${schemaTypeOf(value)}.`,
  )
}

export function readWarningSink(value: unknown): ((message: string) => void) | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'function') {
    throw new ContractToolError(
      ValidatorErrorCode.InvalidOption,
      `onWarning must be a function, got ${schemaTypeOf(value)}.`,
    )
  }
  return value as (message: string) => void
}
