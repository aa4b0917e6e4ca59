import type { CheckContext } from '@contracttool/exchange/internal'
import {
  type CheckOutcome,
  checkRequest,
  checkResponse,
  describeViolations,
  detachedContext,
  diffValues,
} from '@contracttool/harness/checks'
import { bindingError } from '@contracttool/harness/internal'
import { OpenApiAssertionError } from '../open-api-assertion-error.js'
import { NODE_TEST_WORDS } from './node-test-words.js'
import { processState } from './process-state.js'

/** Outside a registered process a check must be handed a loaded spec. */
const DETACHED: CheckContext = detachedContext((spec, checkName) =>
  bindingError(NODE_TEST_WORDS, { kind: 'check-unregistered', checkName, spec }),
)

/** The context of the running process's checks: the registered run's, else one that needs a loaded spec. */
function currentContext(): CheckContext {
  const state = processState()
  if (state.setUpError !== undefined) throw state.setUpError
  return state.context ?? DETACHED
}

/** Runs one check and throws an `OpenApiAssertionError` with the Vitest matchers' message when it fails. */
export function assertCheck(
  kind: 'response' | 'request',
  received: unknown,
  options: unknown,
  name: string,
): void {
  const outcome: CheckOutcome =
    kind === 'response'
      ? checkResponse(received, options, name, currentContext(), undefined)
      : checkRequest(received, options, name, currentContext(), undefined)
  if (!outcome.failed) return
  throw new OpenApiAssertionError(describeViolations(outcome), {
    ...diffValues(outcome),
    operator: name,
    result: outcome.response,
    requestResult: outcome.request,
  })
}
