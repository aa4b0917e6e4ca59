import type { CheckContext } from '@contracttool/exchange/internal'
import {
  type CheckOutcome,
  checkRequest,
  checkResponse,
  describeViolations,
  detachedContext,
  diffValues,
} from '@contracttool/harness/checks'
import { bindingError, ContractAssertionError } from '@contracttool/harness/internal'
import { MOCHA_WORDS } from './mocha-words.js'
import { processState } from './process-state.js'

/** Outside a registered process a check must be handed a loaded spec. */
const DETACHED: CheckContext = detachedContext((spec, checkName) =>
  bindingError(MOCHA_WORDS, { kind: 'check-unregistered', checkName, spec }),
)

/** Runs one check and throws a `ContractAssertionError` (Mocha draws its diff) with the matchers' message. */
export function assertCheck(
  kind: 'response' | 'request',
  received: unknown,
  options: unknown,
  name: string,
): void {
  const state = processState()
  if (state.setUpError !== undefined) throw state.setUpError
  const context = state.context ?? DETACHED
  const outcome: CheckOutcome =
    kind === 'response'
      ? checkResponse(received, options, name, context, undefined)
      : checkRequest(received, options, name, context, undefined)
  if (!outcome.failed) return
  throw new ContractAssertionError(describeViolations(outcome), {
    ...diffValues(outcome),
    result: outcome.response,
    requestResult: outcome.request,
  })
}
