import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Script } from 'node:vm'
import type { SchemaCode } from '@contracttool/validator'
import { useSchemaCodeCache } from '@contracttool/validator'
import type { SchemaCodeCache } from '@contracttool/validator/internal'
import { discardDamagedCache, sealCache, unsealCache } from './sealed-cache.js'
import { writeCacheFile } from './write-cache-file.js'

// Every test file runs in a fresh process (or, under Jest, a fresh module registry), which compiled each
// schema it validated with Ajv again: after loading the checks, the largest part of what a binding cost a
// file. The validator can keep the code Ajv generated (`useSchemaCodeCache`); this folder keeps it for the
// next test files. The runner binding names the folder after what generated the code (the Vitest binding:
// its worker code's stamp, with the Node version; the Jest binding: a folder of the run), so code generated
// by another version is never read. One file per schema: a test file reads only the schemas it
// meets, however many the suite has.
//
// Compiling the kept source was itself most of what a kept schema cost (V8 parses the function, then
// compiles its inner validating function on the first call: about 1 ms per test file on the petstore, over
// 15 ms on GitHub's REST description). So each file also holds the V8 code cache of its source, compiled
// through `vm.Script`, taken once the code has run, so that it holds the validating function too. The file
// that compiles a schema with Ajv writes its source alone; the next file that reads it compiles it and adds
// the code cache.
//
// A file is sealed (sealed-cache.ts: a damaged one is removed, with a NOTE, and compiled again); its content is
// the length of the entry's JSON (4 bytes, little-endian), the entry's JSON, then the code cache (possibly
// empty). V8 checks a code cache against the length of its source and its own version and flags, and
// rejects it otherwise; the source and its cache are written together, in one file, so they never come from
// two different entries.

const FORMAT = 3
const MAGIC = 'CTS3'
const EXTENSION = '.code'
const HEADER_BYTES = 4
// Own line, so that line numbers in stack traces are the source's (`lineOffset: -1`).
const WRAPPER_HEAD = '(function (self, scope) {\n'
const WRAPPER_TAIL = '\n})'

export interface SchemaCodeEntry {
  readonly format: typeof FORMAT
  /** The validator's key in full: the file name is only a hash of it. */
  readonly key: string
  readonly source: string
  readonly values: SchemaCode['values']
  readonly evaluated?: SchemaCode['evaluated']
}

/** The schema code kept in a folder, in use by the validator from now on, and how to keep what is new. */
export interface SchemaCodeFolder {
  /** Writes the code compiled since the last call, and the code caches of the kept code this process ran. */
  save(): void
}

/** An entry read from its file, compiled without a usable code cache: its cache is written by `save()`. */
interface Uncached {
  readonly entry: SchemaCodeEntry
  readonly script: Script
}

/** Worker: hands the code kept in `folder` (missing, unreadable or damaged files hold nothing) to the validator. */
export function useSchemaCodeFolder(folder: string): SchemaCodeFolder {
  const added = new Map<string, SchemaCode>()
  const uncached = new Map<string, Uncached>()
  const cache: SchemaCodeCache = {
    get(key) {
      const code = added.get(key)
      if (code !== undefined) return code
      const name = fileName(key)
      const read = readEntryFile(join(folder, name))
      if (read === undefined || read.entry.key !== key) return undefined
      const compiled = compileEntry(read.entry, name, read.codeCache)
      if (compiled === undefined) return undefined
      if (compiled.cacheRejected) uncached.set(name, { entry: read.entry, script: compiled.script })
      return toSchemaCode(read.entry, compiled.make)
    },
    set(key, code) {
      added.set(key, code)
    },
  }
  useSchemaCodeCache(cache)
  return {
    save() {
      if (added.size === 0 && uncached.size === 0) return
      try {
        mkdirSync(folder, { recursive: true })
      } catch {
        // Reported by nothing: the writes below fail the same way, and the next files compile again.
      }
      for (const [key, code] of added) {
        const { source, values, evaluated } = code
        const entry: SchemaCodeEntry = {
          format: FORMAT,
          key,
          source,
          values,
          ...(evaluated && { evaluated }),
        }
        writeCacheFile(join(folder, fileName(key)), () => encodeEntryFile(entry))
      }
      const rewritten = new Set([...added.keys()].map(fileName))
      for (const [name, { entry, script }] of uncached) {
        // Kept code this process could not use was compiled again, and written above.
        if (rewritten.has(name)) continue
        writeCacheFile(join(folder, name), () => encodeEntryFile(entry, script.createCachedData()))
      }
      added.clear()
      uncached.clear()
    },
  }
}

/** The bytes of an entry's file: sealed, its JSON's length, its JSON, and the code cache of its source. */
export function encodeEntryFile(entry: SchemaCodeEntry, codeCache: Uint8Array = new Uint8Array(0)): Buffer {
  const json = Buffer.from(JSON.stringify(entry), 'utf8')
  const header = Buffer.alloc(HEADER_BYTES)
  header.writeUInt32LE(json.length, 0)
  return sealCache(MAGIC, [header, json, codeCache])
}

/**
 * The entry a file holds, and its code cache (undefined when it has none); undefined for a file that is
 * missing, of another format, or damaged (removed, with a NOTE).
 */
export function readEntryFile(
  file: string,
): { entry: SchemaCodeEntry; codeCache: Buffer | undefined } | undefined {
  let bytes: Buffer
  try {
    const unsealed = unsealCache(MAGIC, readFileSync(file))
    if ('problem' in unsealed) {
      if (unsealed.problem === 'damaged') discardDamagedCache(file, 'the schema code cache file')
      return undefined
    }
    bytes = unsealed.content
  } catch {
    return undefined
  }
  if (bytes.length < HEADER_BYTES) return undefined
  const end = HEADER_BYTES + bytes.readUInt32LE(0)
  if (end > bytes.length) return undefined
  try {
    const entry = JSON.parse(bytes.toString('utf8', HEADER_BYTES, end)) as Partial<SchemaCodeEntry> | null
    // Another format: compiled, and the file rewritten.
    if (typeof entry !== 'object' || entry === null || entry.format !== FORMAT) return undefined
    if (typeof entry.key !== 'string' || !isSchemaCode(entry)) return undefined
    return {
      entry: entry as SchemaCodeEntry,
      codeCache: end < bytes.length ? bytes.subarray(end) : undefined,
    }
  } catch {
    // Damaged (a disk that filled up, an edit): compiled again, and rewritten by the next save.
    return undefined
  }
}

function compileEntry(
  entry: SchemaCodeEntry,
  name: string,
  codeCache: Buffer | undefined,
): { make: NonNullable<SchemaCode['compiled']>; script: Script; cacheRejected: boolean } | undefined {
  try {
    const script = new Script(`${WRAPPER_HEAD}${entry.source}${WRAPPER_TAIL}`, {
      filename: `contracttool-schema-code/${name}`,
      lineOffset: -1,
      ...(codeCache === undefined ? {} : { cachedData: codeCache }),
    })
    const make = script.runInThisContext() as unknown
    if (typeof make !== 'function') return undefined
    return {
      make: make as NonNullable<SchemaCode['compiled']>,
      script,
      cacheRejected: codeCache === undefined || script.cachedDataRejected === true,
    }
  } catch {
    // A source that does not parse: compiled again with Ajv, and the file rewritten.
    return undefined
  }
}

function toSchemaCode(entry: SchemaCodeEntry, compiled: NonNullable<SchemaCode['compiled']>): SchemaCode {
  const { source, values, evaluated } = entry
  return evaluated === undefined ? { source, values, compiled } : { source, values, evaluated, compiled }
}

/** Whether a value read from a file has the shape the validator expects; anything else is compiled. */
function isSchemaCode(value: object): value is SchemaCode {
  const { source, values, evaluated } = value as Partial<Record<keyof SchemaCode, unknown>>
  return (
    typeof source === 'string' &&
    Array.isArray(values) &&
    values.every(
      (entry) =>
        Array.isArray(entry) &&
        entry.length === 3 &&
        typeof entry[0] === 'string' &&
        Number.isSafeInteger(entry[1]) &&
        (entry[1] as number) >= 0 &&
        typeof entry[2] === 'string',
    ) &&
    (evaluated === undefined || (typeof evaluated === 'object' && evaluated !== null))
  )
}

/**
 * A file name for `key` (the lowered schema as JSON, often kilobytes): two 32-bit hashes of it, FNV-1a
 * and a variant with another offset and a shift. Not a digest: an entry holds its key, and one whose key
 * differs is not used.
 */
export function fileName(key: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 15)
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}${EXTENSION}`
}
