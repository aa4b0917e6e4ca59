import { types } from 'node:util'
import { deserialize, serialize } from 'node:v8'
import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { type ChunkBytes, chunksInMemory } from './spec-cache-file.js'

// A bundled document stored so that a reader materializes only what it touches. A test file of a spec of
// thousands of operations validates a few of them: rebuilding the whole document costs it hundreds of
// milliseconds (about 350 ms to deserialize GitHub's REST description), reading the parts it uses a few.
//
// Every object or array whose estimated JSON length exceeds CHUNK_THRESHOLD is a chunk of its own, a
// `v8.serialize` image of its skeleton: its member names and values in order, its large members left null
// and listed in `lazy` with the chunk that holds them. The reader builds each object from its skeleton (V8
// deserializes an object of 800 members in about 11 ms, the same members as two arrays in under 1 ms) and
// turns each lazy member into a property that deserializes its chunk on first read and then becomes a plain
// data property, so the document reads, iterates, serializes and compares like the one written (key order
// included). Assigning to a property not read yet replaces it without reading it.

/** Members larger than this (estimated JSON length in characters) are stored as chunks of their own. */
const CHUNK_THRESHOLD = 512

/** An object or array with its large members taken out. */
interface Skeleton {
  /** Member names of an object, in order; absent for an array. */
  readonly keys?: readonly string[]
  /** Member values, in order; null for a lazy member. */
  readonly values: JsonValue[]
  /** (position, chunk index) pairs: the members stored as chunks of their own. */
  readonly lazy: Uint32Array
}

/** What the header of a stored document holds: its root and where each chunk starts. */
export interface StoredDocumentHeader {
  /** The root's skeleton, or the whole document when it could not be split. */
  readonly root: Skeleton | { readonly whole: JsonObject }
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
    return { header: { root: { whole: document }, offsets: new Float64Array(1) }, chunks: [] }
  }
  const chunks: Buffer[] = []
  const skeleton = (node: JsonObject | JsonValue[]): Skeleton => {
    const keys = Array.isArray(node) ? undefined : Object.keys(node)
    const members: readonly JsonValue[] =
      keys === undefined ? (node as JsonValue[]) : keys.map((key) => (node as JsonObject)[key] as JsonValue)
    const values: JsonValue[] = []
    const lazy: number[] = []
    members.forEach((child, position) => {
      if (isSplittable(child) && (sizes.get(child) ?? 0) > CHUNK_THRESHOLD) {
        values.push(null)
        lazy.push(position, chunk(child))
      } else {
        values.push(child)
      }
    })
    return keys === undefined
      ? { values, lazy: Uint32Array.from(lazy) }
      : { keys, values, lazy: Uint32Array.from(lazy) }
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
export function joinDocument(
  header: StoredDocumentHeader,
  bytes: ChunkBytes | Buffer,
  start: number,
): JsonObject {
  const source = Buffer.isBuffer(bytes) ? chunksInMemory(bytes) : bytes
  const { offsets, root } = header
  const end = offsets.at(-1)
  // `v8.deserialize` builds its values in Node's own realm, which is not the test file's under Jest: a
  // realm-independent check.
  if (!types.isFloat64Array(offsets) || end === undefined || start + end !== source.length) {
    throw new Error(`the document's chunks end at byte ${start + Number(end)}, the file at ${source.length}`)
  }
  if ('whole' in root) return root.whole
  const open = (index: number): JsonObject | JsonValue[] => {
    const from = start + (offsets[index] as number)
    const to = start + (offsets[index + 1] as number)
    return build(deserialize(source.read(from, to)) as Skeleton)
  }
  const build = ({ keys, values, lazy }: Skeleton): JsonObject | JsonValue[] => {
    let node: JsonObject | JsonValue[] = values
    if (keys !== undefined) {
      const object: JsonObject = {}
      keys.forEach((key, position) => {
        // Assigned, `__proto__` would set the prototype: it stays a member.
        if (key === '__proto__') defineValue(object, key, values[position] as JsonValue)
        else object[key] = values[position] as JsonValue
      })
      node = object
    }
    for (let i = 0; i < lazy.length; i += 2) {
      const position = lazy[i] as number
      defineLazy(node, keys === undefined ? position : (keys[position] as string), () =>
        open(lazy[i + 1] as number),
      )
    }
    return node
  }
  return build(root) as JsonObject
}

function defineValue(node: object, key: string | number, value: JsonValue): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true })
}

// A member read from `read` on first use, a plain data property from then on.
function defineLazy(node: object, key: string | number, read: () => JsonValue): void {
  let done = false
  let member: JsonValue = null
  Object.defineProperty(node, key, {
    enumerable: true,
    configurable: true,
    // A copy of the accessor (a spread keeps values, but Object.getOwnPropertyDescriptors does not) reads
    // the chunk once too.
    get() {
      if (!done) {
        member = read()
        done = true
        defineValue(node, key, member)
      }
      return member
    },
    set(to: JsonValue) {
      done = true
      member = to
      defineValue(node, key, to)
    },
  })
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
