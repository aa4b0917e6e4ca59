import { isContractToolError } from '@contracttool/kernel'
import { type ConfigFile, readConfigFile, SpecErrorCode } from '@contracttool/spec-loader'
import { ContractRunError, HarnessErrorCode } from './errors.js'

/**
 * Reads the optional `contracttool.config.*` of the project root, the file every runner and the CLI share
 * (spec-loader's `readConfigFile`). Modules go through `importModule` when given (a runner's module loader,
 * so TypeScript works without a build step; Node's `import()` otherwise) and must `export default` an object.
 *
 * @example
 * const file = await loadConfigFile(process.cwd())
 */
export async function loadConfigFile(
  root: string,
  importModule?: (path: string) => Promise<unknown>,
): Promise<ConfigFile | undefined> {
  try {
    return await readConfigFile(root, importModule === undefined ? {} : { importModule })
  } catch (error) {
    if (!isContractToolError(error) || error.code !== SpecErrorCode.ConfigFileInvalid) throw error
    throw new ContractRunError(
      HarnessErrorCode.ConfigFileInvalid,
      `FATAL: [contracttool] ${error.message} Fix the file or remove it; the runner's own options can carry the same keys.`,
      { file: error.file, cause: error.cause },
    )
  }
}
