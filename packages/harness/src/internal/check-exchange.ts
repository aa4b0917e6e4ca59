import type { CheckContext, RunRuntime } from '@contracttool/exchange/internal'
import { DEFAULT_SKIP_REQUEST_CODES, DEFAULT_SKIP_RESPONSE_CODES } from '@contracttool/kernel'
import { describeArgument } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { Exchange } from '@contracttool/validator'
import { type ValidationResult, validateRequest, validateResponse } from '@contracttool/validator'
import { ContractRunError, HarnessErrorCode } from '../errors.js'
import { readExchange } from './read-exchange.js'

/** Per-call options of the matchers and assertion functions. */
export interface OpenApiCheckOptions {
  /** Spec name (one of the run's `specs`) or a spec loaded with `loadSpec()`; wins over any binding. */
  readonly spec?: string | LoadedSpec
  /** Extra status patterns skipped for this call, added to the configured ones (`404`, `'4\\d\\d'`). */
  readonly skipResponseCodes?: readonly (string | number)[]
  /** Also validate the request this response answers (default: the run's `validateRequest`). */
  readonly validateRequest?: boolean
}

/** The results of one check and the exchange they came from. */
export interface CheckOutcome {
  readonly exchange: Exchange
  readonly specName: string
  readonly response: ValidationResult | undefined
  readonly request: ValidationResult | undefined
  readonly failed: boolean
}

/**
 * `context` for checking what a mock answered (an MSW handler, a service worker): each checked response is
 * recorded as mock coverage of `runtime` (never the API's coverage: the mock is not the API), and no request
 * is recorded (the API never saw it).
 */
export function mockCheckContext(
  context: Omit<CheckContext, 'recordCheckedResponse' | 'recordRequest'>,
  runtime: RunRuntime | undefined,
): CheckContext {
  return {
    resolveSpec: (explicit, task, checkName) => context.resolveSpec(explicit, task, checkName),
    responseOptions: (extra) => context.responseOptions(extra),
    requestOptions: (status) => context.requestOptions(status),
    validateRequest: context.validateRequest,
    recordCheckedResponse: (_spec, result) => runtime?.recordMockResponse?.(result),
    recordRequest: () => undefined,
  }
}

const OPTION_KEYS = ['spec', 'skipResponseCodes', 'validateRequest']

/**
 * The context of a check made outside any run: default options, nothing recorded, and `unbound(name)` thrown
 * when the check names a spec instead of passing a loaded one.
 */
export function detachedContext(
  unbound: (specName: string | undefined, checkName: string) => Error,
): CheckContext {
  return {
    resolveSpec: (explicit, _task, checkName) => {
      throw unbound(explicit, checkName)
    },
    responseOptions: (extra) =>
      extra.length === 0 ? {} : { skipResponseCodes: [...DEFAULT_SKIP_RESPONSE_CODES, ...extra] },
    requestOptions: (status) => ({
      skipRequestValidationResponseCodes: DEFAULT_SKIP_REQUEST_CODES,
      ...(status === undefined ? {} : { responseStatus: status }),
    }),
    validateRequest: false,
    recordCheckedResponse: () => undefined,
    recordRequest: () => undefined,
  }
}

/** Validates the response a test holds (and its request when asked), and records both for coverage. */
export function checkResponse(
  received: unknown,
  rawOptions: unknown,
  matcherName: string,
  context: CheckContext,
  task: object | undefined,
): CheckOutcome {
  const options = parseOptions(rawOptions, matcherName)
  const exchange = readExchange(received, matcherName)
  const response = exchange.response
  if (response === undefined) {
    throw new ContractRunError(
      HarnessErrorCode.NotAResponse,
      `${matcherName}() received an exchange without a response (${exchange.request.method} ${exchange.request.path}). ` +
        'Add response: { status, headers, body }, or use toMatchOpenApiRequest() to check the request alone.',
    )
  }
  const spec = resolveSpec(options.spec, context, task, matcherName)
  const extraSkips = (options.skipResponseCodes ?? []).map(String)
  const responseResult = validateResponse(
    spec,
    { ...response, method: exchange.request.method, path: exchange.request.path },
    context.responseOptions(extraSkips),
  )
  context.recordCheckedResponse(spec, responseResult, response.body, exchange.request.path)
  const withRequest = options.validateRequest ?? context.validateRequest
  const requestResult = withRequest ? runRequestValidation(spec, exchange, context) : undefined
  return {
    exchange,
    specName: spec.name,
    response: responseResult,
    request: requestResult,
    failed: responseResult.outcome === 'failure' || requestResult?.outcome === 'failure',
  }
}

/** Validates the request side of what a test holds and records it for coverage. */
export function checkRequest(
  received: unknown,
  rawOptions: unknown,
  matcherName: string,
  context: CheckContext,
  task: object | undefined,
): CheckOutcome {
  const options = parseOptions(rawOptions, matcherName)
  const exchange = readExchange(received, matcherName)
  const spec = resolveSpec(options.spec, context, task, matcherName)
  const requestResult = runRequestValidation(spec, exchange, context)
  return {
    exchange,
    specName: spec.name,
    response: undefined,
    request: requestResult,
    failed: requestResult.outcome === 'failure',
  }
}

function runRequestValidation(spec: LoadedSpec, exchange: Exchange, context: CheckContext): ValidationResult {
  const result = validateRequest(spec, exchange.request, context.requestOptions(exchange.response?.status))
  context.recordRequest(result)
  return result
}

function resolveSpec(
  spec: string | LoadedSpec | undefined,
  context: CheckContext,
  task: object | undefined,
  checkName: string,
): LoadedSpec {
  return typeof spec === 'object' ? spec : context.resolveSpec(spec, task, checkName)
}

function parseOptions(raw: unknown, matcherName: string): OpenApiCheckOptions {
  if (raw === undefined) return {}
  const invalid = (detail: string) =>
    new ContractRunError(HarnessErrorCode.InvalidCheckOption, `${matcherName}() options: ${detail}`)
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalid(`expected an object such as { spec: 'petstore' }, got ${describeArgument(raw)}.`)
  }
  const options = raw as Record<string, unknown>
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key))
      throw invalid(`unknown option '${key}'. Known options: ${OPTION_KEYS.join(', ')}.`)
  }
  const { spec, skipResponseCodes, validateRequest: withRequest } = options
  if (spec !== undefined && !(typeof spec === 'string' && spec !== '') && !isLoadedSpec(spec)) {
    throw invalid(`spec must be a spec name or a spec returned by loadSpec(), got ${describeArgument(spec)}.`)
  }
  if (
    skipResponseCodes !== undefined &&
    (!Array.isArray(skipResponseCodes) ||
      skipResponseCodes.some(
        (code) =>
          !(typeof code === 'number' && Number.isInteger(code)) && !(typeof code === 'string' && code !== ''),
      ))
  ) {
    throw invalid(
      `skipResponseCodes must be an array of statuses or patterns (404, '4\\\\d\\\\d'), got ${describeArgument(skipResponseCodes)}.`,
    )
  }
  if (withRequest !== undefined && typeof withRequest !== 'boolean') {
    throw invalid(`validateRequest must be true or false, got ${describeArgument(withRequest)}.`)
  }
  return options as OpenApiCheckOptions
}

function isLoadedSpec(value: unknown): value is LoadedSpec {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<LoadedSpec>
  return (
    typeof candidate.name === 'string' &&
    typeof candidate.document === 'object' &&
    Array.isArray(candidate.operations)
  )
}
