import type { LoadedSpec } from '@contracttool/spec-loader'
import {
  type Exchange,
  type ValidationResult,
  validateRequest,
  validateResponse,
} from '@contracttool/validator'
import { ContractTestingError, VitestErrorCode } from '../errors.js'
import { describeValue } from './describe-value.js'
import { readExchange } from './read-exchange.js'
import { ContractRuntime } from './runtime.js'

/** Per-call options of the matchers and assertion functions. */
export interface OpenApiCheckOptions {
  /** Spec name (one of the plugin's `specs`) or a spec loaded with `loadSpec()`; wins over `openApiSpec()`. */
  readonly spec?: string | LoadedSpec
  /** Extra status patterns skipped for this call, added to the configured ones (`404`, `'4\\d\\d'`). */
  readonly skipResponseCodes?: readonly (string | number)[]
  /** Also validate the request this response answers (default: the plugin's `validateRequest`). */
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

const OPTION_KEYS = ['spec', 'skipResponseCodes', 'validateRequest']
const DEFAULT_SKIP_RESPONSE_CODES = ['5\\d\\d']
const DEFAULT_SKIP_REQUEST_CODES = ['400', '422']

/** Validates the response a test holds (and its request when asked), and records both for coverage. */
export function checkResponse(
  received: unknown,
  rawOptions: unknown,
  matcherName: string,
  task: object | undefined,
): CheckOutcome {
  const options = parseOptions(rawOptions, matcherName)
  const exchange = readExchange(received, matcherName)
  const response = exchange.response
  if (response === undefined) {
    throw new ContractTestingError(
      VitestErrorCode.NotAResponse,
      `${matcherName}() received an exchange without a response (${exchange.request.method} ${exchange.request.path}). ` +
        'Add response: { status, headers, body }, or use toMatchOpenApiRequest() to check the request alone.',
    )
  }
  const runtime = ContractRuntime.current()
  const spec = resolveSpec(options.spec, runtime, matcherName, task)
  const extraSkips = (options.skipResponseCodes ?? []).map(String)
  const responseOptions =
    runtime?.responseOptions(extraSkips) ??
    (extraSkips.length === 0 ? {} : { skipResponseCodes: [...DEFAULT_SKIP_RESPONSE_CODES, ...extraSkips] })
  const responseResult = validateResponse(
    spec,
    { ...response, method: exchange.request.method, path: exchange.request.path },
    responseOptions,
  )
  runtime?.recordCheckedResponse(spec, responseResult, response.body, exchange.request.path)
  const withRequest = options.validateRequest ?? runtime?.config.validateRequest ?? false
  const requestResult = withRequest ? runRequestValidation(spec, exchange, runtime) : undefined
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
  task: object | undefined,
): CheckOutcome {
  const options = parseOptions(rawOptions, matcherName)
  const exchange = readExchange(received, matcherName)
  const runtime = ContractRuntime.current()
  const spec = resolveSpec(options.spec, runtime, matcherName, task)
  const requestResult = runRequestValidation(spec, exchange, runtime)
  return {
    exchange,
    specName: spec.name,
    response: undefined,
    request: requestResult,
    failed: requestResult.outcome === 'failure',
  }
}

function runRequestValidation(
  spec: LoadedSpec,
  exchange: Exchange,
  runtime: ContractRuntime | undefined,
): ValidationResult {
  const status = exchange.response?.status
  const result = validateRequest(
    spec,
    exchange.request,
    runtime?.requestOptions(status) ?? {
      skipRequestValidationResponseCodes: DEFAULT_SKIP_REQUEST_CODES,
      ...(status === undefined ? {} : { responseStatus: status }),
    },
  )
  runtime?.recordRequest(result)
  return result
}

function resolveSpec(
  spec: string | LoadedSpec | undefined,
  runtime: ContractRuntime | undefined,
  matcherName: string,
  task: object | undefined,
): LoadedSpec {
  if (typeof spec === 'object') return spec
  if (runtime !== undefined) return runtime.resolveSpec(spec, task)
  throw new ContractTestingError(
    VitestErrorCode.NotRegistered,
    `${matcherName}() needs the contractTesting() plugin to look up ${spec === undefined ? 'the spec' : `spec '${spec}'`}, ` +
      'and it is not registered in this Vitest project. Add contractTesting({ specBasePath, specs }) to plugins ' +
      "in vitest.config.ts, or pass a loaded spec: { spec: await loadSpec('<name>', { basePath }) }.",
  )
}

function parseOptions(raw: unknown, matcherName: string): OpenApiCheckOptions {
  if (raw === undefined) return {}
  const invalid = (detail: string) =>
    new ContractTestingError(VitestErrorCode.InvalidMatcherOption, `${matcherName}() options: ${detail}`)
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalid(`expected an object such as { spec: 'petstore' }, got ${describeValue(raw)}.`)
  }
  const options = raw as Record<string, unknown>
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key))
      throw invalid(`unknown option '${key}'. Known options: ${OPTION_KEYS.join(', ')}.`)
  }
  const { spec, skipResponseCodes, validateRequest: withRequest } = options
  if (spec !== undefined && !(typeof spec === 'string' && spec !== '') && !isLoadedSpec(spec)) {
    throw invalid(`spec must be a spec name or a spec returned by loadSpec(), got ${describeValue(spec)}.`)
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
      `skipResponseCodes must be an array of statuses or patterns (404, '4\\\\d\\\\d'), got ${describeValue(skipResponseCodes)}.`,
    )
  }
  if (withRequest !== undefined && typeof withRequest !== 'boolean') {
    throw invalid(`validateRequest must be true or false, got ${describeValue(withRequest)}.`)
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
