import type { JsonObject } from '@contracttool/kernel'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { getOrCreateWeak } from './get-or-create.js'
import { resolveResponseSchema, resolveSequenceView } from './resolve-response-schema.js'
import { type SequenceView, sequenceItemsOf } from './sequence-view.js'

/** Where a response is documented: the path template, tracked method, status key and media-type key. */
export interface ResponseAt {
  readonly method: string
  readonly path: string
  readonly statusKey: string
  readonly contentType: string
}

/**
 * A policy's analysis of each documented response schema, built on first use and kept per (spec, method,
 * path, status key, content type); undefined, also remembered, when the schema cannot be resolved.
 */
export class SchemaAnalyses<Analysis> {
  readonly #analyse: (spec: LoadedSpec, schema: JsonObject) => Analysis
  readonly #bySpec = new WeakMap<LoadedSpec, Map<string, Analysis | undefined>>()
  readonly #sequences = new WeakMap<LoadedSpec, Map<string, SequenceView | undefined>>()

  constructor(analyse: (spec: LoadedSpec, schema: JsonObject) => Analysis) {
    this.#analyse = analyse
  }

  of(spec: LoadedSpec, { method, path, statusKey, contentType }: ResponseAt): Analysis | undefined {
    const analyses = getOrCreateWeak(this.#bySpec, spec, () => new Map<string, Analysis | undefined>())
    const key = `${method} ${path}\u0000${statusKey}\u0000${contentType}`
    if (!analyses.has(key)) {
      const schema = resolveResponseSchema(spec, method, path, statusKey, contentType)
      analyses.set(key, schema === undefined ? undefined : this.#analyse(spec, schema))
    }
    return analyses.get(key)
  }

  /** The body as the analysis reads it: a sequential body (the text of its items) becomes their array. */
  bodyOf(spec: LoadedSpec, { method, path, statusKey, contentType }: ResponseAt, body: unknown): unknown {
    if (typeof body === 'object' && body !== null && !Array.isArray(body) && !(body instanceof Uint8Array))
      return body
    const views = getOrCreateWeak(this.#sequences, spec, () => new Map<string, SequenceView | undefined>())
    const key = `${method} ${path}\u0000${statusKey}\u0000${contentType}`
    if (!views.has(key)) views.set(key, resolveSequenceView(spec, method, path, statusKey, contentType))
    const view = views.get(key)
    return view === undefined ? body : sequenceItemsOf(view, body)
  }
}
