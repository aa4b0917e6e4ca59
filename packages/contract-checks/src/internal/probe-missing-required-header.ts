import { isExplorerMethod } from '@contracttool/explorer/internal'
import { isObject, RESERVED_HEADERS } from '@contracttool/kernel'
import { ContractCheck } from '../contract-check.js'
import type { StatusExpectation } from '../status-expectation.js'
import { unsupportedMethodReason } from './explorer-errors.js'
import type { ProbeRunner, SelectedOperation } from './probe-runner.js'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * missing_required_header (README, "The checks"): a 2xx control request with the unmutated valid case, then
 * one probe per `required: true` header parameter omitting exactly that header.
 */
export async function probeMissingRequiredHeader(
  runner: ProbeRunner,
  path: string,
  derivedSeed: number,
  selected: readonly SelectedOperation[],
  expected: StatusExpectation,
  isolated: boolean,
): Promise<void> {
  const check = ContractCheck.MissingRequiredHeader
  for (const operation of selected) {
    const { indexed } = operation
    const method = indexed.method
    if (indexed.isAdditional || !isExplorerMethod(method)) {
      runner.skip(check, path, method, unsupportedMethodReason())
      continue
    }
    const names = indexed.parameters.flatMap((parameter) =>
      isObject(parameter) &&
      parameter.in === 'header' &&
      parameter.required === true &&
      typeof parameter.name === 'string' &&
      !RESERVED_HEADERS.has(parameter.name.toLowerCase())
        ? [parameter.name]
        : [],
    )
    if (names.length === 0) {
      runner.skip(
        check,
        path,
        method,
        'Operation declares no required in:header parameter; there is nothing to omit.',
      )
      continue
    }
    if (STATE_CHANGING.has(method) && !isolated) {
      runner.skip(
        check,
        path,
        method,
        `${method} changes state, and each probe is a separate dispatch: the control request may create or change what the omission probes then hit, so their statuses would not prove anything. ` +
          `Register the dispatcher with dispatchIsolatedUsing() once every dispatch really is isolated, or excludeMethods(['${method}']).`,
      )
      continue
    }
    const request = runner.validRequest(check, path, operation, derivedSeed)
    if (request === undefined) continue
    const { valid, context } = request
    const control = await runner.dispatch(
      { ...context, mutation: 'control: unmutated valid request' },
      valid,
      {
        authenticate: true,
      },
    )
    if (control.status < 200 || control.status > 299) {
      runner.skip(
        check,
        path,
        method,
        `The unmutated valid request answered ${control.status} rather than a 2xx, so an omission probe could not show that the missing header is what the API rejects. ` +
          'Make the control request succeed (setUpUsing(), authenticateUsing()) or exclude the operation.',
      )
      continue
    }
    for (const name of names) {
      const key = Object.keys(valid.headers).find((header) => header.toLowerCase() === name.toLowerCase())
      if (key === undefined) {
        runner.skip(
          check,
          path,
          method,
          `No value was generated for the required header '${name}', so there is nothing to omit.`,
        )
        continue
      }
      const headers = Object.fromEntries(Object.entries(valid.headers).filter(([header]) => header !== key))
      await runner.probe(
        { ...context, mutation: `omitted required header '${name}'` },
        valid.withHeaders(headers),
        expected,
        {
          authenticate: true,
        },
      )
    }
  }
}
