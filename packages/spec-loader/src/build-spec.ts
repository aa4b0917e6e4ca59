import { resolvePointer } from './resolve-pointer.js'
import {
  FIXED_METHODS,
  type IndexedOperation,
  type JsonObject,
  type JsonValue,
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
 */
export function buildSpec(document: JsonObject, options: BuildSpecOptions): LoadedSpec {
  const operations: IndexedOperation[] = []
  const operationsByPath = new Map<string, Map<string, IndexedOperation>>()
  const paths = isObject(document.paths) ? Object.keys(document.paths) : []
  const rootSecurity = document.security
  for (const path of paths) {
    const rawItem = (document.paths as JsonObject)[path]
    const item = follow(document, rawItem)
    const byMethod = new Map<string, IndexedOperation>()
    operationsByPath.set(path, byMethod)
    if (!isObject(item)) continue
    const itemPointer = `#/paths/${escapePointerToken(path)}`
    const itemParameters = Array.isArray(item.parameters) ? item.parameters : []
    const add = (methodKey: string, method: string, rawOperation: JsonValue, pointer: string, isAdditional: boolean) => {
      const operation = follow(document, rawOperation)
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
        parameters: mergeParameters(document, itemParameters, Array.isArray(op?.parameters) ? op.parameters : []),
        requestBody: op?.requestBody === undefined ? undefined : follow(document, op.requestBody),
        responses: followResponses(document, op?.responses),
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
    if (options.version === '3.2' && isObject(additional)) {
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
  }
  return {
    name: options.name,
    version: options.version,
    openapi: options.openapi,
    sourcePath: options.sourcePath,
    document,
    defaultDialect: options.defaultDialect,
    operations,
    operationsByPath,
    paths,
    warnings: options.warnings ?? [],
  }
}

function mergeParameters(document: JsonObject, itemParameters: JsonValue[], opParameters: JsonValue[]): JsonValue[] {
  const merged = new Map<string, JsonValue>()
  let anonymous = 0
  for (const raw of [...itemParameters, ...opParameters]) {
    const parameter = follow(document, raw)
    const key =
      isObject(parameter) && typeof parameter.in === 'string' && typeof parameter.name === 'string'
        ? `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`
        : `malformed:${anonymous++}`
    merged.delete(key)
    merged.set(key, parameter)
  }
  return [...merged.values()]
}

function followResponses(document: JsonObject, responses: JsonValue | undefined): JsonValue | undefined {
  if (!isObject(responses)) return responses
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(responses)) {
    const response = follow(document, value)
    out[key] = isObject(response) && isObject(response.headers) ? { ...response, headers: followAll(document, response.headers) } : response
  }
  return out
}

function followAll(document: JsonObject, map: JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(map)) out[key] = follow(document, value)
  return out
}

/** Follows a chain of local `$ref`s (bounded; a chain that never ends returns the last node). */
export function follow(document: JsonObject, node: JsonValue | undefined): JsonValue {
  let current: JsonValue | undefined = node
  for (let hops = 0; hops < 64 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const target = resolvePointer(document, current.$ref)
    if (target === undefined) break
    current = target
  }
  return current ?? null
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Escapes one JSON Pointer token (RFC 6901). */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1')
}
