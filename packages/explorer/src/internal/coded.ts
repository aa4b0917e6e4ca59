import { ContractToolError } from '@contracttool/kernel'
import { ExplorerErrorCode } from '../explorer-error-code.js'
import { UngeneratableError } from './schema-env.js'

/** Runs `body`, turning an internal "cannot generate" into the documented coded error. */
export function withCodedErrors<T>(specName: string, body: () => T): T {
  try {
    return body()
  } catch (error) {
    if (error instanceof UngeneratableError) {
      throw new ContractToolError(ExplorerErrorCode.Ungeneratable, error.message, { specName, cause: error })
    }
    throw error
  }
}
