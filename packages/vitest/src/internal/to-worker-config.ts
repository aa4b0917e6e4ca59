import { formatsAsData } from '@contracttool/harness'
import {
  type ResolvedOptions,
  recorderSettings,
  type SpecCacheEntry,
  type WorkerBundleEntry,
} from '@contracttool/harness/internal'
import type { WorkerConfig } from './worker-config.js'

// Apart from worker-config.ts, which test files load: this runs in the main process only, and the harness
// entry it imports must not reach the worker code.

/** What the worker configuration needs besides the options. */
export interface WorkerRun {
  readonly specCache: Readonly<Record<string, SpecCacheEntry>>
  readonly workerCode: WorkerBundleEntry | undefined
  /** `--shard` is set: the run ends with a sidecar. */
  readonly sharded: boolean
}

/** The worker configuration of a project: what its test files read through `inject`. */
export function toWorkerConfig(options: ResolvedOptions, run: WorkerRun): WorkerConfig {
  return {
    ...recorderSettings(options, run.sharded || options.sidecarDir !== undefined),
    version: 1,
    specBasePath: options.specBasePath,
    specs: options.specs,
    defaultSpec: options.defaultSpec,
    stripPrefixes: options.stripPrefixes,
    skipResponseCodes: options.skipResponseCodes,
    skipRequestValidationResponseCodes: options.skipRequestValidationResponseCodes,
    maxErrors: options.maxErrors ?? null,
    validateRequest: options.validateRequest,
    formats: formatsAsData(options.formats, 'Vitest'),
    formatsModule: options.formatsModule ?? null,
    specCache: run.specCache,
    workerCode: run.workerCode ?? null,
  }
}
