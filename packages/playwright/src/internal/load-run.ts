import { dirname } from 'node:path'
import { loadConfigFile, loadRunSpec, resolveOptions } from '@contracttool/harness'
import type { ContractRunOptions } from '@contracttool/harness/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
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

/** The run's options (with `contracttool.config.*`) and its specs, loaded. */
export async function loadRun(options: ContractRunOptions | undefined, root: string) {
  const resolved = resolveOptions(options, await loadConfigFile(root), root, process.env, CALLER)
  const specs = new Map<string, LoadedSpec>()
  for (const name of resolved.specs) specs.set(name, await loadRunSpec(name, resolved))
  return { options: resolved, specs }
}
