import { loadConfigFile, resolveConfigFile } from '@contracttool/harness'
import type { ConfiguredOptions } from '@contracttool/harness/internal'

/** The project's `contracttool.config.*`, checked by the harness as every runner checks it. */
export interface ProjectConfig {
  /** `contracttool.config.json`, … */
  readonly source: string
  readonly options: ConfiguredOptions
  /** `specBasePath (contracttool.config.json)`. */
  label(key: string): string
}

/**
 * Reads `contracttool.config.*` from `cwd` (the project root), if there is one, through the harness: a file
 * that cannot be read, or any key with a wrong type or an unknown value, throws its `ContractRunError` with the
 * wording every runner gives, which a command reports with exit code 2.
 */
export async function loadProjectConfig(
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ProjectConfig | undefined> {
  const file = await loadConfigFile(cwd)
  if (file === undefined) return undefined
  const options = resolveConfigFile(file, cwd, env, 'contracttool')
  return {
    source: file.source,
    options,
    label: (key) => `${key} (${file.source})`,
  }
}
