import { currentRunRuntime, type RunRuntime } from '@contracttool/exchange/internal'
import { ContractToolError, DEFAULT_SKIP_REQUEST_CODES } from '@contracttool/kernel'
import { type LoadedSpec, SpecRegistry } from '@contracttool/spec-loader'
import type { Exchange, RequestValidationOptions, ResponseValidationOptions } from '@contracttool/validator'
import { type ValidationResult, validateRequest, validateResponse } from '@contracttool/validator'
import { ContractViolationError } from './contract-violation-error.js'
import { SKIP_HEADER } from './dispatch-case.js'

/** Options of the server-side contract validation. */
export interface ContractValidationOptions {
  /**
   * The spec: a name (resolved by `@contracttool/vitest`, or under `specBasePath`) or a spec returned by
   * `loadSpec()`. Omitted under `@contracttool/vitest`: the running test's `openApiSpec()` or `defaultSpec`.
   */
  readonly spec?: string | LoadedSpec
  /** Where named specs are loaded from when no `@contracttool/vitest` run provides them. */
  readonly specBasePath?: string
  /** Validate every response (default true). */
  readonly autoAssert?: boolean
  /** Validate every request (default true). */
  readonly autoValidateRequest?: boolean
  /** Path prefixes removed before matching; default: the Vitest plugin's, else none. */
  readonly stripPrefixes?: readonly string[]
  /** Status patterns whose responses are skipped; default: the Vitest plugin's, else `['5\\d\\d']`. */
  readonly skipResponseCodes?: readonly (string | number)[]
  /** Documented statuses that turn request violations into a skip; default `['400', '422']`. */
  readonly skipRequestValidationResponseCodes?: readonly (string | number)[]
  /** Called with every validation result (request and response). */
  readonly onResult?: (result: ValidationResult, exchange: Exchange) => void
  /**
   * Called for every violation instead of the default: failing the running `@contracttool/vitest` test, or
   * else emitting a `ContractToolWarning`. Violations are kept for `violations()` either way.
   */
  readonly onViolation?: (error: ContractViolationError) => void
}

/** Which sides of one exchange to leave unchecked (per-request and per-route opt-outs). */
export interface SkipDirective {
  readonly response: boolean
  readonly request: boolean
}

/** Reads (and removes, so the app never sees it) the per-request opt-out header. */
export function takeSkipHeader(headers: Record<string, string | string[] | undefined>): SkipDirective {
  const raw = headers[SKIP_HEADER]
  if (raw === undefined) return { response: false, request: false }
  delete headers[SKIP_HEADER]
  const values = (Array.isArray(raw) ? raw.join(',') : raw)
    .split(',')
    .map((value) => value.trim().toLowerCase())
  const all = values.includes('all') || values.includes('true') || values.includes('')
  return { response: all || values.includes('response'), request: all || values.includes('request') }
}

const KNOWN_OPTIONS = [
  'spec',
  'specBasePath',
  'autoAssert',
  'autoValidateRequest',
  'stripPrefixes',
  'skipResponseCodes',
  'skipRequestValidationResponseCodes',
  'onResult',
  'onViolation',
]

/**
 * Validates the exchanges a server answers and delivers the results: coverage goes to the running
 * `@contracttool/vitest` file, violations fail the running test (or go to `onViolation`, or become warnings).
 */
export class ServerChecker {
  readonly #adapter: string
  readonly #options: ContractValidationOptions
  readonly #registry: SpecRegistry | undefined
  readonly #violations: ContractViolationError[] = []
  /** Violations the runner failed a test with. */
  readonly #delivered = new WeakSet<ContractViolationError>()

  constructor(
    options: ContractValidationOptions,
    adapter: string,
    invalidOptionCode: string,
    noSpecCode: string,
  ) {
    this.#adapter = adapter
    checkOptions(options, adapter, invalidOptionCode)
    this.#options = options
    this.#registry =
      options.specBasePath === undefined ? undefined : new SpecRegistry({ basePath: options.specBasePath })
    const spec = options.spec
    if (typeof spec !== 'object' && this.#registry === undefined && currentRunRuntime() === undefined) {
      throw new ContractToolError(
        noSpecCode,
        `${adapter}: no spec to validate against. Pass { spec: await loadSpec('petstore', { basePath: 'openapi' }) }, ` +
          "or { spec: 'petstore', specBasePath: 'openapi' }, or run under a runner binding (Vitest's contractTesting(), " +
          "Jest's withContractTesting(), node:test's --import @contracttool/node-test/register) or a " +
          'createContractRun() started before this, which provide the spec bound by openApiSpec() or defaultSpec.',
      )
    }
  }

  get autoAssert(): boolean {
    return this.#options.autoAssert ?? true
  }

  get autoValidateRequest(): boolean {
    return this.#options.autoValidateRequest ?? true
  }

  /** Validates one answered exchange (request first: its verdict depends on the response status). */
  check(exchange: Exchange, skip: SkipDirective): void {
    const runtime = currentRunRuntime()
    const where = `${exchange.request.method} ${exchange.request.path}`
    let spec: LoadedSpec
    try {
      spec = this.#spec(runtime)
    } catch (error) {
      this.#report(
        new ContractViolationError(
          'setup',
          `${this.#adapter} could not check ${where}: ${(error as Error).message}`,
          exchange,
          undefined,
          error,
        ),
        runtime,
      )
      return
    }
    const response = exchange.response
    if (this.autoValidateRequest && !skip.request) {
      const result = validateRequest(spec, exchange.request, this.#requestOptions(runtime, response?.status))
      runtime?.recordRequest(result)
      this.#options.onResult?.(result, exchange)
      if (result.outcome === 'failure') this.#violation('request', where, result, exchange, runtime)
    }
    if (this.autoAssert && !skip.response && response !== undefined) {
      const result = validateResponse(
        spec,
        { ...response, method: exchange.request.method, path: exchange.request.path },
        this.#responseOptions(runtime),
      )
      runtime?.recordResponse(spec, result, response.body, exchange.request.path)
      this.#options.onResult?.(result, exchange)
      if (result.outcome === 'failure') this.#violation('response', where, result, exchange, runtime)
    }
  }

  violations(): readonly ContractViolationError[] {
    return [...this.#violations]
  }

  clearViolations(): void {
    this.#violations.length = 0
  }

  assertNoViolations(): void {
    // A violation the runner already failed a test with is not thrown a second time.
    const found = this.#violations.splice(0).filter((error) => !this.#delivered.has(error))
    if (found.length === 0) return
    if (found.length === 1) throw found[0]
    throw new AggregateError(found, found.map((error) => error.message).join('\n\n'))
  }

  #spec(runtime: RunRuntime | undefined): LoadedSpec {
    const spec = this.#options.spec
    if (typeof spec === 'object') return spec
    if (spec !== undefined && this.#registry !== undefined) return this.#registry.get(spec)
    if (runtime !== undefined) return runtime.resolveSpec(spec)
    throw new Error(
      `no spec: pass { spec } (a loaded spec, or a name with specBasePath) to ${this.#adapter}, or run under contractTesting() or a createContractRun() that has not finished.`,
    )
  }

  #responseOptions(runtime: RunRuntime | undefined): ResponseValidationOptions {
    const { stripPrefixes, skipResponseCodes } = this.#options
    return {
      ...runtime?.responseOptions(),
      ...(stripPrefixes === undefined ? {} : { stripPrefixes }),
      ...(skipResponseCodes === undefined ? {} : { skipResponseCodes: skipResponseCodes.map(String) }),
    }
  }

  #requestOptions(runtime: RunRuntime | undefined, status: number | undefined): RequestValidationOptions {
    const { stripPrefixes, skipRequestValidationResponseCodes } = this.#options
    return {
      skipRequestValidationResponseCodes: DEFAULT_SKIP_REQUEST_CODES,
      ...runtime?.requestOptions(status),
      ...(status === undefined ? {} : { responseStatus: status }),
      ...(stripPrefixes === undefined ? {} : { stripPrefixes }),
      ...(skipRequestValidationResponseCodes === undefined
        ? {}
        : { skipRequestValidationResponseCodes: skipRequestValidationResponseCodes.map(String) }),
    }
  }

  #violation(
    side: 'request' | 'response',
    where: string,
    result: ValidationResult,
    exchange: Exchange,
    runtime: RunRuntime | undefined,
  ): void {
    const status = side === 'response' ? ` → ${exchange.response?.status}` : ''
    const message = `OpenAPI contract violation in the ${side} (${this.#adapter}, ${where}${status}):\n${result.message}`
    this.#report(new ContractViolationError(side, message, exchange, result), runtime)
  }

  #report(error: ContractViolationError, runtime: RunRuntime | undefined): void {
    this.#violations.push(error)
    if (this.#options.onViolation !== undefined) this.#options.onViolation(error)
    else if (runtime !== undefined) {
      runtime.fail(error)
      if (runtime.failsTests !== false) this.#delivered.add(error)
    } else process.emitWarning(error.message, 'ContractToolWarning')
  }
}

function checkOptions(options: ContractValidationOptions, adapter: string, code: string): void {
  if (typeof options !== 'object' || options === null) {
    throw new ContractToolError(
      code,
      `${adapter}: options must be an object, got ${options === null ? 'null' : typeof options}.`,
    )
  }
  const fail = (detail: string) => new ContractToolError(code, `${adapter}: option ${detail}`)
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.includes(key))
      throw fail(`'${key}' is unknown. Known options: ${KNOWN_OPTIONS.join(', ')}.`)
  }
  const { spec, specBasePath, autoAssert, autoValidateRequest, onResult, onViolation } = options
  if (spec !== undefined && typeof spec !== 'object' && (typeof spec !== 'string' || spec === '')) {
    throw fail(`'spec' must be a spec name or a spec returned by loadSpec(), got ${typeof spec}.`)
  }
  if (specBasePath !== undefined && (typeof specBasePath !== 'string' || specBasePath === '')) {
    throw fail(`'specBasePath' must be a directory path, got ${typeof specBasePath}.`)
  }
  for (const [name, value] of [
    ['autoAssert', autoAssert],
    ['autoValidateRequest', autoValidateRequest],
  ] as const) {
    if (value !== undefined && typeof value !== 'boolean')
      throw fail(`'${name}' must be true or false, got ${typeof value}.`)
  }
  for (const [name, value] of [
    ['onResult', onResult],
    ['onViolation', onViolation],
  ] as const) {
    if (value !== undefined && typeof value !== 'function')
      throw fail(`'${name}' must be a function, got ${typeof value}.`)
  }
  for (const name of ['stripPrefixes', 'skipResponseCodes', 'skipRequestValidationResponseCodes'] as const) {
    const value = options[name]
    if (
      value !== undefined &&
      (!Array.isArray(value) || value.some((item) => typeof item !== 'string' && typeof item !== 'number'))
    ) {
      throw fail(`'${name}' must be an array of strings, got ${typeof value}.`)
    }
  }
}
