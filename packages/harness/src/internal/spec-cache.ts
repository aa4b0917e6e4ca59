import { readFileSync } from 'node:fs'
import { deserialize, serialize } from 'node:v8'
import { isObject, type JsonObject } from '@contracttool/kernel'
import { createPathMatcher, usePathMatcher } from '@contracttool/matcher'
import { buildSpec, type LoadedSpec } from '@contracttool/spec-loader'
import { ContractRunError, HarnessErrorCode } from '../errors.js'
import { type FileStamp, matchesStamp } from './file-stamp.js'
import { joinDocument, type StoredDocumentHeader, splitDocument } from './lazy-document.js'
import { discardDamagedCache, isSealedAs, SEAL_BYTES, sealCache, unsealCache } from './sealed-cache.js'
import { type ChunkBytes, chunksInMemory, SpecCacheFile } from './spec-cache-file.js'

// Every test file runs in a fresh process, thread or module registry, which would otherwise parse and bundle
// each spec again. The main process already has them loaded: it writes each bundled document once per run
// (main/spec-cache.ts), and a worker rebuilds the spec from it as long as the files it came from are
// unchanged. This module is the workers' half.
//
// A cache file is sealed (sealed-cache.ts); its content is a 4-byte little-endian length, the record
// (`v8.serialize`) with the document's header, then the document's chunks (lazy-document.ts): a test file
// reads the path items, components and schemas it uses, and the index and path matcher are rebuilt without
// reading the rest. The main process, which reads a cache file whole before it hands it to the test files
// (main/spec-cache.ts), checks its checksum, and removes a damaged one; a test file, which reads only parts
// of it, trusts a file the main process of its run checked or wrote.

export const SPEC_CACHE_FORMAT = 'contracttool-spec-cache/4'
const MAGIC = 'CTC4'

/** A file a cached spec was read from, as it was when the spec was loaded. */
export interface SourceStamp extends FileStamp {
  readonly path: string
}

/** Where the main process left a spec for the workers, and the files it was read from. JSON-safe. */
export interface SpecCacheEntry {
  readonly file: string
  readonly sources: readonly SourceStamp[]
}

/** What a spec cache file holds. */
export interface SpecCacheRecord {
  readonly format: typeof SPEC_CACHE_FORMAT
  readonly name: string
  readonly version: LoadedSpec['version']
  readonly openapi: string
  readonly defaultDialect: LoadedSpec['defaultDialect']
  readonly sourcePath: string | undefined
  readonly warnings: readonly string[]
  readonly sources: readonly SourceStamp[]
  /**
   * SHA-256 of each source's content, in the order of `sources`; null when the spec cannot be reused by a
   * later run (remote documents, or files modified while the run started).
   */
  readonly digests: readonly string[] | null
  /** The resolved base path the spec was found in, and the spec loader that bundled it. */
  readonly basePath: string
  readonly loader: string
  /** The path parameters flagged `x-multi-segment`, by template (`findMultiSegmentParameters`). */
  readonly multiSegmentParameters: readonly (readonly [string, readonly string[]])[]
  /** Read from the file: the document, its parts deserialized on first use. */
  readonly document: JsonObject
}

/** The record as written: the document's header in place of the document, its chunks after the record. */
export type StoredSpecCacheRecord = Omit<SpecCacheRecord, 'document'> & {
  readonly document: StoredDocumentHeader
}

/** True while none of the files the cached spec was read from has changed. */
export function isCacheCurrent(entry: SpecCacheEntry): boolean {
  return entry.sources.every((source) => matchesStamp(source.path, source))
}

/**
 * The spec cached for `entry`, or undefined when its file is missing, unreadable, of another format or
 * spec, or was rewritten (by another run) from other versions of the spec's files.
 */
export function readSpecCache(entry: SpecCacheEntry, name: string): LoadedSpec | undefined {
  const record = readSpecCacheRecord(entry.file, name)
  if (record === undefined || !sameSources(record.sources, entry.sources)) return undefined
  const spec = specFromRecord(record)
  // A worker matches requests: its path matcher starts from the kept list instead of reading every path item.
  let matcher: ReturnType<typeof createPathMatcher>
  try {
    matcher = createPathMatcher(spec, { multiSegmentParameters: new Map(record.multiSegmentParameters) })
  } catch {
    // A template the matcher refuses: matching reports it, where it would for a spec loaded from files.
    return spec
  }
  usePathMatcher(spec, matcher)
  return spec
}

/**
 * The record in `file` when it is one of this format, for spec `name`; undefined for anything else.
 * A worker (`'file'`) reads the document's chunks from the file when first used, and keeps it open until
 * `closeSpecCacheFiles()`; the main process (`'memory'`), which reads a spec cache once per run (and again
 * on each rerun in watch mode), reads the whole file and keeps nothing open.
 */
export function readSpecCacheRecord(
  file: string,
  name: string,
  from: 'file' | 'memory' = 'file',
): SpecCacheRecord | undefined {
  let bytes: (ChunkBytes & { close(): void }) | undefined
  try {
    bytes = from === 'file' ? unsealedPart(new SpecCacheFile(file)) : readWhole(file, name)
    if (bytes === undefined) return undefined
    const end = 4 + bytes.read(0, 4).readUInt32LE(0)
    const record = deserialize(bytes.read(4, end)) as StoredSpecCacheRecord
    if (!isObject(record) || record.format !== SPEC_CACHE_FORMAT || record.name !== name) {
      bytes.close()
      return undefined
    }
    const document = joinDocument(record.document, chunksOf(bytes, file, name), end)
    // Held whole by the record: no chunk to read later.
    if ('whole' in record.document.root) bytes.close()
    return { ...record, document }
  } catch {
    bytes?.close()
    return undefined
  }
}

/** A cache file's content, read whole and checked; undefined (and removed, with a NOTE) when damaged. */
function readWhole(file: string, name: string): (ChunkBytes & { close(): void }) | undefined {
  const unsealed = unsealCache(MAGIC, readFileSync(file))
  if (!('problem' in unsealed)) return chunksInMemory(unsealed.content)
  if (unsealed.problem === 'damaged') discardDamagedCache(file, `the cached copy of spec '${name}'`)
  return undefined
}

/** The content of an open cache file, when it is sealed as this format (not checked: see above). */
function unsealedPart(file: SpecCacheFile): (ChunkBytes & { close(): void }) | undefined {
  if (file.length < SEAL_BYTES || !isSealedAs(MAGIC, file.read(0, SEAL_BYTES))) {
    file.close()
    return undefined
  }
  return {
    length: file.length - SEAL_BYTES,
    read: (from, to) => file.read(from + SEAL_BYTES, to + SEAL_BYTES),
    close: () => file.close(),
  }
}

/** The chunks of spec `name` in `file`; a chunk that cannot be read any more fails with `specCacheGone()`. */
function chunksOf(bytes: ChunkBytes, file: string, name: string): ChunkBytes {
  return {
    length: bytes.length,
    read(from, to) {
      try {
        return bytes.read(from, to)
      } catch (error) {
        throw specCacheGone(name, file, (error as Error).message)
      }
    },
  }
}

/** The error for spec `name` when its cache `file` went away, or changed, while a test file ran. */
export function specCacheGone(name: string, file: string, detail?: string): ContractRunError {
  return new ContractRunError(
    HarnessErrorCode.SpecLoadFailed,
    `Spec '${name}' cannot be read from ${file}, which was removed, or rewritten by another run ` +
      `from a different version of the spec, while this test file ran${detail === undefined ? '' : ` (${detail})`}. ` +
      'Run the tests again.',
    { specName: name },
  )
}

/** The spec a record holds, indexed again. */
export function specFromRecord(record: SpecCacheRecord): LoadedSpec {
  return buildSpec(record.document, {
    name: record.name,
    version: record.version,
    openapi: record.openapi,
    defaultDialect: record.defaultDialect,
    sourcePath: record.sourcePath,
    warnings: record.warnings,
  })
}

export function sameSources(a: readonly SourceStamp[], b: readonly SourceStamp[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (source, index) =>
        source.path === b[index]?.path &&
        source.size === b[index]?.size &&
        source.mtimeMs === b[index]?.mtimeMs,
    )
  )
}

/** The bytes of a spec cache file holding `record` (the layout is described above). */
export function encodeSpecCacheRecord(record: SpecCacheRecord): Buffer {
  const { header, chunks } = splitDocument(record.document)
  const stored: StoredSpecCacheRecord = { ...record, document: header }
  const head = serialize(stored)
  const length = Buffer.alloc(4)
  length.writeUInt32LE(head.length)
  return sealCache(MAGIC, [length, head, ...chunks])
}
