import { types } from 'node:util'
import { ContractToolError, isObject } from '@contracttool/kernel'
import { describeArgument } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { MatcherErrorCode } from '../matcher-error-code.js'
import type { MatchOptions } from '../types.js'

export function assertLoadedSpec(where: string, spec: unknown): asserts spec is LoadedSpec {
  if (
    isObject(spec) &&
    typeof spec.name === 'string' &&
    isObject(spec.document) &&
    Array.isArray(spec.paths) &&
    types.isMap((spec as unknown as LoadedSpec).operationsByPath)
  ) {
    return
  }
  throw new ContractToolError(
    MatcherErrorCode.InvalidArgument,
    `${where}: expected a LoadedSpec (from loadSpec, loadSpecFile or buildSpec), received ${describeArgument(spec)}.`,
  )
}

export function assertString(where: string, name: string, value: unknown): asserts value is string {
  if (typeof value === 'string') return
  throw new ContractToolError(
    MatcherErrorCode.InvalidArgument,
    `${where}: expected ${name} to be a string, received ${describeArgument(value)}.`,
  )
}

export function assertMethod(where: string, method: unknown): asserts method is string {
  if (typeof method === 'string' && method !== '') return
  throw new ContractToolError(
    MatcherErrorCode.InvalidArgument,
    `${where}: expected the HTTP method to be a non-empty string, received ${describeArgument(method)}.`,
  )
}

export function readStripPrefixes(where: string, options: MatchOptions | undefined): readonly string[] {
  if (options === undefined) return []
  if (!isObject(options)) {
    throw new ContractToolError(
      MatcherErrorCode.InvalidOption,
      `${where}: expected options to be an object, received ${describeArgument(options)}.`,
    )
  }
  const prefixes: unknown = options.stripPrefixes
  if (prefixes === undefined) return []
  if (!Array.isArray(prefixes)) {
    throw new ContractToolError(
      MatcherErrorCode.InvalidOption,
      `${where}: expected options.stripPrefixes to be a list of strings, received ${describeArgument(prefixes)}.`,
    )
  }
  let hasEmpty = false
  for (let i = 0; i < prefixes.length; i++) {
    const prefix: unknown = prefixes[i]
    if (typeof prefix !== 'string') {
      throw new ContractToolError(
        MatcherErrorCode.InvalidOption,
        `${where}: expected options.stripPrefixes[${i}] to be a string, received ${describeArgument(prefix)}.`,
      )
    }
    if (prefix === '') hasEmpty = true
  }
  // An empty entry (a trailing comma in a configured list) would "match" every path and strip nothing.
  return hasEmpty ? (prefixes as string[]).filter((prefix) => prefix !== '') : (prefixes as string[])
}

export function readMatchServers(where: string, options: MatchOptions | undefined): boolean {
  if (options === undefined) return true
  if (!isObject(options)) {
    throw new ContractToolError(
      MatcherErrorCode.InvalidOption,
      `${where}: expected options to be an object, received ${describeArgument(options)}.`,
    )
  }
  const value: unknown = options.matchServers
  if (value === undefined || typeof value === 'boolean') return value !== false
  throw new ContractToolError(
    MatcherErrorCode.InvalidOption,
    `${where}: expected options.matchServers to be a boolean, received ${describeArgument(value)}.`,
  )
}
