import { mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import {
  buildSpec,
  EXTERNAL_DOCUMENTS_KEY,
  isObject,
  type JsonObject,
  type LoadedSpec,
} from '@contracttool/spec-loader'

// Every test file runs in a fresh process (or thread), which would otherwise parse and bundle each spec
// again. The main process already has them loaded: it writes each bundled document once per run, and a
// worker rebuilds the spec from it as long as the files it came from are unchanged.

const FORMAT = 'contracttool-spec-cache/1'

/** A file a cached spec was read from, as it was when the spec was loaded. */
export interface SourceStamp {
  readonly path: string
  readonly size: number
  readonly mtimeMs: number
}

/** Where the main process left a spec for the workers, and the files it was read from. JSON-safe. */
export interface SpecCacheEntry {
  readonly file: string
  readonly sources: readonly SourceStamp[]
}

interface CacheRecord {
  readonly format: typeof FORMAT
  readonly name: string
  readonly version: LoadedSpec['version']
  readonly openapi: string
  readonly defaultDialect: LoadedSpec['defaultDialect']
  readonly sourcePath: string | undefined
  readonly warnings: readonly string[]
  readonly sources: readonly SourceStamp[]
  readonly document: JsonObject
}

/**
 * Writes `spec` (loaded from `basePath`) into `dir`, a folder of the project's own, for the workers.
 * Undefined when the spec cannot be cached (not read from files, or the folder is not writable): workers
 * then load it themselves.
 */
export function writeSpecCache(dir: string, basePath: string, spec: LoadedSpec): SpecCacheEntry | undefined {
  try {
    const sources = sourceStamps(basePath, spec)
    if (sources === undefined) return undefined
    const record: CacheRecord = {
      format: FORMAT,
      name: spec.name,
      version: spec.version,
      openapi: spec.openapi,
      defaultDialect: spec.defaultDialect,
      sourcePath: spec.sourcePath,
      warnings: spec.warnings,
      sources,
      document: spec.document,
    }
    mkdirSync(dir, { recursive: true })
    const file = join(dir, `${encodeURIComponent(spec.name)}.bin`)
    // Written aside and renamed, so that a worker (or a concurrent run) never reads half a file.
    const partial = `${file}.${process.pid}.tmp`
    writeFileSync(partial, serialize(record))
    renameSync(partial, file)
    return { file, sources }
  } catch {
    return undefined
  }
}

/** True while none of the files the cached spec was read from has changed. */
export function isCacheCurrent(entry: SpecCacheEntry): boolean {
  return entry.sources.every((source) => {
    const stats = statSync(source.path, { throwIfNoEntry: false })
    return stats !== undefined && stats.size === source.size && stats.mtimeMs === source.mtimeMs
  })
}

/**
 * The spec cached for `entry`, or undefined when its file is missing, unreadable, of another format or
 * spec, or was rewritten (by another run) from other versions of the spec's files.
 */
export function readSpecCache(entry: SpecCacheEntry, name: string): LoadedSpec | undefined {
  let record: CacheRecord
  try {
    record = deserialize(readFileSync(entry.file)) as CacheRecord
  } catch {
    return undefined
  }
  if (!isObject(record) || record.format !== FORMAT || record.name !== name) return undefined
  if (!sameSources(record.sources, entry.sources)) return undefined
  return buildSpec(record.document, {
    name: record.name,
    version: record.version,
    openapi: record.openapi,
    defaultDialect: record.defaultDialect,
    sourcePath: record.sourcePath,
    warnings: record.warnings,
  })
}

/** The entry file and every local file bundled into the spec; undefined for a spec not read from files. */
function sourceStamps(basePath: string, spec: LoadedSpec): SourceStamp[] | undefined {
  if (spec.sourcePath === undefined) return undefined
  const paths = [spec.sourcePath]
  const external = spec.document[EXTERNAL_DOCUMENTS_KEY]
  if (isObject(external)) {
    // Files are mounted under their path relative to the real base path; remote documents under their URL.
    const root = realpathSync(basePath)
    for (const key of Object.keys(external))
      if (!/^[a-z][a-z\d+.-]*:/i.test(key)) paths.push(resolve(root, key))
  }
  return paths.map((path) => {
    const stats = statSync(path)
    return { path, size: stats.size, mtimeMs: stats.mtimeMs }
  })
}

function sameSources(a: readonly SourceStamp[], b: readonly SourceStamp[]): boolean {
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
