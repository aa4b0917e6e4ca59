import type { JsonValue } from '@contracttool/kernel'
import { isObject } from '@contracttool/kernel'
import { itemsPointer, parsePointer, propertyPointer } from './pointer.js'
import type { PropertiesView, ViewCache } from './properties-view.js'

interface ObjectFrame {
  readonly kind: 'object'
  readonly node: Record<string, unknown>
  readonly keys: readonly string[]
  readonly pointer: string
  readonly view: PropertiesView
  next: number
}

interface ArrayFrame {
  readonly kind: 'array'
  readonly items: readonly unknown[]
  readonly pointer: string
  readonly view: PropertiesView
  next: number
}

interface Task {
  readonly value: unknown
  readonly schemas: readonly JsonValue[]
  readonly pointer: string
}

// Walks a body alongside its schema and returns every property the schema does not document, as
// instance pointer (`/items[*]/internal_score`) → property name. Iterative; stops conservatively under
// `anyOf`/`oneOf`/`if`/`dependentSchemas`; undeclared names in explicitly open objects are not findings,
// but a schema-valued `additionalProperties` is walked into.
export function findUndeclaredProperties(
  views: ViewCache,
  schema: JsonValue,
  body: unknown,
): Map<string, string> {
  const findings = new Map<string, string>()
  const stack: (ObjectFrame | ArrayFrame)[] = []
  const open = (task: Task): void => {
    const { value, pointer } = task
    if (task.schemas.length === 0 || typeof value !== 'object' || value === null) return
    const view = views.of(task.schemas)
    if (view.stops) return
    if (Array.isArray(value)) {
      if (value.length > 0)
        stack.push({ kind: 'array', items: value, pointer: itemsPointer(pointer), view, next: 0 })
    } else if (isObject(value)) {
      stack.push({ kind: 'object', node: value, keys: Object.keys(value), pointer, view, next: 0 })
    }
  }

  open({ value: body, schemas: [schema], pointer: '' })
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as ObjectFrame | ArrayFrame
    const task = frame.kind === 'object' ? nextProperty(frame, findings) : nextElement(frame)
    if (task === undefined) stack.pop()
    else open(task)
  }
  return findings
}

function nextProperty(frame: ObjectFrame, findings: Map<string, string>): Task | undefined {
  while (frame.next < frame.keys.length) {
    const name = frame.keys[frame.next++] as string
    const pointer = propertyPointer(frame.pointer, name)
    const declared = frame.view.childSchemas(name)
    if (declared !== undefined) return { value: frame.node[name], schemas: declared, pointer }
    if (!frame.view.explicitOpen) {
      findings.set(pointer, name)
      continue
    }
    if (frame.view.openSchemas.length > 0)
      return { value: frame.node[name], schemas: frame.view.openSchemas, pointer }
  }
  return undefined
}

function nextElement(frame: ArrayFrame): Task | undefined {
  if (frame.next >= frame.items.length) return undefined
  const index = frame.next++
  return { value: frame.items[index], schemas: frame.view.itemSchemas(index), pointer: frame.pointer }
}

// Whether the live schema still leaves a recorded finding undocumented: false once the property is
// declared, its object is explicitly open, or a disjunction now covers it. Where the path cannot be
// followed any more (or goes through positional items), the finding is kept as recorded.
export function isStillUndeclared(
  views: ViewCache,
  schema: JsonValue,
  pointer: string,
  property: string,
): boolean {
  const steps = parsePointer(pointer)
  const last = steps?.at(-1)
  if (steps === undefined || last?.kind !== 'property' || last.name !== property) return true
  let schemas: readonly JsonValue[] = [schema]
  for (const step of steps.slice(0, -1)) {
    const view = views.of(schemas)
    if (view.stops) return false
    if (step.kind === 'items') {
      if (view.hasPositionalItems) return true
      schemas = view.itemSchemas(0)
    } else {
      const declared = view.childSchemas(step.name)
      if (declared !== undefined) schemas = declared
      else if (view.explicitOpen && view.openSchemas.length > 0) schemas = view.openSchemas
      else return true
    }
    if (schemas.length === 0) return false
  }
  const view = views.of(schemas)
  return !view.stops && view.childSchemas(property) === undefined && !view.explicitOpen
}
