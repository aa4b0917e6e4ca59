import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { follow } from './follow.js'

const MAX_DEPTH = 8

/**
 * The schema of the `data` field of a server-sent event, read from an `itemSchema`: its own
 * `properties.data`, or one reached through `$ref` or an `allOf` member, followed to a schema object.
 * `pointer` is where that schema sits (the `$ref` target's pointer when `data` is a reference), starting
 * from `pointer` given for the item schema. Where its `contentMediaType` is JSON, the event's data is a JSON
 * text its `contentSchema` describes.
 *
 * @see https://spec.openapis.org/oas/v3.2.0#special-considerations-for-server-sent-events
 * @example
 * findEventDataSchema(spec.document, media.itemSchema, '#/…/itemSchema')?.node.contentSchema
 */
export function findEventDataSchema(
  document: JsonObject,
  itemSchema: JsonValue | undefined,
  pointer: string,
): { readonly node: JsonObject; readonly pointer: string } | undefined {
  return find(document, itemSchema, pointer, 0)
}

function find(
  document: JsonObject,
  node: JsonValue | undefined,
  pointer: string,
  depth: number,
): { readonly node: JsonObject; readonly pointer: string } | undefined {
  if (!isObject(node) || depth > MAX_DEPTH) return undefined
  const properties = node.properties
  if (isObject(properties) && properties.data !== undefined) {
    const own = properties.data
    const target = follow(document, own)
    if (!isObject(target)) return undefined
    return { node: target, pointer: referencePointer(own) ?? `${pointer}/properties/data` }
  }
  if (typeof node.$ref === 'string') {
    const found = find(document, follow(document, node), referencePointer(node) ?? pointer, depth + 1)
    if (found !== undefined) return found
  }
  if (Array.isArray(node.allOf)) {
    for (let i = 0; i < node.allOf.length; i++) {
      const found = find(document, node.allOf[i], `${pointer}/allOf/${i}`, depth + 1)
      if (found !== undefined) return found
    }
  }
  return undefined
}

function referencePointer(node: JsonValue | undefined): string | undefined {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return undefined
  return node.$ref.slice(1)
}
