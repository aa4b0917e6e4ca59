import type { Ajv, ValidateFunction } from 'ajv'
import * as equalModule from 'ajv/dist/runtime/equal.js'
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js'
import type { SchemaCode, SchemaCodeCache, SchemaCodeValue } from '../types.js'
import { uniqueItemsKeyword } from './unique-items.js'

// Reusing the code Ajv generated for a lowered schema, in another process.
//
// Ajv compiles a schema to the source of a function and runs it with `new Function('self', 'scope', …)`:
// the source starts with `const schema3 = scope.schema[3];…` for each value it uses (the schema itself,
// format checkers, patterns, keyword functions, helpers), then returns the validating function. The
// source depends on nothing but the lowered schema and the Ajv options, so it can be kept, keyed by the
// lowered schema, together with a description of each of those values. Another process that lowers the
// same schema builds a scope holding its own values at the same places and runs the kept source:
// Ajv's code generator, most of what a compile costs, does not run again. Only the values below can be
// described; a schema whose code uses any other (a native `$ref`'s compiled function, for instance) is
// not kept.

/** The values of the compiling engine a kept source may use, and how to describe them. */
export interface CodeValues {
  readonly root: object | boolean
  readonly lazyRef: (...args: never[]) => unknown
  readonly regExp: object
  readonly formats: Readonly<Record<string, unknown>>
  pattern(key: string): unknown
}

// One line of the prelude Ajv puts before the function: `const pattern2 = scope.pattern[2];`.
const PRELUDE = /const \w+ = scope\.(\w+)\[(\d+)\];/y

// Ajv's runtime helpers, by the `code` Ajv gives them. A namespace import of a CommonJS module holds it
// under `default` in a CommonJS build and under `default.default` when Node imports it as ESM.
const HELPERS: ReadonlyMap<string, unknown> = new Map(
  [defaultOf(equalModule), defaultOf(ucs2lengthModule)].map((helper) => [helper.code, helper]),
)

// Known by their code, not their identity: a bundle may hold another copy of Ajv's runtime than Ajv's own
// (the Vitest plugin's worker code does), doing the same.
function helperCode(value: object): string {
  const { code } = value as { code?: unknown }
  return typeof code === 'string' ? code : ''
}

function defaultOf(namespace: object): { code: string } {
  const value = (namespace as { default: { code?: string; default?: { code: string } } }).default
  return (typeof value.code === 'string' ? value : value.default) as { code: string }
}

/** The cache in use in this process (see `useSchemaCodeCache`). */
let current: SchemaCodeCache | undefined

/**
 * Makes every schema compiled from now on reuse the code `cache` holds for it, and leave there the code of
 * what it compiles. Undefined stops it. Meant for processes that validate the same specs again and again
 * (each test file of a Vitest run is one); within one process a compiled schema is kept anyway.
 */
export function useSchemaCodeCache(cache: SchemaCodeCache | undefined): void {
  current = cache
}

export function schemaCodeCache(): SchemaCodeCache | undefined {
  return current
}

/**
 * The kept form of `source`, the code Ajv generated for `values.root` in `ajv`; undefined when it uses a
 * value that cannot be described.
 */
export function describeSchemaCode(
  source: string,
  validate: ValidateFunction,
  ajv: Ajv,
  values: CodeValues,
): SchemaCode | undefined {
  const scope = ajv.scope.get() as Record<string, unknown[] | undefined>
  const described: SchemaCodeValue[] = []
  // Where the prelude ends (a failed sticky match resets `lastIndex`).
  let end = 0
  PRELUDE.lastIndex = 0
  for (let match = PRELUDE.exec(source); match !== null; match = PRELUDE.exec(source)) {
    const [, prefix, index] = match as unknown as [string, string, string]
    const what = describeValue(prefix, scope[prefix]?.[Number(index)], values)
    if (what === undefined) return undefined
    described.push([prefix, Number(index), what])
    end = PRELUDE.lastIndex
  }
  if (!source.startsWith('return function ', end)) return undefined
  const { evaluated } = validate
  if (evaluated === undefined) return { source, values: described }
  return { source, values: described, evaluated: { ...evaluated } as NonNullable<SchemaCode['evaluated']> }
}

function describeValue(prefix: string, value: unknown, values: CodeValues): string | undefined {
  switch (prefix) {
    case 'schema':
      return value === values.root ? 'root' : undefined
    case 'keyword':
      if (value === uniqueItemsKeyword) return 'unique-items'
      return value === values.lazyRef ? 'lazy-ref' : undefined
    case 'formats':
      for (const [name, format] of Object.entries(values.formats))
        if (format === value) return `format:${name}`
      return undefined
    case 'pattern':
      return `pattern:${String(value)}`
    case 'func':
      if (value === values.regExp) return 'regexp-engine'
      if (value === Object.prototype.hasOwnProperty) return 'has-own'
      return typeof value === 'function' && HELPERS.has(helperCode(value))
        ? `helper:${helperCode(value)}`
        : undefined
    default:
      return undefined
  }
}

/** Runs kept code against this process's values; undefined when a value cannot be found here. */
export function instantiateSchemaCode(code: SchemaCode, values: CodeValues): ValidateFunction | undefined {
  const scope: Record<string, unknown[]> = {}
  for (const [prefix, index, what] of code.values) {
    const value = rebuildValue(what, values)
    if (value === undefined) return undefined
    scope[prefix] ??= []
    ;(scope[prefix] as unknown[])[index] = value
  }
  try {
    const make = (code.compiled ?? new Function('self', 'scope', code.source)) as (
      self: object,
      scope: object,
    ) => ValidateFunction
    const validate = make(SELF, scope)
    if (typeof validate !== 'function') return undefined
    validate.errors = null
    validate.schema = values.root as ValidateFunction['schema']
    // Ajv 2020's code reads (and resets) it on every call: each function gets its own.
    if (code.evaluated !== undefined) {
      ;(validate as { evaluated?: unknown }).evaluated = { ...code.evaluated }
    }
    return validate
  } catch {
    return undefined
  }
}

// What generated code gets as `self` (Ajv passes itself): keyword functions are called on it, and ours
// never read it.
const SELF = Object.freeze({})

function rebuildValue(what: string, values: CodeValues): unknown {
  if (what === 'root') return values.root
  if (what === 'lazy-ref') return values.lazyRef
  if (what === 'unique-items') return uniqueItemsKeyword
  if (what === 'regexp-engine') return values.regExp
  if (what === 'has-own') return Object.prototype.hasOwnProperty
  const colon = what.indexOf(':')
  const kind = what.slice(0, colon)
  const name = what.slice(colon + 1)
  if (kind === 'format') return Object.hasOwn(values.formats, name) ? values.formats[name] : undefined
  if (kind === 'pattern') return values.pattern(name)
  if (kind === 'helper') return HELPERS.get(name)
  return undefined
}
