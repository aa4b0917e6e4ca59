import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { unescapePointerToken } from '@contracttool/kernel/internal'
import { buildSpec, dialectFromUri, type LoadedSpec, resolvePointer } from '@contracttool/spec-loader'
import { pointerOf } from './issue-sink.js'

/** A local `$ref` with nothing at its pointer, and where it is written. */
export interface UnresolvedRef {
  readonly ref: string
  readonly pointer: string
}

// Keywords whose values are data, not OpenAPI or schema objects: a `$ref` inside them is a value.
const DATA_KEYWORDS = new Set(['example', 'default', 'enum', 'const'])
// Maps whose keys are names chosen by the author (a property may be called `example`).
const NAME_MAPS = new Set(['properties', 'patternProperties'])

/**
 * Every local `$ref` (`#/…`) of a document as written that points at nothing, at each place it is
 * used, in document order. A linter lists them all at once; the loader stops at the first.
 */
export function findUnresolvedRefs(document: JsonObject): UnresolvedRef[] {
  const found: UnresolvedRef[] = []
  const walk = (node: JsonValue, tokens: string[], parentKey: string | undefined): void => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, [...tokens, String(index)], undefined)
      return
    }
    if (!isObject(node)) return
    const ref = node.$ref
    if (typeof ref === 'string' && ref.startsWith('#/') && resolvePointer(document, ref) === undefined) {
      found.push({ ref, pointer: pointerOf(...tokens) })
    }
    const isNameMap = parentKey !== undefined && NAME_MAPS.has(parentKey)
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' || (!isNameMap && DATA_KEYWORDS.has(key))) continue
      walk(value, [...tokens, key], key)
    }
  }
  walk(document, [], undefined)
  return found
}

/**
 * The document indexed as the loader would index it, with each unresolved reference replaced by an
 * empty object, so the structural checks can run on everything else. Undefined when the document does
 * not declare an OpenAPI 3.0, 3.1 or 3.2 version (the loader's version error says what is wrong).
 */
export function indexWithoutUnresolved(
  document: JsonObject,
  name: string,
  unresolved: readonly UnresolvedRef[],
): LoadedSpec | undefined {
  const openapi = document.openapi
  const family = typeof openapi === 'string' ? /^3\.([012])\.\d+$/.exec(openapi)?.[1] : undefined
  if (family === undefined) return undefined
  const version = `3.${family}` as '3.0' | '3.1' | '3.2'
  const patched = structuredClone(document)
  for (const { pointer } of unresolved) {
    const tokens = pointer.split('/').slice(1)
    const last = tokens.pop()
    const parent = tokens.length === 0 ? patched : resolvePointer(patched, `#/${tokens.join('/')}`)
    if (last === undefined || (!isObject(parent) && !Array.isArray(parent))) continue
    const key = unescapePointerToken(last)
    ;(parent as Record<string, JsonValue>)[key] = {}
  }
  const dialect =
    version === '3.0'
      ? 'draft-07'
      : ((typeof patched.jsonSchemaDialect === 'string'
          ? dialectFromUri(patched.jsonSchemaDialect)
          : undefined) ?? '2020-12')
  return buildSpec(patched, { name, version, openapi: openapi as string, defaultDialect: dialect })
}
