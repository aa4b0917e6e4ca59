import { fixturePath } from '@contracttool/fixtures'
import type { JsonValue } from '@contracttool/kernel'
import { type LoadedSpec, loadSpecFileSync } from '@contracttool/spec-loader'
import type { OpenApiVersion } from '@contracttool/spec-loader/internal'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { compileSchemaValidator } from './compile-schema-validator.js'
import {
  loadGithubRestSpec,
  loadGithubWebhooksSpec,
  readGithubRecordings,
  readWebhookExamples,
} from './github-corpus.test-kit.js'
import { useSchemaCodeCache } from './internal/schema-code.js'
import { makeSpec } from './make-spec.test-kit.js'
import type { ResponseInput, SchemaCode, SchemaCodeCache } from './types.js'
import { validateResponse } from './validate-response.js'
import { validateWebhook } from './validate-webhook.js'

// Counts the Ajv instances the registry creates: a schema served from kept code needs none.
const ajvCreated = vi.hoisted(() => ({ count: 0 }))
vi.mock('./internal/ajv-classes.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./internal/ajv-classes.js')>()
  return {
    ajvClasses: () => {
      ajvCreated.count++
      return original.ajvClasses()
    },
  }
})

/** A cache as a file would keep it: every entry goes through JSON. Counts what it is asked. */
class JsonCache implements SchemaCodeCache {
  readonly entries = new Map<string, string>()
  gets = 0
  hits = 0
  sets = 0

  get(key: string): SchemaCode | undefined {
    this.gets++
    const json = this.entries.get(key)
    if (json !== undefined) this.hits++
    return json === undefined ? undefined : (JSON.parse(json) as SchemaCode)
  }

  set(key: string, code: SchemaCode): void {
    this.sets++
    this.entries.set(key, JSON.stringify(code))
  }

  counts() {
    return { gets: this.gets, hits: this.hits, sets: this.sets }
  }
}

/**
 * Runs `work` three times, each on a spec of its own (so nothing compiled is shared but the cache):
 * without a cache, filling one, and served by it. Returns the three results and what the cache was asked.
 */
function threeWays<T>(load: () => LoadedSpec, work: (spec: LoadedSpec) => T) {
  const plain = work(load())
  const cache = new JsonCache()
  useSchemaCodeCache(cache)
  const filling = work(load())
  const filled = cache.counts()
  const created = ajvCreated.count
  const served = work(load())
  const after = cache.counts()
  return {
    plain,
    filling,
    served,
    cache,
    filled,
    second: {
      gets: after.gets - filled.gets,
      hits: after.hits - filled.hits,
      sets: after.sets - filled.sets,
      ajvCreated: ajvCreated.count - created,
    },
  }
}

afterEach(() => useSchemaCodeCache(undefined))

// A pet whose name is a number: fails, so the failure path runs through the kept code too.
const BAD_PET: ResponseInput = {
  method: 'GET',
  path: '/pets/1',
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: { id: 1, name: 7, kind: 'cat' },
}

describe('schema code cache', () => {
  it('serves every schema of the GitHub recordings from kept code, with the same verdicts and messages', {
    timeout: 120_000,
  }, () => {
    const recordings = readGithubRecordings()
    const run = threeWays(loadGithubRestSpec, (spec) =>
      recordings.map((recording) => validateResponse(spec, recording, { maxErrors: 0, onWarning: () => {} })),
    )
    expect(run.plain.some((result) => result.outcome === 'failure')).toBe(true)
    expect(run.filling).toEqual(run.plain)
    expect(run.served).toEqual(run.plain)
    expect(run.filled.sets).toBeGreaterThan(50)
    // The second spec compiled nothing with Ajv: every schema it met was kept by the first.
    expect(run.second).toEqual({ gets: run.second.gets, hits: run.second.gets, sets: 0, ajvCreated: 0 })
  })

  it('serves the webhook payloads (OpenAPI 3.1, Ajv 2020) the same way', { timeout: 120_000 }, () => {
    const examples = readWebhookExamples(loadGithubWebhooksSpec())
    const run = threeWays(loadGithubWebhooksSpec, (spec) =>
      examples.map((example) =>
        validateWebhook(spec, example.webhook as string, { body: example.payload }, { onWarning: () => {} }),
      ),
    )
    expect(run.served).toEqual(run.plain)
    expect(run.filling).toEqual(run.plain)
    expect(run.filled.sets).toBeGreaterThan(50)
    expect(run.second).toEqual({ gets: run.second.gets, hits: run.second.gets, sets: 0, ajvCreated: 0 })
  })

  it.each(['petstore-3.0.yaml', 'petstore-3.1.json', 'recursive-3.0.yaml', 'recursive-3.1.json'])(
    'gives the same answers on %s, failures and headers included',
    (file) => {
      const pet = { id: 1, name: 'Tom', tag: null, kind: 'cat', createdAt: '2024-01-15T09:30:00Z' }
      const responses: ResponseInput[] = [
        { method: 'GET', path: '/pets/1', status: 200, body: pet },
        { method: 'GET', path: '/pets/1', status: 200, body: { ...pet, kind: 'bird', createdAt: 'noon' } },
        { method: 'GET', path: '/pets/1', status: 200, body: { ...pet, secret: 'x', extra: 1 } },
        { method: 'GET', path: '/pets', status: 200, body: [pet, { ...pet, id: 'two' }] },
        {
          method: 'GET',
          path: '/nodes/1',
          status: 200,
          body: { id: 1, children: [{ id: 2, children: [{}] }] },
        },
      ]
      const run = threeWays(
        () => loadSpecFileSync(fixturePath(file)),
        (spec) =>
          responses.map((response) =>
            validateResponse(
              spec,
              { headers: { 'content-type': 'application/json', 'x-rate-limit': 'many' }, ...response },
              { maxErrors: 0, onWarning: () => {} },
            ),
          ),
      )
      expect(run.plain.some((result) => result.outcome === 'failure')).toBe(true)
      expect(run.filling).toEqual(run.plain)
      expect(run.served).toEqual(run.plain)
      // Failures included: the branch a discriminator selects is compiled on its own to explain them.
      expect(run.second).toEqual({ gets: run.second.gets, hits: run.second.gets, sets: 0, ajvCreated: 0 })
    },
  )

  describe('schemas whose code uses patterns, formats, helpers and own properties', () => {
    const schemas: Record<string, unknown> = {
      Tagged: {
        type: 'object',
        required: ['constructor', 'code', 'at'],
        properties: {
          constructor: { type: 'string' },
          code: { type: 'string', pattern: '^[A-Z]{3}-\\d+$' },
          at: { type: 'string', format: 'date-time' },
          site: { type: 'string', format: 'uri' },
          mail: { type: 'string', format: 'email' },
          count: { type: 'integer', format: 'int32' },
          name: { type: 'string', minLength: 2, maxLength: 5 },
          choice: { enum: [{ a: 1 }, [1, 2]] },
          tags: { type: 'array', uniqueItems: true, items: { $ref: '#/components/schemas/Tag' } },
        },
        patternProperties: { '^x-': { type: 'number' } },
        additionalProperties: false,
      },
      Tag: { type: 'object', required: ['label'], properties: { label: { type: 'string' } } },
    }
    const values: unknown[] = [
      { constructor: 'c', code: 'ABC-12', at: '2024-01-15T09:30:00Z', tags: [{ label: 'a' }] },
      {
        code: 'abc',
        at: 'yesterday',
        site: 'not a uri',
        mail: 'nobody',
        count: 2 ** 40,
        name: 'ü',
        choice: { a: 2 },
        tags: [{ label: 'a' }, { label: 'a' }, {}],
        'x-n': 'one',
        other: true,
      },
      Object.create({ constructor: 'inherited', code: 'ABC-1', at: '2024-01-15T09:30:00Z' }),
    ]

    it.each(['3.0', '3.1'] as OpenApiVersion[])('OpenAPI %s', (version) => {
      const run = threeWays(
        () => makeSpec({ paths: {}, components: { schemas } }, version),
        (spec) => {
          const schema = (spec.document.components as { schemas: Record<string, JsonValue> }).schemas
            .Tagged as JsonValue
          const validate = compileSchemaValidator(spec, schema, 'response')
          return values.map((value) => validate(value).map((violation) => violation.message))
        },
      )
      expect(run.plain[0]).toEqual([])
      expect(run.plain[1]?.length).toBeGreaterThan(8)
      expect(run.plain[2]).toEqual(expect.arrayContaining([expect.stringContaining('constructor')]))
      expect(run.filling).toEqual(run.plain)
      expect(run.served).toEqual(run.plain)
      expect(run.second).toEqual({ gets: run.second.gets, hits: run.second.gets, sets: 0, ajvCreated: 0 })
      // Each kept value is one this process can rebuild.
      const kept = [...run.cache.entries.values()].flatMap((json) => (JSON.parse(json) as SchemaCode).values)
      const kinds = new Set(kept.map(([, , what]) => what.replace(/:.*/, '')))
      for (const kind of ['root', 'lazy-ref', 'format', 'pattern', 'helper', 'has-own', 'regexp-engine'])
        expect(kinds).toContain(kind)
    })
  })

  it('does not keep code that calls other compiled schemas (unevaluatedProperties through $ref)', () => {
    const schemas = {
      Base: { type: 'object', properties: { a: { type: 'string' } } },
      Closed: { allOf: [{ $ref: '#/components/schemas/Base' }], unevaluatedProperties: false },
    }
    const run = threeWays(
      () => makeSpec({ paths: {}, components: { schemas } }, '3.1'),
      (spec) => {
        const schema = (spec.document.components as { schemas: Record<string, JsonValue> }).schemas
          .Closed as JsonValue
        const validate = compileSchemaValidator(spec, schema, 'response')
        return [{ a: 'x' }, { a: 'x', b: 1 }].map((value) =>
          validate(value).map((violation) => violation.message),
        )
      },
    )
    expect(run.plain).toEqual([
      [],
      ['[/b] is not evaluated by any subschema and unevaluatedProperties is false, received 1 (number)'],
    ])
    expect(run.served).toEqual(run.plain)
    expect(run.filled.sets).toBe(0)
    expect(run.second.ajvCreated).toBeGreaterThan(0)
  })

  it("runs an entry's compiled function instead of compiling its source", () => {
    const filling = new JsonCache()
    const spec = () => loadSpecFileSync(fixturePath('petstore-3.1.json'))
    useSchemaCodeCache(filling)
    const expected = validateResponse(spec(), BAD_PET, { onWarning: () => {} })
    expect(expected.outcome).toBe('failure')
    // Each entry's source replaced by code that cannot run: only `compiled`, built from the kept source
    // and counted, can give the same answer.
    let calls = 0
    const served: SchemaCodeCache = {
      get(key) {
        const kept = filling.get(key)
        if (kept === undefined) return undefined
        const make = new Function('self', 'scope', kept.source) as (self: object, scope: object) => unknown
        return {
          ...kept,
          source: 'throw new Error("compiled from source")',
          compiled: (self, scope) => {
            calls++
            return make(self, scope)
          },
        }
      },
      set: () => {},
    }
    useSchemaCodeCache(served)
    expect(validateResponse(spec(), BAD_PET, { onWarning: () => {} })).toEqual(expected)
    expect(calls).toBe(filling.sets)
  })

  it.each([
    ['code that does not build a function', { source: 'return 42', values: [] }],
    ['code that does not parse', { source: 'return function (', values: [] }],
    [
      'a value this process does not have',
      { source: 'return function v(){return true}', values: [['func', 0, 'helper:nope']] },
    ],
    [
      'a format it does not know',
      { source: 'return function v(){return true}', values: [['formats', 0, 'format:nope']] },
    ],
  ] as const)('compiles afresh when a kept entry holds %s', (_label, code) => {
    const bad: SchemaCodeCache = { get: () => code as unknown as SchemaCode, set: () => {} }
    const spec = () => loadSpecFileSync(fixturePath('petstore-3.0.yaml'))
    const plain = validateResponse(spec(), BAD_PET)
    useSchemaCodeCache(bad)
    const served = validateResponse(spec(), BAD_PET)
    expect(plain.outcome).toBe('failure')
    expect(served).toEqual(plain)
  })
})
