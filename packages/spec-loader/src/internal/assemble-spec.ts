import type { JsonValue } from '@contracttool/kernel'
import { isObject } from '@contracttool/kernel'
import { documentTypeOf, echoValue } from '@contracttool/kernel/internal'
import { buildSpec } from '../build-spec.js'
import { SpecErrorCode } from '../errors.js'
import type { LoadedSpec, OpenApiVersion, SchemaDialect } from '../types.js'
import { Bundler } from './bundler.js'
import { checkDialect } from './check-dialect.js'
import { checkVersion } from './check-version.js'
import type { AliasBudget } from './measure-shared-nodes.js'
import type { RemoteSettings } from './remote-settings.js'
import { type SpecContext, specError } from './spec-error.js'
import type { SpecFormat } from './spec-format.js'

export interface EntryDocument {
  readonly specName: string
  readonly value: JsonValue
  readonly format: SpecFormat
  /** Recorded as `LoadedSpec.sourcePath`. */
  readonly sourcePath: string | undefined
  /** Canonical path relative references resolve from; undefined for in-memory documents. */
  readonly canonicalPath: string | undefined
  /** What messages call the document. */
  readonly display: string
  readonly root: string | undefined
  readonly remote: RemoteSettings | undefined
  /** Alias expansion the entry took when parsed; referenced files add to it. */
  readonly aliasBudget: AliasBudget
}

export interface PreparedSpec {
  readonly entry: EntryDocument
  readonly bundler: Bundler
  readonly version: OpenApiVersion
  readonly openapi: string
  readonly dialect: SchemaDialect
  readonly warnings: readonly string[]
}

/** Root shape, version gate, dialect, then the bundling walk over the entry document. */
export function prepareSpec(entry: EntryDocument): PreparedSpec {
  const context: SpecContext = { specName: entry.specName, file: entry.display }
  const root = entry.value
  if (!isObject(root)) {
    throw specError(
      SpecErrorCode.NonMappingRoot,
      context,
      `the document must be a mapping (an object of OpenAPI fields), received a ${documentTypeOf(root)}.`,
    )
  }
  const { version, openapi } = checkVersion(root, context)
  const dialect = checkDialect(root, version, context)
  const warnings: string[] = []
  const selfBase = version === '3.2' ? readSelfBase(root.$self) : undefined
  if (version === '3.2' && Object.hasOwn(root, '$self') && selfBase === undefined) {
    warnings.push(
      `[OpenAPI 3.2 $self] spec '${entry.specName}' declares a $self that is not an absolute http(s) URI (${echoValue(root.$self)}): it is not applied, and relative references resolve from the file's own location.`,
    )
  }
  const bundler = new Bundler({
    specName: entry.specName,
    version,
    entry: root,
    entryPath: entry.canonicalPath,
    entryDisplay: entry.display,
    entryFormat: entry.format,
    root: entry.root,
    remote: entry.remote,
    aliasBudget: entry.aliasBudget,
    selfBase,
  })
  return { entry, bundler, version, openapi, dialect, warnings }
}

// The folder of an absolute http(s) `$self` (`https://api.example.com/specs/` for
// `https://api.example.com/specs/openapi.yaml`). Relative references keep resolving from the file's own
// location, which is where `$self` would put them as long as the files keep their layout.
//
// @see https://spec.openapis.org/oas/v3.2.0#establishing-the-base-uri
function readSelfBase(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    url.hash = ''
    url.search = ''
    return new URL('.', url).href
  } catch {
    return undefined
  }
}

/** Completes the bundle and indexes the operations. */
export function completeSpec(prepared: PreparedSpec): LoadedSpec {
  const document = prepared.bundler.finish()
  return buildSpec(document, {
    name: prepared.entry.specName,
    version: prepared.version,
    openapi: prepared.openapi,
    defaultDialect: prepared.dialect,
    sourcePath: prepared.entry.sourcePath,
    warnings: prepared.warnings,
  })
}
