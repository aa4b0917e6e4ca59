import type { RecorderSettings, SpecCacheEntry, WorkerBundleEntry } from '@contracttool/harness/internal'

/** Key under which the plugin provides the worker configuration (`project.provide` / `inject`). */
export const PROVIDE_KEY = 'contracttool'

/** Task meta key of the envelope a test file hands to the main process (the harness's `RunEnvelope`). */
export const ENVELOPE_META_KEY = 'contracttool'

/**
 * What a worker needs to validate: derived from the resolved options, JSON-safe (it crosses processes). The
 * recorder's settings are the harness's (`recorderSettings`).
 */
export interface WorkerConfig extends RecorderSettings {
  readonly version: 1
  readonly specBasePath: string
  readonly specs: readonly string[]
  readonly defaultSpec: string | null
  readonly stripPrefixes: readonly string[]
  readonly skipResponseCodes: readonly string[]
  readonly skipRequestValidationResponseCodes: readonly string[]
  readonly maxErrors: number | null
  readonly validateRequest: boolean
  /** The `formats` option, each RegExp as `{ source, flags }` (`formatsAsData()` of the harness). */
  readonly formats?: Readonly<Record<string, { readonly source: string; readonly flags: string }>>
  /** The module holding more checkers (`formats: './test/formats.ts'`), absolute; imported in the worker. */
  readonly formatsModule?: string | null
  /** Spec name → where the main process left the spec it loaded (see `writeSpecCache`). */
  readonly specCache: Readonly<Record<string, SpecCacheEntry>>
  /** The built worker bundle and its caches (`prepareWorkerBundle()`); null when run from sources. */
  readonly workerCode: WorkerBundleEntry | null
}

declare module 'vitest' {
  export interface ProvidedContext {
    contracttool: WorkerConfig
  }
}
