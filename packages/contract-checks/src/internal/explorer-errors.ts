import { ExplorerErrorCode } from '@contracttool/explorer'
import { EXPLORER_METHODS } from '@contracttool/explorer/internal'
import { type ContractToolError, isContractToolError } from '@contracttool/kernel'

/** True for the explorer's "this input cannot be generated" error, which checks turn into skips. */
export function isUngeneratable(error: unknown): error is ContractToolError {
  return isContractToolError(error) && error.code === ExplorerErrorCode.Ungeneratable
}

export function unsupportedMethodReason(): string {
  return `HTTP method is not supported by the explorer. Supported: ${EXPLORER_METHODS.join(', ')}.`
}
