import { fixturePath } from '@contracttool/fixtures'
import { isContractToolError, type JsonValue } from '@contracttool/kernel'
import { type LoadedSpec, loadSpecFile, loadSpecFromValue } from '@contracttool/spec-loader'
import { compileSchemaValidator } from '@contracttool/validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { exploreResponses } from './explore-responses.js'
import { ExplorerErrorCode } from './explorer-error-code.js'

let petstore: LoadedSpec
beforeAll(async () => {
  petstore = await loadSpecFile(fixturePath('petstore-3.2.yaml'))
})

describe('exploreResponses', () => {
  it('covers every (operation, status, JSON media type with a schema), and nothing else', () => {
    const { responses, skips } = exploreResponses(petstore, { seed: 1 })
    expect(skips).toEqual([])
    expect(
      responses.map((r) => `${r.operation.coverageKey()} ${r.statusKey} ${r.contentTypeKey}`),
    ).toMatchInlineSnapshot(`
      [
        "GET /pets 200 application/json",
        "GET /pets default application/problem+json",
        "POST /pets 201 application/json",
        "POST /pets 400 application/problem+json",
        "GET /pets/mine 200 application/json",
        "QUERY /pets/search 200 application/json",
        "QUERY /pets/search 400 application/problem+json",
        "GET /pets/{petId} 200 application/json",
        "GET /pets/{petId} 404 application/problem+json",
        "DELETE /pets/{petId} 404 application/problem+json",
        "PATCH /pets/{petId} 200 application/json",
        "PATCH /pets/{petId} 404 application/problem+json",
        "COPY /pets/{petId} 201 application/json",
        "COPY /pets/{petId} 404 application/problem+json",
        "GET /pets/{petId}/photo 200 application/json",
        "GET /pets/{petId}/photo 404 application/problem+json",
        "GET /health 200 application/json",
      ]
    `)
  })

  it('generates payloads the validator accepts as responses (writeOnly left out, readOnly kept)', () => {
    for (const r of exploreResponses(petstore, { seed: 2, cases: 3 }).responses) {
      const schema = findSchema(petstore, r.operation.method, r.operation.path, r.statusKey, r.contentTypeKey)
      expect(compileSchemaValidator(petstore, schema, 'response')(r.body)).toEqual([])
      expect(JSON.stringify(r.body)).not.toContain('"secret"')
    }
  })

  it('is deterministic under the seed', () => {
    const bodies = (seed: number) =>
      JSON.stringify(exploreResponses(petstore, { seed, cases: 2 }).responses.map((r) => r.body))
    expect(bodies(5)).toBe(bodies(5))
    expect(bodies(5)).not.toBe(bodies(6))
  })

  it('records the exercise immediately before each decode attempt', () => {
    const events: string[] = []
    const [first] = exploreResponses(petstore, {
      onExercise: (...key) => void events.push(`exercise ${key.join(' ')}`),
    }).responses
    first?.assertRoundTrip(
      (json) => {
        events.push('decode')
        return json
      },
      (decoded) => {
        events.push('encode')
        return decoded
      },
    )
    expect(events).toEqual(['exercise petstore-3.2 GET /pets 200 application/json', 'decode', 'encode'])
  })

  it('fails a round trip that changes the payload, with expected and actual for a diff', () => {
    const pet = exploreResponses(petstore).responses.find(
      (r) => r.operation.operationId === 'getPet' && r.statusKey === '200',
    )!
    let caught: unknown
    try {
      pet.assertRoundTrip(
        (json) => ({ ...(json as object), name: 'renamed' }),
        (decoded) => decoded,
      )
    } catch (error) {
      caught = error
    }
    expect(isContractToolError(caught) && caught.code).toBe(ExplorerErrorCode.RoundTripFailed)
    expect(caught).toMatchObject({ expected: pet.body, actual: { ...(pet.body as object), name: 'renamed' } })
    expect((caught as Error).message).toMatch(
      /^SDK round trip changed the payload for GET \/pets\/\{petId\} 200 application\/json/,
    )
  })

  it('fails a round trip whose decoder throws, naming the response', () => {
    const [first] = exploreResponses(petstore).responses
    expect(() =>
      first?.assertRoundTrip(
        () => {
          throw new Error('unknown field kind')
        },
        (decoded) => decoded,
      ),
    ).toThrow(
      /^SDK round trip failed for GET \/pets 200 application\/json \(case 0, seed \d+\): unknown field kind/,
    )
  })

  it('accepts key order changes, and turns what JSON cannot hold into what it becomes', () => {
    const spec = loadSpecFromValue(
      {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/e': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: {
                    'application/vnd.event+json': {
                      schema: {
                        type: 'object',
                        required: ['a', 'b'],
                        properties: { a: { type: 'integer' }, b: { type: 'string', maxLength: 2 } },
                      },
                    },
                    'text/plain': { schema: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
      { name: 'events' },
    )
    const [only, ...rest] = exploreResponses(spec).responses
    expect(rest).toEqual([])
    expect(only?.contentTypeKey).toBe('application/vnd.event+json')
    only?.assertRoundTrip(
      (json) => json as { a: number; b: string },
      (decoded) => ({ b: decoded.b, a: decoded.a }),
    )
  })

  it('skips a response whose schema cannot be generated, with the reason', () => {
    const spec = loadSpecFromValue(
      {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/p': {
            get: {
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { type: 'string', pattern: '^(?=a)a$' } } },
                },
              },
            },
          },
        },
      },
      { name: 'patterns' },
    )
    expect(exploreResponses(spec).skips.map((skip) => skip.reason)).toEqual([
      "Cannot generate the response body: String pattern '^(?=a)a$' is outside the explorer's supported synthesis subset (lookaround assertions).",
    ])
  })
})

function findSchema(
  spec: LoadedSpec,
  method: string,
  path: string,
  status: string,
  contentType: string,
): JsonValue {
  const operation = spec.operations.find((op) => op.method === method && op.path === path)!
  const responses = operation.responses as Record<string, { content: Record<string, { schema: JsonValue }> }>
  return responses[status]!.content[contentType]!.schema
}
