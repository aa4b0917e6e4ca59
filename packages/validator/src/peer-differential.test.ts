import type { JsonObject } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import { benchRequire, loadJestOpenApi } from './peers.test-kit.js'
import { validateRequest } from './validate-request.js'
import { validateResponse } from './validate-response.js'

// The same OpenAPI 3.0 cases through contracttool and the peers the benchmark app installs
// (jest-openapi, openapi-response-validator, express-openapi-validator), each peer called as its
// users call it. Every case records each peer's live verdict; where one differs from ours, the case
// names the OpenAPI text that decides it. A peer changing its verdict, or ours changing, fails here.

const bench = benchRequire

type Verdict = 'pass' | 'fail'

const DOCUMENT: JsonObject = {
  openapi: '3.0.3',
  info: { title: 'differential', version: '1' },
  servers: [{ url: 'http://api.example.com/basePath1' }],
  paths: {
    '/pets/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'a pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          '204': { description: 'no content' },
          '404': {
            description: 'not found',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    },
    '/status': {
      get: {
        responses: {
          '200': {
            description: 'text',
            content: { 'text/plain': { schema: { type: 'string', enum: ['queued', 'running'] } } },
          },
        },
      },
    },
    '/versioned': {
      get: {
        responses: {
          '200': {
            description: 'versioned',
            content: { 'application/json; version=1': { schema: { type: 'object', required: ['v1'] } } },
          },
        },
      },
    },
    '/search': {
      get: {
        parameters: [
          { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          tag: { type: 'string', nullable: true },
          kind: { anyOf: [{ type: 'string', enum: ['cat', 'dog'] }, { type: 'integer' }] },
        },
      },
      Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    },
  },
}

interface ResponseCase {
  readonly name: string
  readonly path: string
  readonly status: number
  readonly contentType?: string
  readonly body?: unknown
  readonly ours: Verdict
  readonly peers: { readonly 'jest-openapi': Verdict; readonly 'openapi-response-validator'?: Verdict }
  /** The OpenAPI text that decides the case, when a peer disagrees with ours. */
  readonly decidedBy?: string
}

const PET = { id: 1, name: 'Rex' }

const BASE = '/basePath1'
const RESPONSE_CASES: readonly ResponseCase[] = [
  {
    name: 'a valid pet',
    path: `${BASE}/pets/1`,
    status: 200,
    body: PET,
    ours: 'pass',
    peers: { 'jest-openapi': 'pass', 'openapi-response-validator': 'pass' },
  },
  {
    name: 'a name of the wrong type',
    path: `${BASE}/pets/1`,
    status: 200,
    body: { id: 1, name: 5 },
    ours: 'fail',
    peers: { 'jest-openapi': 'fail', 'openapi-response-validator': 'fail' },
  },
  {
    name: 'a missing required property',
    path: `${BASE}/pets/1`,
    status: 200,
    body: { id: 1 },
    ours: 'fail',
    peers: { 'jest-openapi': 'fail', 'openapi-response-validator': 'fail' },
  },
  {
    name: 'nullable: true takes null',
    path: `${BASE}/pets/1`,
    status: 200,
    body: { ...PET, tag: null },
    ours: 'pass',
    peers: { 'jest-openapi': 'pass', 'openapi-response-validator': 'pass' },
  },
  {
    name: 'a value no anyOf branch takes',
    path: `${BASE}/pets/1`,
    status: 200,
    body: { ...PET, kind: true },
    ours: 'fail',
    peers: { 'jest-openapi': 'fail', 'openapi-response-validator': 'fail' },
  },
  {
    name: 'an undocumented status',
    path: `${BASE}/pets/1`,
    status: 418,
    body: PET,
    ours: 'fail',
    peers: { 'jest-openapi': 'fail', 'openapi-response-validator': 'fail' },
  },
  {
    name: 'a documented error',
    path: `${BASE}/pets/1`,
    status: 404,
    body: { message: 'gone' },
    ours: 'pass',
    peers: { 'jest-openapi': 'pass', 'openapi-response-validator': 'pass' },
  },
  {
    name: 'a body on a 204 that documents no content',
    path: `${BASE}/pets/1`,
    status: 204,
    body: { a: 1 },
    ours: 'fail',
    peers: { 'jest-openapi': 'fail', 'openapi-response-validator': 'fail' },
  },
  {
    name: 'an empty 204',
    path: `${BASE}/pets/1`,
    status: 204,
    ours: 'pass',
    peers: { 'jest-openapi': 'pass', 'openapi-response-validator': 'pass' },
  },
  {
    name: 'a text body outside its string enum',
    path: `${BASE}/status`,
    status: 200,
    contentType: 'text/plain',
    body: 'stopped',
    ours: 'fail',
    peers: { 'jest-openapi': 'fail', 'openapi-response-validator': 'fail' },
  },
  {
    name: 'a text body in its string enum',
    path: `${BASE}/status`,
    status: 200,
    contentType: 'text/plain',
    body: 'queued',
    ours: 'pass',
    peers: { 'jest-openapi': 'pass', 'openapi-response-validator': 'pass' },
  },
  {
    name: 'another version of a parameterized media type',
    path: `${BASE}/versioned`,
    status: 200,
    contentType: 'application/json; version=2',
    body: { v1: true },
    ours: 'fail',
    // openapi-response-validator reads no Content-Type at all.
    peers: { 'jest-openapi': 'pass', 'openapi-response-validator': 'pass' },
    decidedBy:
      'Media Types: content types follow RFC 6838, parameters included; only `application/json; version=1` is described, and RFC 9110 §8.3.1 makes parameters part of the type (https://spec.openapis.org/oas/v3.0.3#media-types)',
  },
  {
    name: 'a path without the server URL',
    path: '/pets/1',
    status: 200,
    body: PET,
    ours: 'pass',
    peers: { 'jest-openapi': 'fail' },
    decidedBy:
      'Paths Object: "The path is appended to the URL from the Server Object" (https://spec.openapis.org/oas/v3.0.3#paths-object). The text sides with jest-openapi; contracttool also matches a path that is under no server as sent, so suites written against bare paths keep working (`matchServers: false` turns server matching off, never this fallback)',
  },
]

function jestOpenApi(testCase: ResponseCase): Verdict {
  const { toSatisfyApiSpec, makeApiSpec } = loadJestOpenApi()
  const contentType = testCase.contentType ?? 'application/json'
  const text =
    testCase.body === undefined
      ? ''
      : typeof testCase.body === 'string'
        ? testCase.body
        : JSON.stringify(testCase.body)
  const received = {
    status: testCase.status,
    headers: testCase.body === undefined ? {} : { 'content-type': contentType },
    body: testCase.body ?? {},
    text,
    req: { method: 'GET', path: testCase.path },
  }
  const result = toSatisfyApiSpec.call(
    { isNot: false, promise: '' },
    received,
    makeApiSpec(structuredClone(DOCUMENT)),
  )
  return result.pass ? 'pass' : 'fail'
}

// openapi-response-validator takes one operation's `responses` and a status and body, nothing else.
function openApiResponseValidator(testCase: ResponseCase): Verdict {
  const Validator = (bench('openapi-response-validator') as { default: new (args: unknown) => unknown })
    .default
  const template = testCase.path.replace(/^\/basePath1/, '').replace(/^\/pets\/\d+$/, '/pets/{id}')
  const operation = ((DOCUMENT.paths as JsonObject)[template] as JsonObject).get as JsonObject
  const validator = new Validator({
    responses: structuredClone(operation.responses),
    components: structuredClone(DOCUMENT.components),
  }) as { validateResponse: (status: number, body: unknown) => unknown }
  return validator.validateResponse(testCase.status, testCase.body) === undefined ? 'pass' : 'fail'
}

function oursFor(testCase: ResponseCase): Verdict {
  const result = validateResponse(makeSpec(DOCUMENT, '3.0', 'differential'), {
    method: 'GET',
    path: testCase.path,
    status: testCase.status,
    ...(testCase.body === undefined
      ? {}
      : { contentType: testCase.contentType ?? 'application/json', body: testCase.body }),
  })
  return result.outcome === 'failure' ? 'fail' : 'pass'
}

describe('responses: contracttool beside jest-openapi and openapi-response-validator', () => {
  it.each(RESPONSE_CASES)('$name', (testCase) => {
    const live: Record<string, Verdict> = { 'jest-openapi': jestOpenApi(testCase) }
    if (testCase.peers['openapi-response-validator'] !== undefined)
      live['openapi-response-validator'] = openApiResponseValidator(testCase)
    expect({ ours: oursFor(testCase), peers: live }).toEqual({ ours: testCase.ours, peers: testCase.peers })
    const disagrees = Object.values(testCase.peers).some((verdict) => verdict !== testCase.ours)
    expect(testCase.decidedBy !== undefined).toBe(disagrees)
  })
})

interface RequestCase {
  readonly name: string
  readonly query: string
  readonly ours: Verdict
  readonly peers: { readonly 'express-openapi-validator': Verdict }
  readonly decidedBy?: string
}

const REQUEST_CASES: readonly RequestCase[] = [
  {
    name: 'a valid query',
    query: 'q=cats&limit=2',
    ours: 'pass',
    peers: { 'express-openapi-validator': 'pass' },
  },
  {
    name: 'a missing required parameter',
    query: 'limit=2',
    ours: 'fail',
    peers: { 'express-openapi-validator': 'fail' },
  },
  {
    name: 'an integer below its minimum',
    query: 'q=cats&limit=0',
    ours: 'fail',
    peers: { 'express-openapi-validator': 'fail' },
  },
  {
    name: 'an integer that is not one',
    query: 'q=cats&limit=two',
    ours: 'fail',
    peers: { 'express-openapi-validator': 'fail' },
  },
  {
    name: 'an empty value without allowEmptyValue',
    query: 'q=',
    ours: 'fail',
    peers: { 'express-openapi-validator': 'fail' },
  },
  {
    name: 'a percent-encoded reserved character',
    query: 'q=a%2Fb',
    ours: 'pass',
    peers: { 'express-openapi-validator': 'pass' },
  },
  {
    name: 'an unencoded reserved character without allowReserved',
    query: 'q=a/b',
    ours: 'fail',
    peers: { 'express-openapi-validator': 'fail' },
  },
]

// The few shapes of Express and supertest used below (this package does not depend on their types).
type Handler = (...args: never[]) => void
interface ExpressApp {
  use(handler: Handler | Handler[]): void
  get(path: string, handler: Handler): void
}
interface Reply {
  status(code: number): { end(): void }
}

// express-openapi-validator as its users run it: middleware in a real Express app, driven by supertest.
async function expressOpenApiValidator(testCase: RequestCase): Promise<Verdict> {
  const express = bench('express') as () => ExpressApp
  const request = bench('supertest') as (app: ExpressApp) => {
    get(path: string): Promise<{ status: number }>
  }
  const validator = bench('express-openapi-validator') as { middleware: (options: unknown) => Handler[] }
  const app = express()
  app.use(
    validator.middleware({
      apiSpec: structuredClone(DOCUMENT),
      validateRequests: true,
      validateResponses: false,
    }),
  )
  app.get(`${BASE}/search`, ((_req: unknown, res: Reply) => res.status(200).end()) as Handler)
  // Express tells an error handler by its four parameters.
  app.use(((error: { status?: number }, _req: unknown, res: Reply, _next: unknown) =>
    res.status(error.status ?? 500).end()) as Handler)
  const response = await request(app).get(`${BASE}/search?${testCase.query}`)
  return response.status === 200 ? 'pass' : 'fail'
}

describe('requests: contracttool beside express-openapi-validator', () => {
  it.each(REQUEST_CASES)('$name', async (testCase) => {
    const result = validateRequest(makeSpec(DOCUMENT, '3.0', 'differential'), {
      method: 'GET',
      path: `${BASE}/search?${testCase.query}`,
    })
    const ours: Verdict = result.outcome === 'failure' ? 'fail' : 'pass'
    const live = { 'express-openapi-validator': await expressOpenApiValidator(testCase) }
    expect({ ours, peers: live }).toEqual({ ours: testCase.ours, peers: testCase.peers })
    expect(testCase.decidedBy !== undefined).toBe(live['express-openapi-validator'] !== ours)
  })
})
