import { isObject } from '@contracttool/kernel'
import {
  decodeFragmentToken,
  escapePointerToken,
  terminalText,
  unescapePointerToken,
} from '@contracttool/kernel/internal'
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { Violation, ViolationLocation } from '../types.js'
import { describePreview, describeValue, previewValue } from './describe-value.js'
import type { LoweredObject, LoweredSchema } from './lower-schema.js'
import type { SchemaNote } from './schema-notes.js'
import {
  BROKEN_REF_KEYWORD,
  DEPTH_KEYWORD,
  dataOf,
  type SchemaError,
  type SchemaRegistry,
} from './schema-registry.js'

// Where the validated value sits: the body, or one named header/parameter.
export interface ViolationTarget {
  readonly in: ViolationLocation
  // Header or parameter name.
  readonly name?: string
  // Bracket label before the pointer: `''` for bodies (`[/id]`), `'query.limit'` for parameters (`[query.limit/0]`).
  readonly label: string
}

// At most this many declared property names are listed in an undeclared-property message.
const DECLARED_LIST_LIMIT = 12
// At most this many other branches of a failed `anyOf`/`oneOf` are listed after the closest one's violations.
const OTHER_BRANCH_LIMIT = 5

// The first error of a branch other than the closest, with its label (`#1 'Dog'`).
interface OtherBranch {
  readonly label: string
  readonly error: SchemaError
}

type Annotated = SchemaError & {
  note?: string | undefined
  // Set on the last violation a failed anyOf/oneOf keeps: what each other branch rejected first.
  others?: { readonly keyword: string; readonly list: readonly OtherBranch[]; readonly more: number }
}

// Turns Ajv's errors into violations a reader can act on: a failed `oneOf`/`anyOf` reports the branch
// that came closest, then the first violation of each other branch (a bounded list, as jest-openapi
// shows every branch's errors); a discriminated one only the branch its value selects, named; nullable
// wrappers disappear, undeclared properties are named one by one with the declared ones listed, and
// every line shows the received value with its type.
export function schemaViolations(
  registry: SchemaRegistry,
  validate: ValidateFunction,
  errors: readonly ErrorObject[],
  target: ViolationTarget,
): Violation[] {
  // The errors are this validation's own: notes are written onto them.
  const list = errors.slice() as Annotated[]
  if (list.some(isCompositeKeyword)) resolveComposites(registry, list)
  if (list.length === 1) return [explain(registry, validate, list[0] as Annotated, target)]
  const out: Violation[] = []
  const seen = new Set<string>()
  let discriminatorGaps: Set<string> | undefined
  for (const error of list) {
    const violation = explain(registry, validate, error, target)
    if (seen.has(violation.message)) continue
    seen.add(violation.message)
    out.push(violation)
    if (violation.keyword === 'required' && violation.expected?.startsWith('discriminator') === true) {
      discriminatorGaps ??= new Set()
      discriminatorGaps.add(violation.location.pointer)
    }
  }
  // A missing discriminator is also a missing required property: one line says both.
  if (discriminatorGaps === undefined) return out
  const gaps = discriminatorGaps
  return out.filter(
    (v) =>
      !(
        v.keyword === 'required' &&
        v.expected?.startsWith('property') === true &&
        gaps.has(v.location.pointer)
      ),
  )
}

// One error as a violation; the last one a failed anyOf/oneOf kept also lists the other branches, one
// continuation line each.
function explain(
  registry: SchemaRegistry,
  validate: ValidateFunction,
  error: Annotated,
  target: ViolationTarget,
): Violation {
  const violation = toViolation(registry, validate, error, target)
  const others = error.others
  if (others === undefined) return violation
  const lines = [violation.message, `other ${others.keyword} branches, the first violation of each:`]
  for (const other of others.list)
    lines.push(`- ${other.label}: ${toViolation(registry, validate, other.error, target).message}`)
  if (others.more > 0) lines.push(`- … ${others.more} more branch${others.more === 1 ? '' : 'es'} not shown`)
  return { ...violation, message: lines.join('\n  ') }
}

// Keywords whose errors `resolveComposites` may fold (`if` for discriminators).
function isCompositeKeyword(error: ErrorObject): boolean {
  return error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if'
}

// Error identity across two validations of the same data: the lowered node, the keyword, where, params.
function errorKey(error: ErrorObject, ids: Map<unknown, number>, prefix = ''): string {
  let id = ids.get(error.parentSchema)
  if (id === undefined) {
    id = ids.size
    ids.set(error.parentSchema, id)
  }
  return `${id}|${error.keyword}|${prefix}${error.instancePath}|${JSON.stringify(error.params)}`
}

function resolveComposites(registry: SchemaRegistry, list: Annotated[]): void {
  const ids = new Map<unknown, number>()
  const composites = list
    .filter((error) => isComposite(registry, error))
    .sort((a, b) => a.instancePath.length - b.instancePath.length)
  const removed = new Set<Annotated>()
  // The object/non-object switch of a discriminator only repeats what its branch reported.
  for (const error of list) {
    if (
      error.keyword === 'if' &&
      registry.notes.notes.get(error.parentSchema as object)?.kind === 'discriminator-switch'
    )
      removed.add(error)
  }
  for (const composite of composites) {
    if (removed.has(composite)) continue
    const note = registry.notes.notes.get(composite.parentSchema as object)
    const parent = composite.parentSchema as LoweredObject
    if (composite.keyword === 'if' && note?.kind === 'discriminator-branch') {
      // The selected branch's own errors stay; the `if` error becomes a note on them.
      const branchKeys = keysOf(registry, parent.then as LoweredSchema, composite, ids)
      const label = `schema '${nameOfPointer(note.target)}' selected by discriminator ${note.property} = ${JSON.stringify(note.value)}`
      for (const error of list) if (branchKeys.has(errorKey(error, ids))) error.note ??= label
      removed.add(composite)
      continue
    }
    const branches = parent[composite.keyword] as LoweredSchema[]
    if (note?.kind === 'nullable-wrapper') {
      // Only the `{type: null}` branch's one error and the anyOf error itself go; the schema's own stay.
      const nullBranch = branches[0]
      for (const error of list) {
        if (error.parentSchema === nullBranch && error.instancePath === composite.instancePath)
          removed.add(error)
        else if (
          error.keyword === 'type' &&
          error.instancePath === composite.instancePath &&
          error.parentSchema !== nullBranch
        ) {
          error.note ??= 'or null'
        }
      }
      removed.add(composite)
      continue
    }
    const keySets = branches.map((branch) => keysOf(registry, branch, composite, ids))
    const chosen = closestBranch(registry, branches, composite, keySets)
    const chosenKeys = keySets[chosen] as Set<string>
    const label = `in ${composite.keyword} branch ${branchName(registry, branches[chosen] as LoweredSchema, chosen)}${
      branches.length > 1 ? `, the closest of ${branches.length}` : ''
    }`
    let last: Annotated | undefined
    for (const error of list) {
      if (error === composite || removed.has(error)) continue
      const key = errorKey(error, ids)
      if (chosenKeys.has(key)) {
        last = error
        error.note ??= label
      } else if (keySets.some((keys) => keys.has(key))) {
        removed.add(error)
      }
    }
    if (last !== undefined) removed.add(composite)
    if (branches.length > 1)
      (last ?? composite).others ??= otherBranches(registry, branches, chosen, composite)
  }
  for (let i = list.length - 1; i >= 0; i--) if (removed.has(list[i] as Annotated)) list.splice(i, 1)
}

// The first error of each branch but the closest (at most `OTHER_BRANCH_LIMIT`), located in the whole value.
function otherBranches(
  registry: SchemaRegistry,
  branches: readonly LoweredSchema[],
  chosen: number,
  composite: ErrorObject,
): NonNullable<Annotated['others']> {
  const list: OtherBranch[] = []
  let more = 0
  const data = dataOf(composite)
  for (let index = 0; index < branches.length; index++) {
    if (index === chosen) continue
    const branch = branches[index] as LoweredSchema
    const validate = registry.compileLowered(branch)
    if (validate === undefined || validate(data)) continue
    const first = (validate.errors ?? [])[0] as SchemaError | undefined
    if (first === undefined) continue
    if (list.length === OTHER_BRANCH_LIMIT) {
      more++
      continue
    }
    const error: SchemaError = { ...first, instancePath: composite.instancePath + first.instancePath }
    list.push({ label: branchName(registry, branch, index), error })
  }
  return { keyword: composite.keyword, list, more }
}

function isComposite(registry: SchemaRegistry, error: ErrorObject): boolean {
  if (error.keyword === 'oneOf') return (error.params as { passingSchemas?: unknown }).passingSchemas == null
  if (error.keyword === 'anyOf') return true
  if (error.keyword === 'if')
    return registry.notes.notes.get(error.parentSchema as object)?.kind === 'discriminator-branch'
  return false
}

// The keys of the errors `branch` produces on the composite's data, as they appear in the full list.
function keysOf(
  registry: SchemaRegistry,
  branch: LoweredSchema,
  composite: ErrorObject,
  ids: Map<unknown, number>,
): Set<string> {
  const validate = registry.compileLowered(branch)
  const keys = new Set<string>()
  if (validate === undefined || validate(dataOf(composite))) return keys
  for (const error of validate.errors ?? []) keys.add(errorKey(error, ids, composite.instancePath))
  return keys
}

// The branch a reader most likely meant: one whose type matches the value (its errors are deeper than
// the value itself) beats one that rejects the value's type outright; then the fewest errors; then
// the first.
function closestBranch(
  registry: SchemaRegistry,
  branches: readonly LoweredSchema[],
  composite: ErrorObject,
  keySets: readonly Set<string>[],
): number {
  let best = 0
  let bestScore = Number.POSITIVE_INFINITY
  for (let index = 0; index < branches.length; index++) {
    const validate = registry.compileLowered(branches[index] as LoweredSchema)
    if (validate === undefined) continue
    validate(dataOf(composite))
    const errors = validate.errors ?? []
    const rejectsShape = errors.some(
      (error) =>
        error.instancePath === '' &&
        (error.keyword === 'type' || error.keyword === 'const' || error.keyword === 'enum'),
    )
    const undeclared = undeclaredKeys(registry, branches[index] as LoweredSchema, dataOf(composite))
    const score =
      (rejectsShape ? 1_000_000 : 0) + undeclared * 1_000 + (keySets[index]?.size ?? errors.length)
    if (score < bestScore) {
      best = index
      bestScore = score
    }
  }
  return best
}

// How many of the value's keys the branch does not declare (a branch describing the value declares them all).
function undeclaredKeys(registry: SchemaRegistry, branch: LoweredSchema, data: unknown): number {
  if (!isObject(data)) return 0
  const declared = new Set<string>()
  let open = false
  for (const node of expand(registry, [branch])) {
    if (typeof node !== 'object') continue
    if (isObject(node.properties)) for (const name of Object.keys(node.properties)) declared.add(name)
    if (node.patternProperties !== undefined) open = true
  }
  if (open) return 0
  let count = 0
  for (const key of Object.keys(data)) if (!declared.has(key)) count++
  return count
}

function branchName(registry: SchemaRegistry, branch: LoweredSchema, index: number): string {
  if (typeof branch === 'object') {
    const ref = registry.referenceOf(branch)
    const resource = ref === undefined ? undefined : registry.resource(ref)
    const pointer = typeof resource === 'object' ? registry.notes.source.get(resource) : undefined
    if (pointer !== undefined) return `#${index} '${nameOfPointer(pointer)}'`
  }
  return `#${index}`
}

function nameOfPointer(pointer: string): string {
  return decodeFragmentToken(pointer.slice(pointer.lastIndexOf('/') + 1))
}

// What one failed keyword says: the sentence after the location, and what it expected. `pointer` and
// `actual` replace the error's own where the keyword is about one property of the value.
interface Described {
  readonly text: string
  readonly expected?: string
  readonly pointer?: string
  readonly actual?: string | undefined
  readonly code?: string
}

// One failed keyword as the table below sees it.
interface KeywordError {
  readonly registry: SchemaRegistry
  readonly validate: ValidateFunction
  readonly error: Annotated
  readonly params: Record<string, unknown>
  readonly note: SchemaNote | undefined
  readonly data: unknown
  // `, received <value>` (empty when the keyword is about one property).
  readonly received: string
}

type Describe = (failed: KeywordError) => Described

const describeLimit: Describe = ({ params, received }) => {
  const expected = `${String(params.comparison)} ${String(params.limit)}`
  return { expected, text: `must be ${expected}${received}` }
}

const describeLength: Describe = ({ error, params, data, received }) => {
  const expected = `${error.keyword === 'minLength' ? 'at least' : 'at most'} ${plural(Number(params.limit), 'character')}`
  const length = typeof data === 'string' ? ` (${plural(codePointLength(data), 'character')})` : ''
  return { expected, text: `must have ${expected}${received}${length}` }
}

const describeCount: Describe = ({ error, params, data }) => {
  const unit = error.keyword.endsWith('Items') ? 'item' : 'property'
  const expected = `${error.keyword.startsWith('min') ? 'at least' : 'at most'} ${plural(Number(params.limit), unit)}`
  const count = Array.isArray(data) ? data.length : isObject(data) ? Object.keys(data).length : undefined
  return {
    expected,
    text: `must have ${expected}, received ${count === undefined ? describeValue(data) : plural(count, unit)}`,
  }
}

// Only raised for a tuple closed by `false`: `params.limit` is the tuple length.
const describeTupleEnd: Describe = ({ params, data }) => {
  const expected = `at most ${plural(Number(params.limit), 'item')}`
  return {
    expected,
    text: `must have ${expected}, received ${Array.isArray(data) ? plural(data.length, 'item') : describeValue(data)}`,
  }
}

const describeUndeclared: Describe = ({ registry, validate, error, params, data }) => {
  const property = String(params.additionalProperty ?? params.unevaluatedProperty)
  const value = isObject(data) ? data[property] : undefined
  const actual = previewValue(value)
  const receivedValue = describePreview(value, actual)
  const parent = error.parentSchema as LoweredObject
  const own = declaredNames(parent)
  const pointer = `${error.instancePath}/${escapePointerToken(property)}`
  const expected = own.length === 0 ? 'no properties' : `only declared properties (${listNames(own)})`
  if (error.keyword === 'unevaluatedProperties') {
    const text = `is not evaluated by any subschema and unevaluatedProperties is ${describeSchemaValue(parent.unevaluatedProperties)}, received ${receivedValue}`
    return { expected, pointer, actual, text }
  }
  if (declaredElsewhere(registry, validate.schema as LoweredSchema, error.instancePath, property)) {
    const text = `is declared by a sibling schema but this schema's additionalProperties: false forbids it (declared here: ${listNames(own)}); received ${receivedValue}`
    return { expected, pointer, actual, text }
  }
  const declared = own.length === 0 ? 'the schema declares no properties' : `declared: ${listNames(own)}`
  return {
    expected,
    pointer,
    actual,
    text: `is not a declared property, received ${receivedValue} (${declared})`,
  }
}

// Each keyword's message beside the keyword. A keyword not listed says Ajv's message.
const KEYWORD_MESSAGES: Readonly<Record<string, Describe>> = {
  type({ error, params, received }) {
    let expected = String(params.type).split(',').join(' or ')
    if (error.note === 'or null') {
      expected = `${expected} or null`
      error.note = undefined
    }
    return { expected, text: `must be ${expected}${received}` }
  },
  required({ error, params, note }) {
    const property = String(params.missingProperty)
    const pointer = `${error.instancePath}/${escapePointerToken(property)}`
    if (note?.kind === 'discriminator-guard') {
      const text = `discriminator property '${property}' is missing (expected one of: ${quoteList(note.values)})`
      return { pointer, expected: `discriminator property '${property}'`, text }
    }
    return { pointer, expected: `property '${property}'`, text: 'required property is missing' }
  },
  additionalProperties: describeUndeclared,
  unevaluatedProperties: describeUndeclared,
  enum({ params, note, received }) {
    const values = quoteList(params.allowedValues as unknown[])
    const text =
      note?.kind === 'discriminator-guard'
        ? `discriminator '${note.property}' must be one of: ${values}${received}`
        : `must be one of: ${values}${received}`
    return { expected: `one of: ${values}`, text }
  },
  const({ params, received }) {
    const expected = previewValue(params.allowedValue)
    return { expected, text: `must be ${expected}${received}` }
  },
  format: ({ params, received }) => ({
    expected: `format ${String(params.format)}`,
    text: `must match format "${String(params.format)}"${received}`,
  }),
  pattern({ registry, params, data, received }) {
    const pattern = String(params.pattern)
    const expected = `pattern ${pattern}`
    if (typeof data === 'string' && registry.patterns.refuses(pattern, data)) {
      const text = `pattern ${JSON.stringify(pattern)} was not evaluated on this ${data.length}-character string: only a backtracking engine can run it (backreference, lookaround or a very large counted repetition) and its worst case on this length is unbounded; received ${describeValue(data)}`
      return { expected, code: 'pattern-not-evaluated', text }
    }
    return { expected, text: `must match pattern ${JSON.stringify(pattern)}${received}` }
  },
  minimum: describeLimit,
  maximum: describeLimit,
  exclusiveMinimum: describeLimit,
  exclusiveMaximum: describeLimit,
  multipleOf({ params, received }) {
    const expected = `multiple of ${String(params.multipleOf)}`
    return { expected, text: `must be a ${expected}${received}` }
  },
  minLength: describeLength,
  maxLength: describeLength,
  minItems: describeCount,
  maxItems: describeCount,
  minProperties: describeCount,
  maxProperties: describeCount,
  items: describeTupleEnd,
  additionalItems: describeTupleEnd,
  uniqueItems: ({ params }) => ({
    expected: 'unique items',
    text: `must not contain duplicates (items ${String(params.j)} and ${String(params.i)} are identical)`,
  }),
  oneOf: ({ params, received }) => ({
    expected: 'exactly one oneOf branch',
    text:
      params.passingSchemas == null
        ? `must match one of the oneOf schemas${received}`
        : `must match exactly one oneOf schema but matches branches ${(params.passingSchemas as number[]).join(' and ')}${received}`,
  }),
  anyOf: ({ received }) => ({
    expected: 'at least one anyOf branch',
    text: `must match at least one of the anyOf schemas${received}`,
  }),
  not({ note, received }) {
    if (note?.kind !== 'forbidden') {
      return { expected: 'not the "not" schema', text: `must not match the "not" schema${received}` }
    }
    const isReadOnly = note.keyword === 'readOnly'
    return {
      expected: `no ${note.keyword} property`,
      code: isReadOnly ? 'read-only-property' : 'write-only-property',
      text: isReadOnly
        ? `is readOnly and must not be sent in a request${received}`
        : `is writeOnly and must not appear in a response${received}`,
    }
  },
  [BROKEN_REF_KEYWORD]: ({ params }) => ({
    code: 'malformed-schema',
    text: `cannot be validated: ${String(params.message)}`,
    actual: undefined,
  }),
  'false schema': ({ received }) => ({
    expected: 'nothing (false schema)',
    text: `is not allowed here${received}`,
  }),
}

// Missing and undeclared properties are about one property: nothing shows the object itself.
const ABOUT_PROPERTY = new Set(['required', 'additionalProperties', 'unevaluatedProperties'])

function toViolation(
  registry: SchemaRegistry,
  validate: ValidateFunction,
  error: Annotated,
  target: ViolationTarget,
): Violation {
  const params = error.params as Record<string, unknown>
  if (error.keyword === DEPTH_KEYWORD) return depthViolation(target, error.instancePath, Number(params.limit))
  const note =
    error.parentSchema === undefined ? undefined : registry.notes.notes.get(error.parentSchema as object)
  const data = dataOf(error)
  const preview = ABOUT_PROPERTY.has(error.keyword) ? undefined : previewValue(data)
  const received = preview === undefined ? '' : `, received ${describePreview(data, preview)}`
  const describe = KEYWORD_MESSAGES[error.keyword]
  const described: Described =
    describe === undefined
      ? { text: `${error.message ?? `fails '${error.keyword}'`}${received}` }
      : describe({ registry, validate, error, params, note, data, received })
  const pointer = described.pointer ?? error.instancePath
  const actual = 'actual' in described ? described.actual : preview
  const where = `[${target.label}${pointer === '' ? (target.label === '' ? '/' : '') : elide(pointer)}]`
  const message = `${where} ${described.text}${error.note === undefined ? '' : ` (${error.note})`}`
  const sourcePointer =
    error.parentSchema === undefined ? undefined : registry.notes.source.get(error.parentSchema as object)
  return {
    code: described.code ?? 'schema',
    message,
    location:
      target.name === undefined ? { in: target.in, pointer } : { in: target.in, name: target.name, pointer },
    keyword: error.keyword,
    ...(described.expected === undefined ? {} : { expected: described.expected }),
    ...(actual === undefined ? {} : { actual }),
    ...(sourcePointer === undefined ? {} : { schemaPath: `${sourcePointer}/${error.keyword}` }),
  }
}

function plural(count: number, noun: string): string {
  if (count === 1) return `1 ${noun}`
  return `${count} ${noun === 'property' ? 'properties' : `${noun}s`}`
}

// Very deep pointers are shortened in messages (the location keeps the whole pointer); property names
// from the response are printed with their control characters escaped.
function elide(pointer: string): string {
  return terminalText(pointer.length <= 160 ? pointer : `${pointer.slice(0, 60)}…${pointer.slice(-90)}`)
}

function declaredNames(schema: LoweredObject): string[] {
  const names = isObject(schema.properties) ? Object.keys(schema.properties) : []
  if (isObject(schema.patternProperties))
    for (const pattern of Object.keys(schema.patternProperties)) names.push(`/${pattern}/`)
  return names
}

// Characters as `minLength` and `maxLength` count them (code points), without building an array of a
// string that may hold hundreds of megabytes.
function codePointLength(text: string): number {
  let count = text.length
  for (let i = 0; i < text.length - 1; i++) {
    const high = text.charCodeAt(i)
    if (high < 0xd800 || high > 0xdbff) continue
    const low = text.charCodeAt(i + 1)
    if (low >= 0xdc00 && low <= 0xdfff) {
      count--
      i++
    }
  }
  return count
}

function listNames(names: readonly string[]): string {
  if (names.length === 0) return 'none'
  const shown = terminalText(names.slice(0, DECLARED_LIST_LIMIT).join(', '))
  return names.length > DECLARED_LIST_LIMIT ? `${shown}, … ${names.length - DECLARED_LIST_LIMIT} more` : shown
}

// Quoted lists by list: an `enum` is the schema's own array, the same on every failure.
const quotedLists = new WeakMap<readonly unknown[], string>()

function quoteList(values: readonly unknown[]): string {
  let quoted = quotedLists.get(values)
  if (quoted === undefined) {
    const shown = values.slice(0, DECLARED_LIST_LIMIT).map((value) => previewValue(value, 40))
    quoted =
      values.length > DECLARED_LIST_LIMIT
        ? `${shown.join(', ')}, … ${values.length - DECLARED_LIST_LIMIT} more`
        : shown.join(', ')
    quotedLists.set(values, quoted)
  }
  return quoted
}

function describeSchemaValue(value: unknown): string {
  return value === false ? 'false' : 'a schema'
}

// Does another schema that applies at `instancePath` (an `allOf` sibling, a `$ref` target) declare
// `property`? Then an `additionalProperties: false` error for it is the classic allOf cascade.
function declaredElsewhere(
  registry: SchemaRegistry,
  root: LoweredSchema,
  instancePath: string,
  property: string,
): boolean {
  const tokens = instancePath === '' ? [] : instancePath.slice(1).split('/').map(unescapePointerToken)
  let frontier = expand(registry, [root])
  for (const token of tokens) {
    const next: LoweredSchema[] = []
    for (const node of frontier) {
      if (typeof node !== 'object') continue
      if (isObject(node.properties) && Object.hasOwn(node.properties, token))
        next.push(node.properties[token] as LoweredSchema)
      else if (node.additionalProperties !== undefined && typeof node.additionalProperties === 'object') {
        next.push(node.additionalProperties as LoweredSchema)
      }
      if (/^\d+$/.test(token)) {
        const index = Number(token)
        if (Array.isArray(node.prefixItems) && index < node.prefixItems.length)
          next.push(node.prefixItems[index] as LoweredSchema)
        else if (Array.isArray(node.items) && index < node.items.length)
          next.push(node.items[index] as LoweredSchema)
        else if (typeof node.items === 'object' && !Array.isArray(node.items))
          next.push(node.items as LoweredSchema)
      }
    }
    frontier = expand(registry, next)
    if (frontier.length === 0) return false
  }
  return frontier.some(
    (node) =>
      typeof node === 'object' && isObject(node.properties) && Object.hasOwn(node.properties, property),
  )
}

function expand(registry: SchemaRegistry, nodes: readonly LoweredSchema[]): LoweredSchema[] {
  const out: LoweredSchema[] = []
  const seen = new Set<unknown>()
  const stack = [...nodes]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== 'object' || seen.has(node)) continue
    seen.add(node)
    out.push(node)
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = node[key]
      if (Array.isArray(list)) stack.push(...(list as LoweredSchema[]))
    }
    for (const key of ['then', 'else'] as const)
      if (node[key] !== undefined) stack.push(node[key] as LoweredSchema)
    const ref = registry.referenceOf(node)
    if (ref !== undefined) {
      const resource = registry.resource(ref)
      if (resource !== undefined) stack.push(resource)
    }
  }
  return out
}

// Shown when a value is too deep to validate without risking the stack.
export function depthViolation(target: ViolationTarget, pointer: string, limit: number): Violation {
  return {
    code: 'depth-limit',
    message: `[${target.label}${pointer === '' ? (target.label === '' ? '/' : '') : elide(pointer)}] nests more than ${limit} schema references deep (a recursive schema met a deeply nested value); validation stopped here to protect the stack`,
    location:
      target.name === undefined ? { in: target.in, pointer } : { in: target.in, name: target.name, pointer },
    keyword: '$ref',
    expected: `at most ${limit} nested references`,
    actual: `more than ${limit}`,
  }
}
