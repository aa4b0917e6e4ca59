import { type LoadedSpec, loadSpec, escapeControlCharacters as safe } from '@contracttool/spec-loader'
import { ContractRunError, HarnessErrorCode } from './errors.js'
import type { ResolvedOptions } from './resolve-options.js'

/**
 * Loads one spec the options list, failing the run's start with a `FATAL` line naming the spec, the loader's
 * error and what to do (`CONTRACTTOOL_HARNESS_SPEC_LOAD_FAILED`).
 *
 * @example
 * const spec = await loadRunSpec('petstore', options)
 */
export async function loadRunSpec(
  name: string,
  options: Pick<ResolvedOptions, 'specBasePath'>,
): Promise<LoadedSpec> {
  try {
    return await loadSpec(name, { basePath: options.specBasePath })
  } catch (error) {
    throw new ContractRunError(
      HarnessErrorCode.SpecLoadFailed,
      `FATAL: [contracttool] spec '${safe(name)}' configured in specs is not loadable: ${safe((error as Error).message)}\n` +
        `  Action: fix or add the file under ${safe(options.specBasePath)}, or remove '${safe(name)}' from specs.`,
      { specName: name, cause: error },
    )
  }
}
