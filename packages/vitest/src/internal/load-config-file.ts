import {
  type ConfigFile,
  isContractToolError,
  readConfigFile,
  SpecErrorCode,
} from '@contracttool/spec-loader'
import { ContractTestingError, VitestErrorCode } from '../errors.js'

/**
 * Reads the optional `contracttool.config.*` shared with the CLI (spec-loader's `readConfigFile`). Modules go
 * through `importModule` (Vitest's module runner, so TypeScript works without a build step) and must
 * `export default` an object.
 */
export async function loadConfigFile(
  root: string,
  importModule: (path: string) => Promise<unknown>,
): Promise<ConfigFile | undefined> {
  try {
    return await readConfigFile(root, { importModule })
  } catch (error) {
    if (!isContractToolError(error) || error.code !== SpecErrorCode.ConfigFileInvalid) throw error
    throw new ContractTestingError(
      VitestErrorCode.ConfigFileInvalid,
      `FATAL: [contracttool] ${error.message} Fix the file or remove it; contractTesting() options can carry the same keys.`,
      { file: error.file, cause: error.cause },
    )
  }
}
