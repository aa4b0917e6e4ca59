import type {
  StrictAdditionalPropertiesPerCallMode,
  StrictRequiredPerCallMode,
} from '../contract-testing-options.js'
import type { ResolvedOptions } from './resolve-options.js'

/** Key under which the plugin provides the worker configuration (`project.provide` / `inject`). */
export const PROVIDE_KEY = 'contracttool'

/** What a worker needs to validate: derived from the resolved options, JSON-safe (it crosses processes). */
export interface WorkerConfig {
  readonly version: 1
  readonly specBasePath: string
  readonly specs: readonly string[]
  readonly defaultSpec: string | null
  readonly stripPrefixes: readonly string[]
  readonly skipResponseCodes: readonly string[]
  readonly skipRequestValidationResponseCodes: readonly string[]
  readonly maxErrors: number | null
  readonly validateRequest: boolean
  readonly strictRequiredPerCall: StrictRequiredPerCallMode
  readonly strictAdditionalPropertiesPerCall: StrictAdditionalPropertiesPerCallMode
}

export function toWorkerConfig(options: ResolvedOptions): WorkerConfig {
  return {
    version: 1,
    specBasePath: options.specBasePath,
    specs: options.specs,
    defaultSpec: options.defaultSpec,
    stripPrefixes: options.stripPrefixes,
    skipResponseCodes: options.skipResponseCodes,
    skipRequestValidationResponseCodes: options.skipRequestValidationResponseCodes,
    maxErrors: options.maxErrors ?? null,
    validateRequest: options.validateRequest,
    strictRequiredPerCall: options.strictRequiredPerCall,
    strictAdditionalPropertiesPerCall: options.strictAdditionalPropertiesPerCall,
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    contracttool: WorkerConfig
  }
}
