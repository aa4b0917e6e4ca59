import { createHash } from 'node:crypto'
import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { resolvePointer } from '@contracttool/spec-loader'

type Visit = readonly [hash: string, reachesAbove: number]

function digest(text: string): string {
  return createHash('sha1').update(text).digest('base64url')
}

function isContainer(value: unknown): value is JsonObject | JsonValue[] {
  return typeof value === 'object' && value !== null
}

// Content fingerprints of document nodes, with every local `$ref` replaced by what it points to, so moving a
// schema into `components` (or renaming it) changes nothing while editing its content does.
//
// Each node hashes to a digest of its children's digests (object keys sorted, array order kept), so a `$ref`
// and an inline copy of its target hash alike. A `$ref` back into a node still being hashed (a recursive
// schema) becomes `@cycle:<distance>`, which is independent of where the cycle is entered from. Subtrees that
// reach no ancestor are cached per target object, which keeps large shared component graphs linear.
export class Fingerprinter {
  readonly #document: JsonObject
  readonly #cache = new WeakMap<object, string>()
  readonly #stack: object[] = []

  constructor(document: JsonObject) {
    this.#document = document
  }

  hash(node: JsonValue | undefined): string {
    return this.#visit(node ?? null)[0]
  }

  #visit(node: JsonValue): Visit {
    if (!isContainer(node)) return [JSON.stringify(node), Number.POSITIVE_INFINITY]
    if (Array.isArray(node)) {
      let min = Number.POSITIVE_INFINITY
      const parts = node.map((child) => {
        const [hash, reach] = this.#visit(child)
        min = Math.min(min, reach)
        return hash
      })
      return [digest(`[${parts.join(',')}]`), min]
    }
    const ref = node.$ref
    if (typeof ref === 'string' && ref.startsWith('#')) {
      const target = resolvePointer(this.#document, ref)
      if (isContainer(target)) {
        const followed = this.#visitTarget(target)
        const siblings = Object.keys(node).filter((key) => key !== '$ref')
        if (siblings.length === 0) return followed
        // 3.1 schemas may put keywords beside `$ref`: both the target and the siblings are content.
        const [hash, reach] = this.#visitObject(node, siblings)
        return [digest(`{"\u0000ref":${followed[0]},"\u0000siblings":${hash}}`), Math.min(reach, followed[1])]
      }
    }
    return this.#visitObject(node, Object.keys(node))
  }

  #visitObject(node: JsonObject, keys: readonly string[]): Visit {
    let min = Number.POSITIVE_INFINITY
    const parts = [...keys].sort().map((key) => {
      const [hash, reach] = this.#visit(node[key] ?? null)
      min = Math.min(min, reach)
      return `${JSON.stringify(key)}:${hash}`
    })
    return [digest(`{${parts.join(',')}}`), min]
  }

  #visitTarget(target: object): Visit {
    const index = this.#stack.indexOf(target)
    if (index !== -1) return [`@cycle:${this.#stack.length - index}`, index]
    const cached = this.#cache.get(target)
    if (cached !== undefined) return [cached, Number.POSITIVE_INFINITY]
    const depth = this.#stack.length
    this.#stack.push(target)
    const [hash, reach] = this.#visit(target as JsonValue)
    this.#stack.pop()
    if (reach >= depth) {
      this.#cache.set(target, hash)
      return [hash, Number.POSITIVE_INFINITY]
    }
    return [hash, reach]
  }
}
