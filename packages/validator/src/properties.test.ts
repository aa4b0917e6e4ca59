import { isContractToolError } from '@contracttool/kernel'
import { propertyRuns } from '@contracttool/test-kit'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import { validateRequest } from './validate-request.js'
import { validateResponse } from './validate-response.js'

// One spec that uses most of what a schema or an operation can say, so generated inputs reach it.
const spec = makeSpec(
  {
    paths: {
      '/items/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: {
          parameters: [
            { name: 'q', in: 'query', schema: { type: 'string', pattern: '^(a+)+$', maxLength: 50 } },
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'X-Rate', in: 'header', required: true, schema: { type: 'number' } },
            { name: 'filter', in: 'query', style: 'deepObject', schema: { type: 'object' } },
          ],
          responses: {
            '200': {
              description: 'ok',
              headers: { 'X-Count': { schema: { type: 'integer', minimum: 0 } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
            },
            '4XX': {
              description: 'problem',
              content: { 'application/problem+json': { schema: { type: 'object', required: ['title'] } } },
            },
          },
        },
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/Item' } },
              'application/x-www-form-urlencoded': { schema: { type: 'object' } },
            },
          },
          responses: { '201': { description: 'created' } },
        },
      },
    },
    components: {
      schemas: {
        Item: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: {
            id: { type: 'integer', format: 'int32' },
            name: { type: 'string', pattern: '^[a-z]+(-[a-z]+)*$', minLength: 1, maxLength: 20 },
            when: { type: 'string', format: 'date-time' },
            tags: { type: 'array', uniqueItems: true, items: { type: 'string' }, maxItems: 5 },
            kind: { oneOf: [{ enum: ['a', 'b'] }, { type: 'integer', multipleOf: 3 }] },
            children: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
            extra: { nullable: true, type: 'object', patternProperties: { '^x-': { type: 'string' } } },
          },
        },
      },
    },
  },
  '3.0',
  'properties',
)

const method = fc.oneof(fc.constantFrom('GET', 'POST', 'get', 'DELETE', 'QUERY'), fc.string())
const path = fc.oneof(
  fc.constantFrom('/items/1', '/items/x', '/items/1?q=aaa&tags=a&tags=b', '/items/%ZZ', '/nope'),
  fc.string().map((text) => `/items/${text}`),
  fc.string(),
)
const headers = fc.dictionary(
  fc.oneof(fc.constantFrom('x-rate', 'X-Count', 'content-type'), fc.string()),
  fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })),
  { maxKeys: 4 },
)
const contentType = fc.option(
  fc.oneof(fc.constantFrom('application/json', 'application/problem+json; charset=utf-8'), fc.string()),
  { nil: undefined },
)
const body = fc.oneof(
  fc.jsonValue(),
  fc.record({ id: fc.jsonValue(), name: fc.jsonValue(), tags: fc.jsonValue(), kind: fc.jsonValue() }),
  fc.string(),
  fc.constant(undefined),
)

// A thrown error is allowed only as a coded ContractToolError (misuse); bad data never throws.
function expectCodedOrNothing(run: () => unknown): void {
  try {
    run()
  } catch (error) {
    expect(isContractToolError(error), String((error as Error)?.stack ?? error)).toBe(true)
  }
}

describe('validator properties (fast-check)', () => {
  // Bound: the test's 120 s timeout for 10,000 inputs.
  it('validateResponse returns a result or a coded error for any response', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        method,
        path,
        fc.oneof(fc.integer({ min: 100, max: 599 }), fc.integer(), fc.double()),
        headers,
        contentType,
        body,
        fc.oneof(fc.constant(undefined), fc.integer({ min: -1, max: 30 })),
        (m, p, status, h, ct, b, maxErrors) => {
          expectCodedOrNothing(() => {
            const result = validateResponse(
              spec,
              {
                method: m,
                path: p,
                status,
                headers: h,
                body: b,
                ...(ct === undefined ? {} : { contentType: ct }),
              },
              maxErrors === undefined ? { onWarning: () => {} } : { onWarning: () => {}, maxErrors },
            )
            expect(['success', 'failure', 'skipped']).toContain(result.outcome)
            expect(typeof result.message).toBe('string')
          })
        },
      ),
      propertyRuns(),
    )
  })

  it('validateRequest returns a result or a coded error for any request', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        method,
        path,
        headers,
        fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
        contentType,
        body,
        (m, p, h, cookies, ct, b) => {
          expectCodedOrNothing(() => {
            const result = validateRequest(
              spec,
              {
                method: m,
                path: p,
                headers: h,
                cookies,
                body: b,
                ...(ct === undefined ? {} : { contentType: ct }),
              },
              { onWarning: () => {} },
            )
            expect(['success', 'failure', 'skipped']).toContain(result.outcome)
            expect(typeof result.message).toBe('string')
          })
        },
      ),
      propertyRuns(),
    )
  })
})
