import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { escapePointerToken } from '@contracttool/kernel/internal'
import { resolvePointer } from './resolve-pointer.js'
import {
  FIXED_METHODS,
  type IndexedOperation,
  type LoadedSpec,
  type OpenApiVersion,
  type SchemaDialect,
} from './types.js'

export interface BuildSpecOptions {
  readonly name: string
  readonly version: OpenApiVersion
  readonly openapi: string
  readonly defaultDialect: SchemaDialect
  readonly sourcePath?: string | undefined
  readonly warnings?: readonly string[]
}

/**
 * Indexes an already bundled document (every `$ref` a local pointer) into a `LoadedSpec`.
 * Malformed nodes are kept as found: the validator and doctor report them with their location.
 * The loaders call it; use it directly only for a document bundled by other means.
 *
 * @see https://spec.openapis.org/oas/v3.2.0#path-item-object
 * @example
 * const spec = buildSpec(bundled, { name: 'api', version: '3.1', openapi: '3.1.0', defaultDialect: '2020-12' })
 */
export function buildSpec(document: JsonObject, options: BuildSpecOptions): LoadedSpec {
  const paths = isObject(document.paths) ? Object.keys(document.paths) : []
  const operationsByPath = new OperationIndex(document, paths, options.version)
  return {
    name: options.name,
    version: options.version,
    openapi: options.openapi,
    sourcePath: options.sourcePath,
    document,
    defaultDialect: options.defaultDialect,
    get operations() {
      return operationsByPath.operations()
    },
    operationsByPath,
    paths,
    warnings: options.warnings ?? [],
  }
}

// path template → method → operation, indexed one path at a time on first use. A test file usually
// validates a few operations of a spec of thousands: it reads only the path items it matches (the workers
// of the Vitest plugin get documents whose path items are read from disk when first touched). Anything
// that walks the whole map, or `operations`, indexes every path first, in document order.
class OperationIndex extends Map<string, ReadonlyMap<string, IndexedOperation>> {
  readonly #document: JsonObject
  readonly #paths: readonly string[]
  readonly #known: ReadonlySet<string>
  readonly #version: OpenApiVersion
  readonly #follow: Follow
  readonly #byPath = new Map<string, IndexedOperation[]>()
  #operations: readonly IndexedOperation[] | undefined

  constructor(document: JsonObject, paths: readonly string[], version: OpenApiVersion) {
    super()
    this.#document = document
    this.#paths = paths
    this.#known = new Set(paths)
    this.#version = version
    this.#follow = cachedFollow(document)
  }

  override get(path: string): ReadonlyMap<string, IndexedOperation> | undefined {
    const found = super.get(path)
    if (found !== undefined || !this.#known.has(path) || this.#byPath.has(path)) return found
    return this.#index(path)
  }

  override has(path: string): boolean {
    // A path not indexed yet is there; an indexed one is there until deleted.
    return super.has(path) || (this.#known.has(path) && !this.#byPath.has(path))
  }

  override get size(): number {
    this.#complete()
    return super.size
  }

  override keys(): MapIterator<string> {
    this.#complete()
    return super.keys()
  }

  override values(): MapIterator<ReadonlyMap<string, IndexedOperation>> {
    this.#complete()
    return super.values()
  }

  override entries(): MapIterator<[string, ReadonlyMap<string, IndexedOperation>]> {
    this.#complete()
    return super.entries()
  }

  override [Symbol.iterator](): MapIterator<[string, ReadonlyMap<string, IndexedOperation>]> {
    this.#complete()
    return super.entries()
  }

  override forEach(
    callback: (
      value: ReadonlyMap<string, IndexedOperation>,
      key: string,
      map: Map<string, ReadonlyMap<string, IndexedOperation>>,
    ) => void,
    thisArg?: unknown,
  ): void {
    this.#complete()
    super.forEach(callback, thisArg)
  }

  override set(path: string, value: ReadonlyMap<string, IndexedOperation>): this {
    this.#complete()
    return super.set(path, value)
  }

  override delete(path: string): boolean {
    this.#complete()
    return super.delete(path)
  }

  override clear(): void {
    this.#complete()
    super.clear()
  }

  /** Every operation, in document order. */
  operations(): readonly IndexedOperation[] {
    if (this.#operations === undefined) {
      this.#complete()
      this.#operations = this.#paths.flatMap((path) => this.#byPath.get(path) ?? [])
    }
    return this.#operations
  }

  // Indexes the paths not read yet and puts the map back in document order.
  #complete(): void {
    if (this.#byPath.size === this.#paths.length) return
    const byMethod = this.#paths.map((path) => [path, this.get(path)] as const)
    super.clear()
    for (const [path, methods] of byMethod) if (methods !== undefined) super.set(path, methods)
  }

  #index(path: string): ReadonlyMap<string, IndexedOperation> {
    const follow = this.#follow
    const document = this.#document
    const operations: IndexedOperation[] = []
    const byMethod = new Map<string, IndexedOperation>()
    this.#byPath.set(path, operations)
    super.set(path, byMethod)
    const item = follow((document.paths as JsonObject)[path])
    if (!isObject(item)) return byMethod
    const rootSecurity = document.security
    const itemPointer = `#/paths/${escapePointerToken(path)}`
    const itemParameters = Array.isArray(item.parameters) ? item.parameters : []
    const add = (
      methodKey: string,
      method: string,
      rawOperation: JsonValue,
      pointer: string,
      isAdditional: boolean,
    ) => {
      const operation = follow(rawOperation)
      const op = isObject(operation) ? operation : undefined
      const hasOwnSecurity = op !== undefined && Object.hasOwn(op, 'security')
      const indexed: IndexedOperation = {
        method,
        methodKey,
        isAdditional,
        path,
        key: `${method} ${path}`,
        pointer,
        operationId: typeof op?.operationId === 'string' ? op.operationId : undefined,
        tags: Array.isArray(op?.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
        deprecated: op?.deprecated === true,
        operation,
        parameters: mergeParameters(
          follow,
          itemParameters,
          Array.isArray(op?.parameters) ? op.parameters : [],
        ),
        requestBody: op?.requestBody === undefined ? undefined : follow(op.requestBody),
        responses: followResponses(follow, op?.responses),
        security: hasOwnSecurity ? op.security : rootSecurity,
        securitySource: hasOwnSecurity ? 'operation' : rootSecurity === undefined ? 'none' : 'root',
      }
      operations.push(indexed)
      if (!byMethod.has(method)) byMethod.set(method, indexed)
    }
    for (const methodKey of FIXED_METHODS) {
      if (item[methodKey] !== undefined) {
        add(methodKey, methodKey.toUpperCase(), item[methodKey], `${itemPointer}/${methodKey}`, false)
      }
    }
    const additional = item.additionalOperations
    if (this.#version === '3.2' && isObject(additional)) {
      for (const methodKey of Object.keys(additional)) {
        add(
          methodKey,
          methodKey,
          additional[methodKey] as JsonValue,
          `${itemPointer}/additionalOperations/${escapePointerToken(methodKey)}`,
          true,
        )
      }
    }
    return byMethod
  }
}

/**
 * The parameters that apply to an operation: the path item's, then the operation's, each followed through
 * `follow`; an operation parameter replaces the path item's of the same `in` and `name` (header names compare
 * case-insensitively), as the OpenAPI Specification's Operation Object says.
 */
export function mergeParameters(
  follow: (node: JsonValue | undefined) => JsonValue,
  itemParameters: readonly JsonValue[],
  opParameters: readonly JsonValue[],
): JsonValue[] {
  const merged = new Map<string, JsonValue>()
  let anonymous = 0
  for (const raw of [...itemParameters, ...opParameters]) {
    const parameter = follow(raw)
    const key =
      isObject(parameter) && typeof parameter.in === 'string' && typeof parameter.name === 'string'
        ? `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`
        : `malformed:${anonymous++}`
    merged.delete(key)
    merged.set(key, parameter)
  }
  return [...merged.values()]
}

function followResponses(follow: Follow, responses: JsonValue | undefined): JsonValue | undefined {
  if (!isObject(responses)) return responses
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(responses)) {
    const response = follow(value)
    out[key] =
      isObject(response) && isObject(response.headers)
        ? { ...response, headers: followAll(follow, response.headers) }
        : response
  }
  return out
}

function followAll(follow: Follow, map: JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(map)) out[key] = follow(value)
  return out
}

type Follow = (node: JsonValue | undefined) => JsonValue

const MAX_HOPS = 64

/** `follow` with a per-document cache: large specs point at the same few components thousands of times. */
function cachedFollow(document: JsonObject): Follow {
  const targets = new Map<string, JsonValue | undefined>()
  return (node) => {
    let current = node
    for (let hops = 0; hops < MAX_HOPS && isObject(current) && typeof current.$ref === 'string'; hops++) {
      const ref = current.$ref
      let target = targets.get(ref)
      if (target === undefined && !targets.has(ref)) {
        target = resolvePointer(document, ref)
        targets.set(ref, target)
      }
      if (target === undefined) break
      current = target
    }
    return current ?? null
  }
}
