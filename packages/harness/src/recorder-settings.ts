import type {
  StrictAdditionalPropertiesPerCallMode,
  StrictRequiredPerCallMode,
} from './contract-run-options.js'
import type { ResolvedOptions } from './resolve-options.js'

/** What a recorder records besides coverage, and the per-call checks it runs. */
export interface RecorderSettings {
  /** Record strict-required observations (the run-level gate reads them, or a sidecar carries them on). */
  readonly observeStrictRequired: boolean
  readonly observeStrictAdditionalProperties: boolean
  readonly strictRequiredPerCall: StrictRequiredPerCallMode
  readonly strictAdditionalPropertiesPerCall: StrictAdditionalPropertiesPerCallMode
}

/**
 * What a recorder of this run must observe: strict-required observations only when the end of the run reads
 * them, that is when its gate is on or a sidecar carries them to a later merge.
 */
export function recorderSettings(options: ResolvedOptions, writesSidecar: boolean): RecorderSettings {
  return {
    observeStrictRequired: writesSidecar || options.strictRequired !== 'off',
    observeStrictAdditionalProperties: writesSidecar || options.strictAdditionalProperties !== 'off',
    strictRequiredPerCall: options.strictRequiredPerCall,
    strictAdditionalPropertiesPerCall: options.strictAdditionalPropertiesPerCall,
  }
}
