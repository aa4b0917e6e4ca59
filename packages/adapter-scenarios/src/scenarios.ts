import type { ValidationOutcome } from '@contracttool/validator'

/** A canned reply the app under test sends back. */
export interface ScenarioReply {
  readonly status: number
  /** Includes `content-type` whenever there is a body. */
  readonly headers: Readonly<Record<string, string>>
  /** Sent as is. */
  readonly body?: string
}

/** One contract scenario: a request, the reply the app gives, and the verdicts every adapter must reach. */
export interface Scenario {
  readonly name: string
  readonly request: {
    readonly method: string
    readonly path: string
    readonly headers: Readonly<Record<string, string>>
    /** JSON text, sent with `content-type: application/json`. */
    readonly body?: string
  }
  readonly reply: ScenarioReply
  readonly expected: { readonly response: ValidationOutcome; readonly request: ValidationOutcome }
}

/** Request header naming the scenario, so one catch-all route answers every scenario. */
export const SCENARIO_HEADER = 'x-scenario'

const JSON_TYPE = 'application/json; charset=utf-8'
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'
const AUTH = { authorization: 'Bearer test-token' }
const REQUEST_ID = { 'x-request-id': '3f2b8c1e-9d4a-4f6b-8a2e-1c5d7e9f0a1b' }
const TOM = { id: 1, name: 'Tom', tag: null, kind: 'cat', createdAt: '2024-01-15T09:30:00Z' }
const problem = (status: number, title: string) => JSON.stringify({ type: 'about:blank', title, status })

const JSON_LINES_TYPE = 'application/jsonl; charset=utf-8'
const REX = { id: 2, name: 'Rex', kind: 'dog' }

/** Written against `fixtures/specs/petstore-3.2.yaml`. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'a documented list of pets',
    request: { method: 'GET', path: '/pets?limit=2', headers: AUTH },
    reply: {
      status: 200,
      headers: { 'content-type': JSON_TYPE, 'x-rate-limit': '5' },
      body: JSON.stringify([TOM]),
    },
    expected: { response: 'success', request: 'success' },
  },
  {
    name: 'an id of the wrong type',
    request: { method: 'GET', path: '/pets', headers: AUTH },
    reply: {
      status: 200,
      headers: { 'content-type': JSON_TYPE, 'x-rate-limit': '5' },
      body: JSON.stringify([{ id: '1', name: 'Tom', kind: 'cat' }]),
    },
    expected: { response: 'failure', request: 'success' },
  },
  {
    name: 'a missing required response header',
    request: { method: 'GET', path: '/pets', headers: AUTH },
    reply: { status: 200, headers: { 'content-type': JSON_TYPE }, body: '[]' },
    expected: { response: 'failure', request: 'success' },
  },
  {
    name: 'a documented problem+json 404',
    request: { method: 'GET', path: '/pets/7', headers: { ...AUTH, ...REQUEST_ID } },
    reply: { status: 404, headers: { 'content-type': PROBLEM_TYPE }, body: problem(404, 'Not Found') },
    expected: { response: 'success', request: 'success' },
  },
  {
    name: 'a created pet',
    request: {
      method: 'POST',
      path: '/pets',
      headers: AUTH,
      body: JSON.stringify({ name: 'Rex', kind: 'dog' }),
    },
    reply: {
      status: 201,
      headers: { 'content-type': JSON_TYPE },
      body: JSON.stringify({ id: 2, name: 'Rex', kind: 'dog' }),
    },
    expected: { response: 'success', request: 'success' },
  },
  {
    name: 'a bad request body sent on purpose and answered 400',
    request: { method: 'POST', path: '/pets', headers: AUTH, body: JSON.stringify({ name: 5 }) },
    reply: { status: 400, headers: { 'content-type': PROBLEM_TYPE }, body: problem(400, 'Bad Request') },
    expected: { response: 'success', request: 'skipped' },
  },
  {
    name: 'a deletion without content',
    request: { method: 'DELETE', path: '/pets/7', headers: AUTH },
    reply: { status: 204, headers: {} },
    expected: { response: 'success', request: 'success' },
  },
  {
    name: 'an undocumented path',
    request: { method: 'GET', path: '/owners/1', headers: AUTH },
    reply: {
      status: 404,
      headers: { 'content-type': JSON_TYPE },
      body: JSON.stringify({ message: 'no such route' }),
    },
    expected: { response: 'failure', request: 'failure' },
  },
  {
    name: 'a 503 skipped by the default pattern',
    request: { method: 'GET', path: '/pets/7', headers: { ...AUTH, ...REQUEST_ID } },
    reply: { status: 503, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify({ error: 'down' }) },
    expected: { response: 'skipped', request: 'success' },
  },
  {
    name: 'an undocumented content type',
    request: { method: 'GET', path: '/health', headers: {} },
    reply: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'ok' },
    expected: { response: 'failure', request: 'success' },
  },
  {
    name: 'an anonymous health check',
    request: { method: 'GET', path: '/health', headers: {} },
    reply: { status: 200, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify({ status: 'ok' }) },
    expected: { response: 'success', request: 'success' },
  },
  {
    name: 'a JSON Lines stream of pets',
    request: { method: 'GET', path: '/pets/stream', headers: AUTH },
    reply: {
      status: 200,
      headers: { 'content-type': JSON_LINES_TYPE },
      body: `${JSON.stringify(TOM)}\n${JSON.stringify(REX)}\n`,
    },
    expected: { response: 'success', request: 'success' },
  },
  {
    name: 'a JSON Lines stream whose second item breaks the schema',
    request: { method: 'GET', path: '/pets/stream', headers: AUTH },
    reply: {
      status: 200,
      headers: { 'content-type': JSON_LINES_TYPE },
      body: `${JSON.stringify(TOM)}\n${JSON.stringify({ ...REX, name: '' })}\n`,
    },
    expected: { response: 'failure', request: 'success' },
  },
  {
    name: 'a QUERY with its query document',
    request: { method: 'QUERY', path: '/pets/search', headers: AUTH, body: JSON.stringify({ kind: 'cat' }) },
    reply: { status: 200, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify([TOM]) },
    expected: { response: 'success', request: 'success' },
  },
  {
    name: 'a QUERY whose query document breaks its schema',
    request: { method: 'QUERY', path: '/pets/search', headers: AUTH, body: JSON.stringify({ kind: 'cow' }) },
    reply: { status: 200, headers: { 'content-type': JSON_TYPE }, body: '[]' },
    expected: { response: 'success', request: 'failure' },
  },
  {
    name: 'a request without the credentials the operation demands',
    request: { method: 'GET', path: '/pets', headers: {} },
    reply: { status: 200, headers: { 'content-type': JSON_TYPE, 'x-rate-limit': '5' }, body: '[]' },
    expected: { response: 'success', request: 'failure' },
  },
]

/** The scenario a request names in its `x-scenario` header. */
export function scenarioFor(
  headers: Readonly<Record<string, string | string[] | undefined>> | Headers,
): Scenario {
  const raw = headers instanceof Headers ? headers.get(SCENARIO_HEADER) : headers[SCENARIO_HEADER]
  const name = Array.isArray(raw) ? raw[0] : raw
  const scenario = SCENARIOS.find((candidate) => candidate.name === name)
  if (scenario === undefined) throw new Error(`no shared scenario named ${String(name)}`)
  return scenario
}

/** The request headers a client sends for a scenario: its own, the scenario name, and the body's type. */
export function requestHeadersOf(scenario: Scenario): Record<string, string> {
  return {
    ...scenario.request.headers,
    [SCENARIO_HEADER]: scenario.name,
    ...(scenario.request.body === undefined ? {} : { 'content-type': 'application/json' }),
  }
}
