import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { documentTypeOf, echoValue, unescapePointerToken } from '@contracttool/kernel/internal'
import { SpecErrorCode } from '../errors.js'
import { redactUrl, redactUrlFully } from '../redact-url.js'
import { resolvePointer } from '../resolve-pointer.js'
import { EXTERNAL_DOCUMENTS_KEY, type OpenApiVersion } from '../types.js'
import type { AliasBudget } from './measure-shared-nodes.js'
import { parseDocument } from './parse-document.js'
import { encodePointerToken, findPointer } from './pointer.js'
import { normalizeHost, type RemoteSettings } from './remote-settings.js'
import { type SpecContext, specError } from './spec-error.js'
import { formatFromExtension, type SpecFormat } from './spec-format.js'

/**
 * What the keys of the object being visited are:
 * - `keywords`: fixed fields and schema keywords;
 * - `names`: user-chosen names (properties, responses, ...), each value an object of keywords;
 * - `example-map`: an `examples` map, each value an Example Object;
 * - `example`: an Example Object, whose values are opaque data;
 * - `discriminator`: a Discriminator Object, whose `mapping` holds schema names or references;
 * - `mapping`: `discriminator.mapping` itself.
 */
type WalkMode = 'keywords' | 'names' | 'example-map' | 'example' | 'discriminator' | 'mapping'

/**
 * What a key of a `keywords` object means for its value: `opaque` data (never walked), a `name-map`, the
 * `examples` keyword (an examples map, or a list of data), or a `discriminator`.
 */
type KeyAction = 'opaque' | 'name-map' | 'examples' | 'discriminator'

const KEY_ACTIONS: ReadonlyMap<string, KeyAction> = new Map<string, KeyAction>([
  ['$ref', 'opaque'],
  ['default', 'opaque'],
  ['example', 'opaque'],
  ['enum', 'opaque'],
  ['const', 'opaque'],
  ['examples', 'examples'],
  ['discriminator', 'discriminator'],
  ...[
    'properties',
    'patternProperties',
    '$defs',
    'definitions',
    'dependentSchemas',
    'schemas',
    'responses',
    'parameters',
    'requestBodies',
    'headers',
    'securitySchemes',
    'links',
    'callbacks',
    'pathItems',
    'paths',
    'webhooks',
    'content',
    'encoding',
    'variables',
    'mediaTypes',
  ].map((key): [string, KeyAction] => [key, 'name-map']),
])

// Example Object fields that hold example data, never references (`dataValue`/`serializedValue` are 3.2).
const EXAMPLE_DATA_KEYS: ReadonlySet<string> = new Set(['value', 'dataValue', 'serializedValue'])

const HASH = 35
const SLASH = 47
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]+):/
const MAPPING_FILE = /\.(?:json|ya?ml)(?:#|$)/i

/** One document taking part in a bundle: the entry, or an external file or URL mounted into it. */
interface SourceDocument {
  readonly kind: 'entry' | 'file' | 'remote'
  /** Canonical path or URL; relative references resolve against it. Undefined for in-memory entries. */
  readonly location: string | undefined
  /** The file or redacted URL, as messages show it. */
  readonly display: string
  readonly value: JsonValue
  /** Key under `x-contracttool-external`; undefined for the entry. */
  readonly mountKey: string | undefined
  /** `#` for the entry, `#/x-contracttool-external/<key>` for a mounted document. */
  readonly pointerPrefix: string
  /**
   * Nodes already walked; set for documents that may share nodes (YAML aliases, mounted files walked from
   * several targets), so a shared node is walked once. Parsing refused documents that contain themselves.
   */
  readonly visited: Set<object> | undefined
}

/** A reference whose target lives in (or is relative to) another document: rewritten when the bundle completes. */
interface DeferredRef {
  readonly container: JsonObject
  readonly key: string
  readonly raw: string
  readonly source: SourceDocument
  /** Absolute path or URL of the target document; undefined when the target is `source` itself. */
  readonly target: string | undefined
  /** The pointer after `#` (`''` for a whole document). */
  readonly pointer: string
  readonly isMapping: boolean
}

/** A document the bundle still needs: the driver reads (or fetches) it and hands the text back. */
export interface PendingLoad {
  readonly kind: 'file' | 'remote'
  /** Absolute path (not yet canonical) or URL without fragment. */
  readonly target: string
  /** The first `$ref` that asked for it, as written, and where it was found. */
  readonly ref: string
  readonly fromFile: string
  readonly at: () => string | undefined
}

export interface BundlerOptions {
  readonly specName: string
  readonly version: OpenApiVersion
  readonly entry: JsonObject
  /** Canonical path of the entry file; undefined for in-memory documents. */
  readonly entryPath: string | undefined
  /** What messages call the entry file. */
  readonly entryDisplay: string
  readonly entryFormat: SpecFormat
  /** Canonical folder local references must stay inside. */
  readonly root: string | undefined
  readonly remote: RemoteSettings | undefined
  /** Alias expansion already taken by the entry; the files the bundle mounts add to it. */
  readonly aliasBudget: AliasBudget
  /**
   * The folder URL of the entry's OpenAPI 3.2 `$self` (an absolute http(s) URI): an absolute reference
   * under it names a file of this description, read from the same place under the entry's folder.
   */
  readonly selfBase?: string | undefined
}

/**
 * Bundles a parsed document: one pass over every object in keyword position, no recursion, no copy.
 * Internal references of the entry stay as written and are checked in place; references to other files
 * or URLs are collected, the driver loads those documents, and `finish()` mounts them under
 * `x-contracttool-external` and rewrites every such reference to a local pointer.
 */
export class Bundler {
  readonly #options: BundlerOptions
  readonly #entry: SourceDocument
  readonly #pending = new Map<string, PendingLoad>()
  readonly #requested = new Set<string>()
  readonly #byTarget = new Map<string, SourceDocument>()
  readonly #byCanonical = new Map<string, SourceDocument>()
  readonly #mountKeys = new Set<string>()
  readonly #deferred: DeferredRef[] = []
  #deferredWalked = 0
  readonly #internalChecked = new Map<string, boolean>()
  readonly #chainStarts: {
    readonly container: JsonObject
    readonly ref: string
    readonly source: SourceDocument
  }[] = []

  constructor(options: BundlerOptions) {
    this.#options = options
    this.#entry = {
      kind: 'entry',
      location: options.entryPath,
      display: options.entryDisplay,
      value: options.entry,
      mountKey: undefined,
      pointerPrefix: '#',
      visited: options.entryFormat === 'yaml' ? new Set() : undefined,
    }
    if (options.entryPath !== undefined) this.#byCanonical.set(options.entryPath, this.#entry)
    this.#walk(this.#entry, options.entry, 'keywords')
  }

  /** Documents still to load. Empty once the bundle is complete. */
  takePending(): PendingLoad[] {
    this.#walkDeferredTargets()
    const loads = [...this.#pending.values()]
    this.#pending.clear()
    return loads
  }

  /** Adds a local file the driver read (after checking it stays inside the root). */
  addFile(load: PendingLoad, canonicalPath: string, text: string): void {
    const existing = this.#byCanonical.get(canonicalPath)
    if (existing !== undefined) {
      this.#byTarget.set(load.target, existing)
      return
    }
    const format = formatFromExtension(load.target) ?? 'json'
    const display = canonicalPath
    const value = parseDocument(text, format, this.#context(display), load.ref, this.#options.aliasBudget)
    const root = this.#options.root ?? dirname(canonicalPath)
    const mountKey = relative(root, canonicalPath).split(sep).join('/')
    this.#add(load, { kind: 'file', location: canonicalPath, display, value, mountKey }, canonicalPath)
  }

  /** Adds a remote document the driver fetched. */
  addRemote(load: PendingLoad, text: string, format: SpecFormat): void {
    const display = redactUrl(load.target)
    const value = parseDocument(
      text,
      format,
      this.#context(display),
      redactUrl(load.ref),
      this.#options.aliasBudget,
    )
    // The mount key becomes part of every pointer into the document (schema paths, doctor findings,
    // reports), so it carries the URL without credentials; two URLs that differ only in those get a suffix.
    const redacted = redactUrlFully(load.target)
    let mountKey = redacted
    for (let count = 2; this.#mountKeys.has(mountKey); count++) mountKey = `${redacted} (${count})`
    this.#mountKeys.add(mountKey)
    this.#add(load, { kind: 'remote', location: load.target, display, value, mountKey }, load.target)
  }

  /** Mounts the external documents, rewrites references to them, checks every target and every chain. */
  finish(): JsonObject {
    this.#walkDeferredTargets()
    const entry = this.#options.entry
    const mounted = [...this.#byCanonical.values()].filter((document) => document.mountKey !== undefined)
    for (const deferred of this.#deferred) {
      if (deferred.isMapping) {
        const target = deferred.target === undefined ? undefined : this.#byTarget.get(deferred.target)
        if (target !== undefined) deferred.container[deferred.key] = target.pointerPrefix + deferred.pointer
        continue
      }
      const target = this.#targetOf(deferred)
      if (target === this.#entry && deferred.pointer === '') {
        throw this.#refError(
          SpecErrorCode.RefRootPointer,
          deferred,
          'it points at the whole entry document; expected a pointer to an object inside it ("#/...").',
        )
      }
      const rewritten = target.pointerPrefix + deferred.pointer
      if (deferred.container[deferred.key] !== rewritten) deferred.container[deferred.key] = rewritten
    }
    if (mounted.length > 0) {
      if (Object.hasOwn(entry, EXTERNAL_DOCUMENTS_KEY)) {
        throw specError(
          SpecErrorCode.ReservedMember,
          this.#context(this.#entry.display),
          `the document declares ${EXTERNAL_DOCUMENTS_KEY} itself, the member the loader mounts referenced files under (${mounted.map((document) => echoValue(document.display)).join(', ')}); expected the member to be left to the loader. Rename it.`,
          { at: `#/${EXTERNAL_DOCUMENTS_KEY}` },
        )
      }
      const external: JsonObject = {}
      for (const document of mounted.sort((a, b) => compare(a.mountKey ?? '', b.mountKey ?? ''))) {
        external[document.mountKey ?? ''] = document.value
      }
      entry[EXTERNAL_DOCUMENTS_KEY] = external
    }
    for (const deferred of this.#deferred) {
      if (deferred.isMapping) continue
      const target = this.#targetOf(deferred)
      const node =
        deferred.pointer === '' ? target.value : resolvePointer(target.value, `#${deferred.pointer}`)
      this.#checkTarget(node, deferred, target.value)
      if (isObject(node) && node.$ref !== undefined) {
        this.#chainStarts.push({
          container: deferred.container,
          ref: target.pointerPrefix + deferred.pointer,
          source: deferred.source,
        })
      }
    }
    this.#checkChains(entry)
    return entry
  }

  #context(file: string): SpecContext {
    return { specName: this.#options.specName, file }
  }

  #add(
    load: PendingLoad,
    fields: Pick<SourceDocument, 'kind' | 'location' | 'display' | 'value' | 'mountKey'>,
    canonical: string,
  ): void {
    const document: SourceDocument = {
      ...fields,
      pointerPrefix: `#/${EXTERNAL_DOCUMENTS_KEY}/${encodePointerToken(fields.mountKey ?? '')}`,
      visited: new Set(),
    }
    this.#byCanonical.set(canonical, document)
    this.#byTarget.set(load.target, document)
    if (typeof document.value === 'object' && document.value !== null)
      this.#walk(document, document.value, 'keywords')
  }

  #targetOf(deferred: DeferredRef): SourceDocument {
    if (deferred.target === undefined) return deferred.source
    const target = this.#byTarget.get(deferred.target)
    if (target === undefined) throw new Error(`bundle finished before ${deferred.target} was loaded`)
    return target
  }

  /**
   * Walks each referenced node of a mounted document in keyword mode. The walk from the document root
   * already covers nearly all of them; this catches targets the root walk saw as data (a top-level key
   * named `default`, say), so every reachable reference still gets rewritten.
   */
  #walkDeferredTargets(): void {
    for (; this.#deferredWalked < this.#deferred.length; this.#deferredWalked++) {
      const deferred = this.#deferred[this.#deferredWalked]
      if (deferred === undefined || deferred.isMapping) continue
      const target = deferred.target === undefined ? deferred.source : this.#byTarget.get(deferred.target)
      if (target === undefined) break
      if (target.kind === 'entry') continue
      const node =
        deferred.pointer === '' ? target.value : resolvePointer(target.value, `#${deferred.pointer}`)
      if (typeof node === 'object' && node !== null && target.visited?.has(node) !== true) {
        this.#walk(target, node, 'keywords')
      }
    }
  }

  #walk(document: SourceDocument, start: object, startMode: WalkMode): void {
    const values: object[] = [start]
    const modes: WalkMode[] = [startMode]
    const visited = document.visited
    while (values.length > 0) {
      const value = values.pop() as object
      const mode = modes.pop() as WalkMode
      if (visited !== undefined) {
        if (visited.has(value)) continue
        visited.add(value)
      }
      if (Array.isArray(value)) {
        for (let index = value.length - 1; index >= 0; index--) {
          const item: unknown = value[index]
          if (typeof item === 'object' && item !== null) {
            values.push(item)
            modes.push('keywords')
          }
        }
        continue
      }
      const object = value as JsonObject
      if (mode === 'names' || mode === 'example-map') {
        const childMode = mode === 'names' ? 'keywords' : 'example'
        for (const key in object) {
          const child = object[key]
          if (typeof child === 'object' && child !== null) {
            values.push(child)
            modes.push(childMode)
          }
        }
        continue
      }
      if (mode === 'mapping') {
        for (const key in object) {
          const mapped = object[key]
          if (typeof mapped === 'string') this.#mappingValue(document, object, key, mapped)
        }
        continue
      }
      if (object.$ref !== undefined) this.#ref(document, object, object.$ref)
      for (const key in object) {
        const child = object[key]
        if (typeof child !== 'object' || child === null) continue
        const action = KEY_ACTIONS.get(key)
        if (action === undefined) {
          // Specification extensions are not OpenAPI objects: their content is kept as written.
          if (key.charCodeAt(0) === 120 && key.charCodeAt(1) === 45) continue
          if (mode === 'example' && EXAMPLE_DATA_KEYS.has(key)) continue
          values.push(child)
          modes.push(mode === 'discriminator' && key === 'mapping' ? 'mapping' : 'keywords')
        } else if (action === 'name-map') {
          values.push(child)
          modes.push('names')
        } else if (action === 'examples') {
          // A list is the JSON Schema `examples` keyword (data); a map is the OpenAPI examples map.
          if (Array.isArray(child)) continue
          values.push(child)
          modes.push('example-map')
        } else if (action === 'discriminator') {
          values.push(child)
          modes.push('discriminator')
        }
      }
    }
  }

  #ref(document: SourceDocument, container: JsonObject, raw: JsonValue): void {
    if (typeof raw !== 'string') {
      throw specError(
        SpecErrorCode.RefNonString,
        this.#context(document.display),
        `invalid $ref: expected a string, received ${echoValue(raw)} (${documentTypeOf(raw)}).`,
        { at: findPointer(document.value, container) },
      )
    }
    if (raw.charCodeAt(0) === HASH && raw.charCodeAt(1) === SLASH && raw.length > 2) {
      if (document === this.#entry) {
        this.#internal(container, raw)
        return
      }
      container.$ref = document.pointerPrefix + raw.slice(1)
      this.#deferred.push({
        container,
        key: '$ref',
        raw,
        source: document,
        target: undefined,
        pointer: raw.slice(1),
        isMapping: false,
      })
      return
    }
    this.#classifyOther(document, container, raw)
    this.#external(document, container, raw)
  }

  /** Refuses the reference shapes that are never valid: empty, `#`, `#/`, bare fragments. */
  #classifyOther(document: SourceDocument, container: JsonObject, raw: string): void {
    const fail = (code: SpecErrorCode, what: string): never => {
      throw specError(code, this.#context(document.display), what, {
        at: findPointer(document.value, container),
        ref: raw,
      })
    }
    if (raw === '') fail(SpecErrorCode.RefEmpty, 'invalid $ref: an empty string is not a reference.')
    if (raw === '#' || raw === '#/') {
      fail(
        SpecErrorCode.RefRootPointer,
        `$ref ${echoValue(raw)} points at the whole document; expected a pointer to an object inside it ("#/...").`,
      )
    }
    if (raw.charCodeAt(0) === HASH) {
      fail(
        SpecErrorCode.RefBareFragment,
        `$ref ${echoValue(raw)} is a bare fragment, not a JSON Pointer; expected "#/..." form.`,
      )
    }
  }

  #internal(container: JsonObject, raw: string): void {
    const known = this.#internalChecked.get(raw)
    if (known === false) return
    if (known === true) {
      this.#chainStarts.push({ container, ref: raw, source: this.#entry })
      return
    }
    const target = resolvePointer(this.#options.entry, raw)
    const deferred: DeferredRef = {
      container,
      key: '$ref',
      raw,
      source: this.#entry,
      target: undefined,
      pointer: raw.slice(1),
      isMapping: false,
    }
    this.#checkTarget(target, deferred, this.#options.entry)
    const isChain = isObject(target) && target.$ref !== undefined
    this.#internalChecked.set(raw, isChain)
    if (isChain) this.#chainStarts.push({ container, ref: raw, source: this.#entry })
  }

  #external(document: SourceDocument, container: JsonObject, raw: string): void {
    const hash = raw.indexOf('#')
    const base = hash === -1 ? raw : raw.slice(0, hash)
    const pointer = hash === -1 ? '' : raw.slice(hash + 1)
    const context = this.#context(document.display)
    const at = () => findPointer(document.value, container)
    const shown = document.kind === 'remote' || SCHEME.test(raw) ? redactUrl(raw) : raw
    if (hash !== -1 && (pointer === '' || pointer.charCodeAt(0) !== SLASH)) {
      throw specError(
        SpecErrorCode.RefBareFragment,
        context,
        `$ref ${echoValue(shown)} has ${pointer === '' ? 'an empty fragment' : 'a bare fragment'}; expected "#/..." after the file, or no "#" at all to reference the whole file.`,
        { at: at(), ref: shown },
      )
    }
    if (pointer === '/') {
      throw specError(
        SpecErrorCode.RefRootPointer,
        context,
        `$ref ${echoValue(shown)} uses the root pointer "#/"; reference the whole file without "#" instead.`,
        { at: at(), ref: shown },
      )
    }
    const scheme = SCHEME.exec(base)?.[1]?.toLowerCase()
    let target: string
    let kind: 'file' | 'remote'
    if (scheme === 'file') {
      throw specError(
        SpecErrorCode.RefFileScheme,
        context,
        `$ref ${echoValue(shown)} uses the file: scheme, which is not supported; expected a path relative to the referencing file.`,
        { at: at(), ref: shown },
      )
    }
    const own = scheme === 'http' || scheme === 'https' ? this.#selfPath(document, base) : undefined
    if (own !== undefined && document.location !== undefined) {
      target = this.#fileTarget(document, relative(dirname(document.location), own), shown, at)
      kind = 'file'
    } else if (scheme !== undefined || document.kind === 'remote') {
      target = this.#remoteTarget(document, base, shown, at)
      kind = 'remote'
    } else if (document.location === undefined) {
      throw specError(
        SpecErrorCode.RefRequiresSourceFile,
        context,
        `$ref ${echoValue(shown)} is relative to a file, but this document was given as a value and has no file; load it with loadSpecFile() or loadSpec().`,
        { at: at(), ref: shown },
      )
    } else {
      target = this.#fileTarget(document, base, shown, at)
      kind = 'file'
    }
    this.#deferred.push({ container, key: '$ref', raw, source: document, target, pointer, isMapping: false })
    if (!this.#requested.has(target)) {
      this.#requested.add(target)
      this.#pending.set(target, { kind, target, ref: shown, fromFile: document.display, at })
    }
  }

  // The local file an absolute URL under the entry's `$self` folder stands for, undefined otherwise.
  //
  // @see https://spec.openapis.org/oas/v3.2.0#establishing-the-base-uri
  #selfPath(document: SourceDocument, base: string): string | undefined {
    const selfBase = this.#options.selfBase
    const entryPath = this.#options.entryPath
    if (selfBase === undefined || entryPath === undefined || document.kind === 'remote') return undefined
    let url: URL
    try {
      url = new URL(base)
    } catch {
      return undefined
    }
    if (url.search !== '' || !url.href.startsWith(selfBase)) return undefined
    let rest = url.href.slice(selfBase.length)
    try {
      rest = decodeURIComponent(rest)
    } catch {
      return undefined
    }
    return rest === '' ? undefined : resolve(dirname(entryPath), rest)
  }

  #fileTarget(document: SourceDocument, base: string, shown: string, at: () => string | undefined): string {
    const context = this.#context(document.display)
    let decoded = base
    try {
      decoded = decodeURIComponent(base)
    } catch {
      // A lone `%` is taken literally: the file may well be named that way.
    }
    const path = resolve(dirname(document.location ?? ''), decoded)
    const root = this.#options.root ?? dirname(this.#options.entryPath ?? path)
    const fromRoot = relative(root, path)
    if (fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) {
      throw specError(
        SpecErrorCode.RefOutsideRoot,
        context,
        `$ref ${echoValue(shown)} resolves to ${path}, outside the local-ref root ${root}; expected a file inside it.`,
        { at: at(), ref: shown },
      )
    }
    if (formatFromExtension(path) === undefined) {
      throw specError(
        SpecErrorCode.UnsupportedExtension,
        context,
        `$ref ${echoValue(shown)} points to ${path}; expected a .json, .yaml or .yml file.`,
        { at: at(), ref: shown },
      )
    }
    return path
  }

  #remoteTarget(document: SourceDocument, base: string, shown: string, at: () => string | undefined): string {
    const context = this.#context(document.display)
    let url: URL | undefined
    try {
      url = new URL(base, document.kind === 'remote' ? document.location : undefined)
    } catch {
      url = undefined
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw specError(
        url?.protocol === 'file:' ? SpecErrorCode.RefFileScheme : SpecErrorCode.RefRemoteDisallowed,
        context,
        `$ref ${echoValue(shown)} is not a supported reference; expected a "#/..." pointer, a relative .json/.yaml/.yml path, or an allowed http(s) URL.`,
        { at: at(), ref: shown },
      )
    }
    const remote = this.#options.remote
    const href = redactUrl(url.href)
    if (remote === undefined) {
      throw specError(
        SpecErrorCode.RefRemoteDisallowed,
        context,
        `remote $ref ${echoValue(shown)} is disallowed (${href}); pass remoteRefs: { allowedHosts: ['${url.hostname}'] } to allow it.`,
        { at: at(), ref: shown },
      )
    }
    const host = normalizeHost(url.hostname)
    if (!remote.allowedHosts.has(host)) {
      const allowed = [...remote.allowedHosts].join(', ') || '(none)'
      throw specError(
        SpecErrorCode.RefRemoteHostDisallowed,
        context,
        `remote $ref ${echoValue(shown)} (${href}) names host '${host}', which is not in remoteRefs.allowedHosts; allowed: ${allowed}.`,
        { at: at(), ref: shown },
      )
    }
    url.hash = ''
    return url.href
  }

  #mappingValue(document: SourceDocument, container: JsonObject, key: string, raw: string): void {
    // A mapping value is a schema name or a reference (OAS 3.1 §4.8.25). References are rewritten like
    // `$ref`s, but they never pull a file in on their own and never fail the load: a value that names
    // nothing the document loads is left as written for the validator to report.
    if (raw.charCodeAt(0) === HASH) {
      if (document !== this.#entry && raw.charCodeAt(1) === SLASH) {
        container[key] = document.pointerPrefix + raw.slice(1)
      }
      return
    }
    if (SCHEME.test(raw) || !MAPPING_FILE.test(raw) || document.location === undefined) return
    const hash = raw.indexOf('#')
    const pointer = hash === -1 ? '' : raw.slice(hash + 1)
    if (hash !== -1 && pointer.charCodeAt(0) !== SLASH) return
    const base = hash === -1 ? raw : raw.slice(0, hash)
    let target: string
    try {
      target =
        document.kind === 'remote'
          ? new URL(base, document.location).href
          : resolve(dirname(document.location), decodeURIComponent(base))
    } catch {
      return
    }
    this.#deferred.push({ container, key, raw, source: document, target, pointer, isMapping: true })
  }

  #checkTarget(node: JsonValue | undefined, deferred: DeferredRef, root: JsonValue): void {
    if (node === undefined) {
      throw this.#refError(
        SpecErrorCode.RefNotFound,
        deferred,
        `unresolvable $ref ${echoValue(this.#shown(deferred))}: no value at that pointer in ${this.#targetDisplay(deferred)}.${mergedRefHint(root, deferred.pointer)}`,
      )
    }
    const isSchemaBoolean = typeof node === 'boolean' && this.#options.version !== '3.0'
    if (!isObject(node) && !isSchemaBoolean) {
      throw this.#refError(
        SpecErrorCode.RefNonObjectTarget,
        deferred,
        `$ref ${echoValue(this.#shown(deferred))} points to a ${documentTypeOf(node)} value (${echoValue(node)}); expected an object.`,
      )
    }
  }

  #checkChains(entry: JsonObject): void {
    const settled = new Set<string>()
    for (const start of this.#chainStarts) {
      const chain = [start.ref]
      const seen = new Set(chain)
      let ref = start.ref
      for (;;) {
        const node = resolvePointer(entry, ref)
        const next = isObject(node) ? node.$ref : undefined
        if (typeof next !== 'string' || settled.has(next)) break
        if (seen.has(next)) {
          chain.push(next)
          throw specError(
            SpecErrorCode.RefCircular,
            this.#context(start.source.display),
            `circular $ref: ${chain.map((link) => this.#displayPointer(link)).join(' -> ')} never reaches a value; expected the chain to end in an object.`,
            { at: findPointer(start.source.value, start.container), ref: start.ref },
          )
        }
        chain.push(next)
        seen.add(next)
        ref = next
      }
      for (const link of chain) settled.add(link)
    }
  }

  #displayPointer(pointer: string): string {
    const prefix = `#/${EXTERNAL_DOCUMENTS_KEY}/`
    if (!pointer.startsWith(prefix)) return pointer
    for (const document of this.#byCanonical.values()) {
      if (document.mountKey !== undefined && pointer.startsWith(`${document.pointerPrefix}/`)) {
        return `${document.display}#${pointer.slice(document.pointerPrefix.length)}`
      }
      if (pointer === document.pointerPrefix) return document.display
    }
    return pointer
  }

  #shown(deferred: DeferredRef): string {
    return deferred.source.kind === 'remote' || SCHEME.test(deferred.raw)
      ? redactUrl(deferred.raw)
      : deferred.raw
  }

  #targetDisplay(deferred: DeferredRef): string {
    return deferred.target === undefined ? deferred.source.display : this.#targetOf(deferred).display
  }

  #refError(code: SpecErrorCode, deferred: DeferredRef, what: string) {
    return specError(code, this.#context(deferred.source.display), what, {
      at: findPointer(deferred.source.value, deferred.container),
      ref: this.#shown(deferred),
    })
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

// json-schema-ref-parser merges a map written as `{ $ref: … }` (`components: { schemas: { $ref:
// './schemas.yaml' } }`) into its target; OpenAPI does not: a Reference Object stands for one object
// where the specification allows one, never for the entries of a map. When the walk to a missing
// pointer stops at such a map, say so: the pointer is not the only thing wrong.
//
// @see https://spec.openapis.org/oas/v3.1.0#reference-object
function mergedRefHint(root: JsonValue, pointer: string): string {
  let node: JsonValue | undefined = root
  let at = '#'
  for (const raw of pointer.split('/').slice(1)) {
    if (!isObject(node)) return ''
    const token = unescapePointerToken(raw)
    if (!Object.hasOwn(node, token)) {
      const ref = node.$ref
      return typeof ref === 'string'
        ? ` ${at} holds a '$ref' key (${echoValue(ref)}) instead of its entries: OpenAPI does not merge a referenced document into a map (that is a json-schema-ref-parser extension); list each entry under its own name, each with its own $ref if needed.`
        : ''
    }
    node = node[token]
    at = `${at}/${raw}`
  }
  return ''
}
