import {
  isAxiosResponse,
  isInjectResponse,
  readAxiosResponse,
  readInjectResponse,
  readSuperagentResponse,
} from '@contracttool/exchange'
import type { AxiosResponseLike, SuperagentResponse } from '@contracttool/exchange/internal'
import { isObject } from '@contracttool/kernel'
import { describeArgument, truncateText } from '@contracttool/kernel/internal'
import type { Exchange } from '@contracttool/validator'
import { EXCHANGE } from '@contracttool/validator/internal'
import { ContractRunError, HarnessErrorCode } from '../errors.js'

type Loose = Record<PropertyKey, unknown>

const ACCEPTED =
  'Pass a supertest/superagent response, a fastify inject() response, an axios response (or an AxiosError’s ' +
  'response), a Response returned by contractFetch() from @contracttool/fetch, or an exchange { request: { method, path }, response: { status, headers, body } }.'

/**
 * Reads the request/response pair out of whatever a test holds. The method and path always come from the
 * request the response answers, never from the user.
 */
export function readExchange(value: unknown, matcherName: string): Exchange {
  if (typeof value !== 'object' || value === null) {
    throw new ContractRunError(
      HarnessErrorCode.NotAResponse,
      `${matcherName}() received ${describeArgument(value)}, which is not a response. ${ACCEPTED}`,
    )
  }
  const v = value as Loose
  if (typeof v.then === 'function') {
    // An un-awaited supertest `Test`, or the promise of an axios or fetch call: the response does not exist yet.
    const what =
      value instanceof Promise
        ? 'the promise of a call (axios, fetch) not yet settled'
        : 'a pending request or promise'
    throw new ContractRunError(
      HarnessErrorCode.NotAResponse,
      `${matcherName}() received ${describeArgument(value)}, ${what}, not its response: did you forget await? ` +
        'Pass the response the awaited call returned: `const res = await request(app).get(...)` or ' +
        '`const res = await axios.get(...)`.',
    )
  }
  if (v.isAxiosError === true) return readAxiosError(v, matcherName)
  const attached = v[EXCHANGE]
  if (attached !== undefined)
    return checkedExchange(attached, matcherName, 'the exchange attached by an adapter')
  if (isPlainExchange(v)) return checkedExchange(v, matcherName, 'the exchange object')
  if (isFetchResponse(value)) {
    throw new ContractRunError(
      HarnessErrorCode.FetchResponseWithoutExchange,
      `${matcherName}() received a fetch Response, which does not carry the request it answers (method and path). ` +
        'Send requests through contractFetch(fetch) from @contracttool/fetch: its Responses carry their Request, ' +
        'and the body is read from a clone so your own reads still work.',
    )
  }
  if (isInjectResponse(value)) return readInjectResponse(value)
  if (isAxiosResponse(value)) return readAxios(value, matcherName)
  if (typeof v.status === 'number' && 'data' in v && !('text' in v) && !('body' in v)) {
    throw new ContractRunError(
      HarnessErrorCode.RequestNotRecoverable,
      `${matcherName}() received ${describeArgument(value)} with status ${String(v.status)} and \`data\` but no ` +
        '`config`: it looks like an axios response built or copied by hand, which does not carry the request it ' +
        'answers (method and URL). Pass the response axios returned (`const res = await axios.get(...)`), or pass ' +
        'an exchange { request: { method, path }, response: { status, headers, body } }.',
    )
  }
  if (typeof v.status === 'number' && ('text' in v || 'body' in v)) {
    const exchange = readSuperagentResponse(v as SuperagentResponse)
    if (exchange !== undefined) return exchange
    throw new ContractRunError(
      HarnessErrorCode.RequestNotRecoverable,
      `${matcherName}() received a response with status ${String(v.status)} but without the request it answers ` +
        '(no `req` with `method` and `path`), so the operation cannot be looked up. Pass the response object ' +
        'supertest/superagent returned (not a copy such as { status, body }), or pass an exchange ' +
        '{ request: { method, path }, response: { status, headers, body } }.',
    )
  }
  throw new ContractRunError(
    HarnessErrorCode.NotAResponse,
    `${matcherName}() received ${describeArgument(value)}, which is not a response. ${ACCEPTED}`,
  )
}

/** An `AxiosError`: its `response` when the server answered, else a message saying no response came. */
function readAxiosError(error: Loose, matcherName: string): Exchange {
  if (isAxiosResponse(error.response)) return readAxios(error.response, matcherName)
  throw new ContractRunError(
    HarnessErrorCode.NotAResponse,
    `${matcherName}() received an AxiosError without a response (${truncateText(String(error.message), 120)}): ` +
      'the request failed before the server answered, so there is nothing to check.',
  )
}

function readAxios(res: AxiosResponseLike, matcherName: string): Exchange {
  const exchange = readAxiosResponse(res)
  if (exchange !== undefined) return exchange
  throw new ContractRunError(
    HarnessErrorCode.RequestNotRecoverable,
    `${matcherName}() received an axios response with status ${res.status} whose config names no method or URL ` +
      '(config.method, config.url), so the operation cannot be looked up. Pass the response axios returned.',
  )
}

/**
 * A WHATWG `Response`. Tested by its tag first: reading the global `Response` makes Node load its fetch
 * implementation, which would cost every test file that checks supertest or inject responses.
 */
function isFetchResponse(value: object): boolean {
  return (
    Object.prototype.toString.call(value) === '[object Response]' &&
    typeof Response !== 'undefined' &&
    value instanceof Response
  )
}

/** `{ request, response? }`: what a test writes by hand (frameworks' responses carry `req` / `status` instead). */
function isPlainExchange(v: Loose): boolean {
  return isObject(v.request) && !('req' in v) && !('statusCode' in v) && typeof v.status !== 'number'
}

function checkedExchange(raw: unknown, matcherName: string, what: string): Exchange {
  const problem = exchangeProblem(raw)
  if (problem !== undefined) {
    throw new ContractRunError(
      HarnessErrorCode.NotAResponse,
      `${matcherName}() cannot read ${what}: ${problem}. ${ACCEPTED}`,
    )
  }
  return raw as Exchange
}

function exchangeProblem(raw: unknown): string | undefined {
  if (!isObject(raw)) return `expected an object, got ${describeArgument(raw)}`
  const request = (raw as Loose).request
  if (!isObject(request)) return '`request` must be an object with `method` and `path`'
  const { method, path } = request as Loose
  if (typeof method !== 'string' || method === '')
    return `request.method must be a non-empty string, got ${describeArgument(method)}`
  if (typeof path !== 'string' || !path.startsWith('/')) {
    return `request.path must be a string starting with '/', got ${describeArgument(path)}`
  }
  const response = (raw as Loose).response
  if (response === undefined) return undefined
  if (!isObject(response)) return `response must be an object, got ${describeArgument(response)}`
  const status = (response as Loose).status
  if (typeof status !== 'number' || !Number.isInteger(status)) {
    return `response.status must be an integer, got ${describeArgument(status)}`
  }
  return undefined
}
