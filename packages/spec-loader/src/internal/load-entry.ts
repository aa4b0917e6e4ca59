import { echoValue } from '@contracttool/kernel/internal'
import { SpecErrorCode } from '../errors.js'
import { type RegularFileRead, readRegularFile, readRegularFileSync } from '../read-regular-file.js'
import type { LoadedSpec } from '../types.js'
import { completeSpec, type PreparedSpec, prepareSpec } from './assemble-spec.js'
import type { PendingLoad } from './bundler.js'
import { fetchRemote } from './fetch-remote.js'
import { parseDocument } from './parse-document.js'
import { canonicalRefPath, readRefFile, readRefFileSync } from './ref-file.js'
import type { RemoteSettings } from './remote-settings.js'
import { specError } from './spec-error.js'
import type { SpecFormat } from './spec-format.js'

/** An entry file that has been located and checked; what is left is reading and bundling it. */
export interface EntryFile {
  readonly specName: string
  /** Absolute path as located (shown in messages, recorded as `sourcePath`). */
  readonly path: string
  readonly canonicalPath: string
  readonly format: SpecFormat
  /** Canonical local-ref root. */
  readonly root: string
  readonly remote: RemoteSettings | undefined
}

/** Reads, bundles and indexes an entry file without ever yielding: remote references are refused. */
export function loadEntrySync(file: EntryFile): LoadedSpec {
  const prepared = prepare(file, readEntry(file, readRegularFileSync(file.canonicalPath)))
  for (let loads = prepared.bundler.takePending(); loads.length > 0; loads = prepared.bundler.takePending()) {
    for (const load of loads) {
      if (load.kind === 'remote') throw remoteInSync(file, load)
      const canonical = canonicalRefPath(load, file.root, file.specName)
      prepared.bundler.addFile(load, canonical, readRefFileSync(load, canonical, file.specName))
    }
  }
  return completeSpec(prepared)
}

/** Reads, bundles and indexes an entry file; referenced files and allowed URLs are loaded concurrently. */
export async function loadEntry(file: EntryFile): Promise<LoadedSpec> {
  const prepared = prepare(file, readEntry(file, await readRegularFile(file.canonicalPath)))
  for (let loads = prepared.bundler.takePending(); loads.length > 0; loads = prepared.bundler.takePending()) {
    const results = await Promise.allSettled(loads.map((load) => fetchOne(file, load)))
    // Documents are added in request order, so the walk (and the first error reported) is deterministic.
    for (const [index, result] of results.entries()) {
      if (result.status === 'rejected') throw result.reason
      const load = loads[index] as PendingLoad
      const loaded = result.value
      if (loaded.kind === 'file') prepared.bundler.addFile(load, loaded.canonical, loaded.text)
      else prepared.bundler.addRemote(load, loaded.text, loaded.format)
    }
  }
  return completeSpec(prepared)
}

type Fetched =
  | { readonly kind: 'file'; readonly canonical: string; readonly text: string }
  | { readonly kind: 'remote'; readonly text: string; readonly format: SpecFormat }

async function fetchOne(file: EntryFile, load: PendingLoad): Promise<Fetched> {
  if (load.kind === 'remote') {
    // The bundler only queues remote loads when remote settings exist.
    const remote = await fetchRemote(load, file.remote as RemoteSettings, file.specName)
    return { kind: 'remote', text: remote.text, format: remote.format }
  }
  const canonical = canonicalRefPath(load, file.root, file.specName)
  return { kind: 'file', canonical, text: await readRefFile(load, canonical, file.specName) }
}

function prepare(file: EntryFile, text: string): PreparedSpec {
  const context = { specName: file.specName, file: file.path }
  const aliasBudget = { spent: 0 }
  return prepareSpec({
    specName: file.specName,
    value: parseDocument(text, file.format, context, undefined, aliasBudget),
    format: file.format,
    sourcePath: file.path,
    canonicalPath: file.canonicalPath,
    display: file.path,
    root: file.root,
    remote: file.remote,
    aliasBudget,
  })
}

function readEntry(file: EntryFile, read: RegularFileRead): string {
  if (read.ok) return read.text
  throw specError(
    SpecErrorCode.SpecUnreadable,
    { specName: file.specName, file: file.path },
    `the spec file cannot be read (${read.reason}).`,
    { cause: read.cause },
  )
}

function remoteInSync(file: EntryFile, load: PendingLoad) {
  return specError(
    SpecErrorCode.RefRemoteDisallowed,
    { specName: file.specName, file: load.fromFile },
    `remote $ref ${echoValue(load.ref)} cannot be fetched by the synchronous loader; use loadSpec(), loadSpecFile() or SpecRegistry.load(), which fetch allowed remote references.`,
    { at: load.at(), ref: load.ref },
  )
}
