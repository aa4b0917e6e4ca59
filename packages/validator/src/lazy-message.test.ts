import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import { validateResponse } from './validate-response.js'

const ITEM = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' } },
}

function petSpec() {
  return makeSpec({
    paths: {
      '/pets': { get: { responses: { '200': { description: 'ok' } } } },
      '/pets/{id}': {
        get: {
          operationId: 'getPet',
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: ITEM } } },
          },
        },
      },
    },
  })
}

// Counts how often the spec's template list is read: ranking closest paths walks it, while a call that
// finds its path only checks that it is there.
function countTemplateReads(spec: ReturnType<typeof makeSpec>): { readonly count: () => number } {
  const paths = spec.paths
  let reads = 0
  Object.defineProperty(spec, 'paths', {
    get() {
      reads++
      return paths
    },
  })
  return { count: () => reads }
}

const NO_PATH = [
  "No matching path found in 'test' spec for GET /pet/7",
  '  closest spec paths:',
  '    - GET /pets/{id}',
  '    - GET /pets',
].join('\n')

describe('failure messages are rendered on first read', () => {
  it('ranks closest paths for a missed path only when the message is read', () => {
    const spec = petSpec()
    // Builds the path matcher, which reads the templates.
    validateResponse(spec, { method: 'GET', path: '/pets/1', status: 200, body: { id: 1 } })
    const templates = countTemplateReads(spec)
    // A path not seen before goes through the matcher (a repeated one is remembered).
    validateResponse(spec, { method: 'GET', path: '/pets/2', status: 200, body: { id: 2 } })
    const perCall = templates.count()
    expect(perCall).toBeGreaterThan(0)
    const result = validateResponse(spec, { method: 'GET', path: '/pet/7', status: 200 })
    expect(result.outcome).toBe('failure')
    expect(result.violations[0]?.code).toBe('no-matching-path')
    expect(templates.count()).toBe(2 * perCall)
    expect(result.message).toBe(NO_PATH)
    const reads = templates.count()
    expect(reads).toBeGreaterThan(2 * perCall)
    expect(result.violations[0]?.message).toBe(NO_PATH)
    expect(result.message).toBe(NO_PATH)
    expect(templates.count()).toBe(reads)
  })

  it('matches and ranks a repeated miss once', () => {
    const spec = petSpec()
    const first = validateResponse(spec, { method: 'GET', path: '/pet/7', status: 200 })
    expect(first.message).toBe(NO_PATH)
    const templates = countTemplateReads(spec)
    const again = validateResponse(spec, { method: 'GET', path: '/pet/7', status: 200 })
    expect(again.message).toBe(NO_PATH)
    expect(templates.count()).toBe(0)
    // Another method on the same path is a request of its own.
    expect(validateResponse(spec, { method: 'PUT', path: '/pet/7', status: 200 }).message).toContain(
      'for PUT /pet/7',
    )
    expect(templates.count()).toBeGreaterThan(0)
  })

  it('shows the messages to spreading, comparing, JSON and structured cloning', () => {
    const spec = petSpec()
    const missed = validateResponse(spec, { method: 'GET', path: '/pet/7', status: 200 })
    const plainMiss = {
      outcome: 'failure',
      specName: 'test',
      method: 'GET',
      matchedPath: null,
      matchedStatusKey: null,
      matchedContentType: null,
      matchedServer: null,
      violations: [{ code: 'no-matching-path', message: NO_PATH, location: { in: 'path', pointer: '' } }],
      skipReason: null,
      message: NO_PATH,
    }
    expect(missed).toEqual(plainMiss)
    expect(structuredClone(missed)).toStrictEqual(plainMiss)
    expect(JSON.stringify(missed)).toBe(JSON.stringify(plainMiss))
    expect({ ...missed }).toMatchObject({ message: NO_PATH })

    const failed = validateResponse(spec, {
      method: 'GET',
      path: '/pets/7',
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { id: 'seven' },
    })
    const message = [
      "GET /pets/{id} 200 application/json: 1 violation against 'test' spec (operationId getPet, request path /pets/7)",
      '  [/id] must be integer, received "seven" (string)',
    ].join('\n')
    expect(Object.keys(failed)).toEqual(Object.keys(plainMiss))
    expect(structuredClone(failed).message).toBe(message)
    expect(JSON.parse(JSON.stringify(failed)).message).toBe(message)
    expect(failed).toMatchObject({ outcome: 'failure', message })
  })
})
