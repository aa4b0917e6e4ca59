import { dirname } from 'node:path'
import type { ContractRunOptions } from '@contracttool/harness'
import { prepareConfigFileRun } from '@contracttool/harness'
import { CALLER } from './state.js'

/** The parts of Playwright's `FullConfig` a run reads. */
export interface RunConfig {
  readonly configFile?: string | undefined
  readonly rootDir: string
  readonly shard: { readonly current: number; readonly total: number } | null
}

/** The folder the run's paths and `contracttool.config.*` are relative to: the Playwright config's. */
export function runRoot(config: RunConfig): string {
  return config.configFile === undefined ? process.cwd() : dirname(config.configFile)
}

/** The run's options (with `contracttool.config.*`, and its `formats` module) and its specs, loaded. */
export function loadRun(options: ContractRunOptions | undefined, root: string) {
  return prepareConfigFileRun(root, process.env, { options, caller: CALLER })
}
