import { deserialize, serialize } from 'node:v8'
import type { JsonObject, JsonValue } from '@contracttool/spec-loader'

// A bundled document stored so that a reader materializes only what it touches. A test file of a spec of
// thousands of operations validates a few of them: rebuilding the whole document costs it hundreds of
// milliseconds (about 350 ms to deserialize GitHub's REST description), reading the parts it uses a few.
//
// Every object or array whose estimated JSON length exceeds CHUNK_THRESHOLD is a chunk of its own, a
// `v8.serialize` image of its skeleton: its small members as they are, its large ones left null and named in
// `lazy` with the chunk that holds them. The reader turns each of those into a property that deserializes
// its chunk on first read and then becomes a plain data property, so the document reads, iterates,
// serializes and compares like the one written (key order included). Assigning to a property not read yet
// replaces it without reading it.

/** Members larger than this (estimated JSON length in characters) are stored as chunks of their own. */
const CHUNK_THRESHOLD = 512

/** A node with its large members taken out: `lazy` holds (key, chunk index) pairs. */
interface Skeleton {
  readonly value: JsonObject | JsonValue[]
  readonly lazy: readonly (string | number)[]
}

/** What the header of a stored document holds: its root skeleton and where each chunk starts. */
export interface StoredDocumentHeader {
  readonly root: Skeleton
  /** Offsets of the chunks in the bytes that follow the header; one more entry than chunks (the end). */
  readonly offsets: Float64Array
}

/** `document` as a header and the chunks to append after it, in order. */
export function splitDocument(document: JsonObject): { header: StoredDocumentHeader; chunks: Buffer[] } {
  const sizes = new Map<object, number>()
  try {
    estimateSize(document, sizes)
  } catch (error) {
    if (!(error instanceof CycleError)) throw error
    // A document that contains itself (a YAML alias inside its own anchor) is stored in one piece.
    return { header: { root: { value: document, lazy: [] }, offsets: new Float64Array(1) }, chunks: [] }
  }
  const chunks: Buffer[] = []
  const skeleton = (node: JsonObject | JsonValue[]): Skeleton => {
    const isArray = Array.isArray(node)
    const value: JsonObject | JsonValue[] = isArray ? new Array<JsonValue>(node.length) : {}
    const lazy: (string | number)[] = []
    for (const key of Object.keys(node)) {
      const child = (node as JsonObject)[key] as JsonValue
      const large = isSplittable(child) && (sizes.get(child) ?? 0) > CHUNK_THRESHOLD
      if (key === '__proto__') {
        // Assigned, it would set the prototype: it stays a member.
        Object.defineProperty(value, key, {
          value: null,
          writable: true,
          enumerable: true,
          configurable: true,
        })
      }
      ;(value as JsonObject)[key] = large ? null : child
      if (large) lazy.push(isArray ? Number(key) : key, chunk(child))
    }
    return { value, lazy }
  }
  const chunk = (node: JsonObject | JsonValue[]): number => {
    const index = chunks.length
    chunks.push(Buffer.alloc(0))
    chunks[index] = serialize(skeleton(node))
    return index
  }
  const root = skeleton(document)
  const offsets = new Float64Array(chunks.length + 1)
  chunks.forEach((bytes, index) => {
    offsets[index + 1] = (offsets[index] as number) + bytes.length
  })
  return { header: { root, offsets }, chunks }
}

/**
 * The document `header` describes, its chunks read from `bytes` (starting at `start`) when first touched.
 * Throws when the chunks `header` names do not fit in `bytes`.
 */
export function joinDocument(header: StoredDocumentHeader, bytes: Buffer, start: number): JsonObject {
  const { offsets } = header
  const end = offsets.at(-1)
  if (!(offsets instanceof Float64Array) || end === undefined || start + end !== bytes.length) {
    throw new Error(`the document's chunks end at byte ${start + Number(end)}, the file at ${bytes.length}`)
  }
  const open = (index: number): JsonObject | JsonValue[] => {
    const from = start + (offsets[index] as number)
    const to = start + (offsets[index + 1] as number)
    const skeleton = deserialize(bytes.subarray(from, to)) as Skeleton
    return attach(skeleton)
  }
  const attach = ({ value, lazy }: Skeleton): JsonObject | JsonValue[] => {
    for (let i = 0; i < lazy.length; i += 2) {
      const key = lazy[i] as string | number
      const index = lazy[i + 1] as number
      let read = false
      let member: JsonValue = null
      const settle = (to: JsonValue) =>
        Object.defineProperty(value, key, { value: to, writable: true, enumerable: true, configurable: true })
      Object.defineProperty(value, key, {
        enumerable: true,
        configurable: true,
        // A copy of the accessor (a spread keeps values, but Object.getOwnPropertyDescriptors does not)
        // reads the chunk once too.
        get() {
          if (!read) {
            member = open(index)
            read = true
            settle(member)
          }
          return member
        },
        set(to: JsonValue) {
          read = true
          member = to
          settle(to)
        },
      })
    }
    return value
  }
  return attach(header.root) as JsonObject
}

class CycleError extends Error {}

function isSplittable(value: unknown): value is JsonObject | JsonValue[] {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return Array.isArray(value) || prototype === Object.prototype || prototype === null
}

// Estimated JSON length of every object and array in `node`, into `sizes` (-1 while its members are
// being measured: meeting one again means the document contains itself).
function estimateSize(node: unknown, sizes: Map<object, number>): number {
  if (typeof node === 'string') return node.length + 2
  if (!isSplittable(node)) return 8
  const known = sizes.get(node)
  if (known === IN_PROGRESS) throw new CycleError()
  if (known !== undefined) return known
  sizes.set(node, IN_PROGRESS)
  let size = 2
  if (Array.isArray(node)) {
    for (const child of node) size += estimateSize(child, sizes) + 1
  } else {
    for (const key of Object.keys(node)) size += key.length + 4 + estimateSize(node[key], sizes)
  }
  sizes.set(node, size)
  return size
}

const IN_PROGRESS = -1
