import { types } from 'node:util'
import { ContractToolError, isObject } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { MatcherErrorCode } from '../matcher-error-code.js'
import type { MatchOptions } from '../types.js'

const MAX_ECHO = 200

// Shortens echoed input so one bad value cannot flood a message.
export function truncate(text: string, max: number = MAX_ECHO): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(truncate(value, 60))}`
    case 'number':
    case 'boolean':
    case 'bigint':
      return `${typeof value} ${String(value)}`
    case 'undefined':
      return 'undefined'
    case 'function':
      return 'a function'
    default:
      return 'an object'
  }
}

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
    `${where}: expected a LoadedSpec (from loadSpec, loadSpecFile or buildSpec), received ${describeValue(spec)}.`,
  )
}

export function assertString(where: string, name: string, value: unknown): asserts value is string {
  if (typeof value === 'string') return
  throw new ContractToolError(
    MatcherErrorCode.InvalidArgument,
    `${where}: expected ${name} to be a string, received ${describeValue(value)}.`,
  )
}

export function assertMethod(where: string, method: unknown): asserts method is string {
  if (typeof method === 'string' && method !== '') return
  throw new ContractToolError(
    MatcherErrorCode.InvalidArgument,
    `${where}: expected the HTTP method to be a non-empty string, received ${describeValue(method)}.`,
  )
}

export function readStripPrefixes(where: string, options: MatchOptions | undefined): readonly string[] {
  if (options === undefined) return []
  if (!isObject(options)) {
    throw new ContractToolError(
      MatcherErrorCode.InvalidOption,
      `${where}: expected options to be an object, received ${describeValue(options)}.`,
    )
  }
  const prefixes: unknown = options.stripPrefixes
  if (prefixes === undefined) return []
  if (!Array.isArray(prefixes)) {
    throw new ContractToolError(
      MatcherErrorCode.InvalidOption,
      `${where}: expected options.stripPrefixes to be a list of strings, received ${describeValue(prefixes)}.`,
    )
  }
  let hasEmpty = false
  for (let i = 0; i < prefixes.length; i++) {
    const prefix: unknown = prefixes[i]
    if (typeof prefix !== 'string') {
      throw new ContractToolError(
        MatcherErrorCode.InvalidOption,
        `${where}: expected options.stripPrefixes[${i}] to be a string, received ${describeValue(prefix)}.`,
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
      `${where}: expected options to be an object, received ${describeValue(options)}.`,
    )
  }
  const value: unknown = options.matchServers
  if (value === undefined || typeof value === 'boolean') return value !== false
  throw new ContractToolError(
    MatcherErrorCode.InvalidOption,
    `${where}: expected options.matchServers to be a boolean, received ${describeValue(value)}.`,
  )
}
