import { isObject } from '@contracttool/kernel'
import { itemsPointer, propertyPointer } from './internal/pointer.js'
import { compareStrings } from './internal/sorted-strings.js'
import type { ObservedPointers } from './types.js'

type Output = Map<string, readonly string[]>

interface ObjectFrame {
  readonly kind: 'object'
  readonly node: Record<string, unknown>
  readonly keys: readonly string[]
  readonly pointer: string
  readonly out: Output
  next: number
}

interface Accumulated {
  keys: Set<string>
  count: number
}

interface ArrayFrame {
  readonly kind: 'array'
  readonly items: readonly unknown[]
  // Pointer of the element shape (`<array pointer>[*]`).
  readonly pointer: string
  readonly out: Output
  // Per pointer below the element shape: running intersection over elements and how many contributed.
  readonly acc: Map<string, Accumulated>
  // What the element being walked recorded; merged into `acc` when its frame is done.
  pending: Output | undefined
  next: number
}

type Frame = ObjectFrame | ArrayFrame

/**
 * Walks a decoded JSON response body once and returns the object keys seen at every pointer: `/` for the
 * root object, `/data` for a property, `/items[*]` for the element shape of an array (the intersection of
 * the elements' keys within this response; scalar elements count as no keys), `[*]` for a root array.
 * Names are escaped as in RFC 6901 plus `[*]` → `[~*]`. Empty nested objects and arrays record nothing,
 * an all-scalar array records no `[*]`, a pointer found under only some elements records `[]`; scalar and
 * null bodies record nothing. Iterative, and an array is folded into one intersection per pointer as it is
 * walked, so memory stays bounded by the shape of the body, not by its length.
 *
 * @example
 * collectObservedKeys({ data: [{ id: 1, name: 'a' }, { id: 2 }] })
 * // Map { '/' => ['data'], '/data[*]' => ['id'] }
 */
export function collectObservedKeys(body: unknown): ObservedPointers {
  const out: Output = new Map()
  const stack: Frame[] = []
  if (isObject(body)) stack.push(objectFrame(body, '/', out))
  else if (Array.isArray(body) && body.length > 0) stack.push(arrayFrame(body, '', out))

  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame
    const child = frame.kind === 'object' ? stepObject(frame) : stepArray(frame)
    if (child === undefined) stack.pop()
    else stack.push(child)
  }

  return new Map([...out.entries()].sort(([a], [b]) => compareStrings(a, b)))
}

function objectFrame(node: Record<string, unknown>, pointer: string, out: Output): ObjectFrame {
  const keys = Object.keys(node)
  out.set(pointer, [...keys].sort(compareStrings))
  return { kind: 'object', node, keys, pointer, out, next: 0 }
}

function arrayFrame(items: readonly unknown[], arrayPointer: string, out: Output): ArrayFrame {
  return {
    kind: 'array',
    items,
    pointer: itemsPointer(arrayPointer),
    out,
    acc: new Map(),
    pending: undefined,
    next: 0,
  }
}

function stepObject(frame: ObjectFrame): Frame | undefined {
  while (frame.next < frame.keys.length) {
    const key = frame.keys[frame.next++] as string
    // `/` + '' would collide with the root pointer `/`; the key itself is still listed at `/`.
    if (frame.pointer === '/' && key === '') continue
    const value = frame.node[key]
    if (isObject(value)) {
      if (Object.keys(value).length > 0)
        return objectFrame(value, propertyPointer(frame.pointer, key), frame.out)
    } else if (Array.isArray(value) && value.length > 0) {
      return arrayFrame(value, propertyPointer(frame.pointer, key), frame.out)
    }
  }
  return undefined
}

function stepArray(frame: ArrayFrame): Frame | undefined {
  if (frame.pending !== undefined) {
    mergeElement(frame.acc, frame.pending)
    frame.pending = undefined
  }
  while (frame.next < frame.items.length) {
    const element = frame.items[frame.next++]
    if (isObject(element)) {
      frame.pending = new Map()
      return objectFrame(element, frame.pointer, frame.pending)
    }
    if (Array.isArray(element) && element.length > 0) {
      frame.pending = new Map()
      return arrayFrame(element, frame.pointer, frame.pending)
    }
    // Scalars, null and empty arrays contribute no keys: any pointer they lack ends up as [] below.
  }
  for (const [pointer, { keys, count }] of frame.acc) {
    frame.out.set(pointer, count < frame.items.length ? [] : [...keys].sort(compareStrings))
  }
  return undefined
}

function mergeElement(acc: Map<string, Accumulated>, element: Output): void {
  for (const [pointer, keys] of element) {
    const seen = acc.get(pointer)
    if (seen === undefined) {
      acc.set(pointer, { keys: new Set(keys), count: 1 })
      continue
    }
    seen.count++
    if (seen.keys.size === 0) continue
    const incoming = new Set(keys)
    for (const key of seen.keys) if (!incoming.has(key)) seen.keys.delete(key)
  }
}
