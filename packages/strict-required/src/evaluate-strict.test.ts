import { readFileSync } from 'node:fs'
import { fixturePath } from '@contracttool/fixtures'
import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { buildSpec, type LoadedSpec } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import { describe, expect, it } from 'vitest'
import { specWithResponse, successResult, thrownContractToolError } from './build-test-spec.test-kit.js'
import { evaluateStrictAdditionalProperties, evaluateStrictRequired } from './evaluate-strict.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import { StrictAdditionalPropertiesTracker, StrictRequiredTracker } from './strict-tracker.js'

function trackerWith(
  bodies: readonly unknown[],
  result: ValidationResult = successResult(),
): StrictRequiredTracker {
  const tracker = new StrictRequiredTracker()
  for (const body of bodies) tracker.record(result, body)
  return tracker
}

/** Drift as `pointer: keys` lines, the shortest way to read a table of cases. */
function driftOf(spec: LoadedSpec, bodies: readonly unknown[]): string[] {
  return evaluateStrictRequired([spec], trackerWith(bodies), 'warn').reports.map(
    (report) => `${report.pointer}: ${report.missingFromRequired.join(', ')}`,
  )
}

const pet: JsonObject = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, tag: { type: 'string' } },
}

const cases: {
  name: string
  schema: JsonValue
  components?: JsonObject
  bodies: unknown[]
  want: string[]
}[] = [
  {
    name: 'keys present in every response, declared and not required, drift',
    schema: pet,
    bodies: [
      { id: 1, name: 'a', tag: 'x' },
      { id: 2, name: 'b' },
    ],
    want: ['/: name'],
  },
  {
    name: 'a single observation is not enough (hits >= 2)',
    schema: pet,
    bodies: [{ id: 1, name: 'a', tag: 'x' }],
    want: [],
  },
  {
    name: 'fields present only sometimes are not flagged',
    schema: pet,
    bodies: [{ id: 1, name: 'a' }, { id: 2 }],
    want: [],
  },
  {
    name: 'keys not declared in `properties` are not drift (left to strict additional properties)',
    schema: pet,
    bodies: [
      { id: 1, extra: true },
      { id: 2, extra: false },
    ],
    want: [],
  },
  {
    name: 'allOf is unioned: properties and required of every branch count',
    schema: {
      allOf: [
        { $ref: '#/components/schemas/Base' },
        {
          type: 'object',
          required: ['kind'],
          properties: { kind: { type: 'string' }, label: { type: 'string' } },
        },
      ],
    },
    components: {
      schemas: {
        Base: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer' }, created: { type: 'string' } },
        },
      },
    },
    bodies: [
      { id: 1, kind: 'a', label: 'l', created: 'c' },
      { id: 2, kind: 'b', label: 'm', created: 'd' },
    ],
    want: ['/: created, label'],
  },
  {
    name: 'allOf is unioned at nested levels too',
    schema: {
      type: 'object',
      required: ['owner'],
      properties: {
        owner: {
          allOf: [{ required: ['id'], properties: { id: {} } }, { properties: { email: {}, phone: {} } }],
        },
      },
    },
    bodies: [{ owner: { id: 1, email: 'e', phone: 'p' } }, { owner: { id: 2, email: 'f' } }],
    want: ['/owner: email'],
  },
  {
    name: 'array element shapes are compared with `items`',
    schema: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: pet } } },
    bodies: [{ data: [{ id: 1, name: 'a' }] }, { data: [{ id: 2, name: 'b', tag: 't' }] }],
    want: ['/data[*]: name'],
  },
  {
    name: 'a root array uses `[*]`',
    schema: { type: 'array', items: pet },
    bodies: [[{ id: 1, tag: 'a' }], [{ id: 2, tag: 'b' }]],
    want: ['[*]: tag'],
  },
  {
    name: 'an empty array in one response drops the element row',
    schema: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: pet } } },
    bodies: [{ data: [{ id: 1, name: 'a' }] }, { data: [] }, { data: [{ id: 3, name: 'c' }] }],
    want: [],
  },
  {
    name: 'map-shaped nodes are excluded with everything below; a sibling still drifts',
    schema: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        labels: { type: 'object', additionalProperties: { type: 'object', properties: { v: {} } } },
      },
    },
    bodies: [
      { id: 1, labels: { env: { v: 1 } } },
      { id: 2, labels: { env: { v: 2 } } },
    ],
    want: ['/: id, labels'],
  },
  {
    name: 'a node with properties and additionalProperties is reported normally',
    schema: {
      type: 'object',
      required: ['id'],
      properties: { id: {}, name: {} },
      additionalProperties: { type: 'string' },
    },
    bodies: [
      { id: 1, name: 'a', x: 'y' },
      { id: 2, name: 'b', x: 'z' },
    ],
    want: ['/: name'],
  },
  {
    name: 'a map-shaped node under allOf stays map-shaped',
    schema: { allOf: [{ type: 'object' }, { additionalProperties: true }] },
    bodies: [{ a: 1 }, { a: 2 }],
    want: [],
  },
  {
    name: 'anyOf nodes are not walked (their observations become a NOTE)',
    schema: {
      type: 'object',
      properties: { id: {}, shape: { anyOf: [pet, { type: 'object', properties: { x: {} } }] } },
    },
    bodies: [
      { id: 1, shape: { id: 1, name: 'n' } },
      { id: 2, shape: { id: 2, name: 'm' } },
    ],
    want: ['/: id, shape'],
  },
  {
    name: 'recursive schemas are followed as deep as the bodies go',
    schema: { $ref: '#/components/schemas/Node' },
    components: {
      schemas: {
        Node: {
          type: 'object',
          required: ['value'],
          properties: {
            value: {},
            note: {},
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
      },
    },
    bodies: [
      { value: 1, children: [{ value: 2, note: 'n', children: [{ value: 3, note: 'deep' }] }] },
      { value: 1, children: [{ value: 2, note: 'n', children: [{ value: 4, note: 'deep' }] }] },
    ],
    want: ['/: children', '/children[*]: children, note', '/children[*]/children[*]: note'],
  },
  {
    name: 'a self-referencing allOf does not loop',
    schema: { $ref: '#/components/schemas/Loop' },
    components: {
      schemas: { Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }], properties: { a: {} } } },
    },
    bodies: [{ a: 1 }, { a: 2 }],
    want: ['/: a'],
  },
  {
    name: '`type: [object, null]` (3.1) is an object',
    schema: { type: ['object', 'null'], properties: { a: {}, b: {} }, required: ['a'] },
    bodies: [
      { a: 1, b: 2 },
      { a: 1, b: 3 },
    ],
    want: ['/: b'],
  },
  {
    name: 'escaped names line up with the schema',
    schema: {
      type: 'object',
      required: ['a/b'],
      properties: { 'a/b': { type: 'object', properties: { 'c~d': {} } } },
    },
    bodies: [{ 'a/b': { 'c~d': 1 } }, { 'a/b': { 'c~d': 2 } }],
    want: ['/a~1b: c~d'],
  },
]

describe('evaluateStrictRequired', () => {
  it.each(cases)('$name', ({ schema, components, bodies, want }) => {
    const spec = specWithResponse(schema, components === undefined ? {} : { components })
    expect(driftOf(spec, bodies)).toEqual(want)
  })

  it('in 3.0, siblings of a $ref are ignored; in 3.1 they apply', () => {
    const schema = { $ref: '#/components/schemas/Pet', required: ['name'] }
    const components = { schemas: { Pet: pet } }
    const bodies = [
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]
    expect(driftOf(specWithResponse(schema, { components, version: '3.0' }), bodies)).toEqual(['/: name'])
    expect(driftOf(specWithResponse(schema, { components, version: '3.1' }), bodies)).toEqual([])
  })

  it('renders the warn block, with the disjunction NOTE', () => {
    const spec = specWithResponse({
      type: 'object',
      required: ['id'],
      properties: {
        id: {},
        name: {},
        items: { type: 'array', items: pet },
        payment: {
          oneOf: [
            { type: 'object', properties: { card: {} } },
            { type: 'object', properties: { iban: {} } },
          ],
        },
      },
    })
    const body = { id: 1, name: 'n', items: [{ id: 1, name: 'x', tag: 't' }], payment: { card: '4242' } }
    const outcome = evaluateStrictRequired([spec], trackerWith([body, body, body]), 'warn')
    expect(outcome.exitCode).toBe(0)
    expect(outcome.notes).toMatchInlineSnapshot(`
      [
        "[OpenAPI Strict Required] NOTE: 1 observation pointer(s) landed on disjunction (anyOf/oneOf) schema nodes; skipped from drift detection because \`required\` is not safely AND-mergeable across disjunctions. Pin the shape with \`allOf\` if you need strict_required coverage there:
        - api :: GET /things :: 200:application/json:/payment (oneOf at /payment)",
      ]
    `)
    expect(outcome.message).toMatchInlineSnapshot(`
      "[OpenAPI Strict Required] WARNING: 2 endpoint response(s) have always-present fields missing from \`required\`.

        GET /things  200  application/json:/
          Observed in 3 response(s); the following keys appeared every time but are not declared in \`required\`:
            - items
            - name
            - payment

        GET /things  200  application/json:/items[*]
          Observed in 3 response(s); the following keys appeared every time but are not declared in \`required\`:
            - name
            - tag

      Action: add these fields to the response schema's \`required\` array, or set \`strict_required = off\` if intentional.
      Configuration: contractTesting({ strictRequired: 'warn' | 'fail' | 'off' }) in vitest.config, or --strict-required=<mode> for contracttool coverage:merge"
    `)
    expect(outcome.stepSummary).toMatchInlineSnapshot(`
      "## :warning: OpenAPI strict_required drift

      strict_required detected schema under-description (warn-only).

      \`\`\`
      [OpenAPI Strict Required] WARNING: 2 endpoint response(s) have always-present fields missing from \`required\`.

        GET /things  200  application/json:/
          Observed in 3 response(s); the following keys appeared every time but are not declared in \`required\`:
            - items
            - name
            - payment

        GET /things  200  application/json:/items[*]
          Observed in 3 response(s); the following keys appeared every time but are not declared in \`required\`:
            - name
            - tag

      Action: add these fields to the response schema's \`required\` array, or set \`strict_required = off\` if intentional.
      Configuration: contractTesting({ strictRequired: 'warn' | 'fail' | 'off' }) in vitest.config, or --strict-required=<mode> for contracttool coverage:merge
      \`\`\`

      "
    `)
  })

  it('renders the fail block with exit code 1', () => {
    const spec = specWithResponse(pet)
    const outcome = evaluateStrictRequired(
      new Map([['api', spec]]),
      trackerWith([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]),
      'fail',
    )
    expect(outcome.exitCode).toBe(1)
    expect(outcome.message).toMatchInlineSnapshot(`
      "[OpenAPI Strict Required] FATAL: 1 endpoint response(s) have always-present fields missing from \`required\`.

        GET /things  200  application/json:/
          Observed in 2 response(s); the following keys appeared every time but are not declared in \`required\`:
            - name

      Action: add these fields to the response schema's \`required\` array, or set \`strict_required = off\` if intentional.
      Configuration: contractTesting({ strictRequired: 'warn' | 'fail' | 'off' }) in vitest.config, or --strict-required=<mode> for contracttool coverage:merge"
    `)
    expect(outcome.stepSummary).toMatchInlineSnapshot(`
      "## :rotating_light: FATAL OpenAPI strict_required drift

      strict_required detected schema under-description and the test run was aborted.

      \`\`\`
      [OpenAPI Strict Required] FATAL: 1 endpoint response(s) have always-present fields missing from \`required\`.

        GET /things  200  application/json:/
          Observed in 2 response(s); the following keys appeared every time but are not declared in \`required\`:
            - name

      Action: add these fields to the response schema's \`required\` array, or set \`strict_required = off\` if intentional.
      Configuration: contractTesting({ strictRequired: 'warn' | 'fail' | 'off' }) in vitest.config, or --strict-required=<mode> for contracttool coverage:merge
      \`\`\`

      "
    `)
  })

  it('uses the caller’s configuration hint', () => {
    const outcome = evaluateStrictRequired(
      [specWithResponse(pet)],
      trackerWith([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]),
      'warn',
      { configurationHint: '--strict-required=warn|fail|off' },
    )
    expect(outcome.message.split('\n').at(-1)).toBe('Configuration: --strict-required=warn|fail|off')
  })

  it('reports nothing and evaluates nothing in off mode', () => {
    const outcome = evaluateStrictRequired(
      [specWithResponse(pet)],
      trackerWith([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]),
      'off',
    )
    expect(outcome).toEqual({ reports: [], notes: [], message: '', exitCode: 0, stepSummary: '' })
  })

  it('puts groups without a resolvable schema, or without a loaded spec, in a NOTE', () => {
    const spec = specWithResponse(pet)
    const tracker = new StrictRequiredTracker()
    for (let i = 0; i < 2; i++) {
      tracker.record(successResult({ matchedStatusKey: '404' }), { error: 'x' })
      tracker.record(successResult({ specName: 'gone' }), { id: 1 })
      tracker.record(successResult({ matchedStatusKey: '500' }), { once: 1 })
    }
    tracker.record(successResult({ matchedStatusKey: '418' }), { once: 1 })
    const outcome = evaluateStrictRequired([spec], tracker, 'fail')
    expect(outcome.exitCode).toBe(0)
    expect(outcome.message).toBe('')
    expect(outcome.notes).toMatchInlineSnapshot(`
      [
        "[OpenAPI Strict Required] NOTE: 3 observation group(s) had no matching response schema; skipped from drift detection:
        - api :: GET /things :: 404:application/json
        - api :: GET /things :: 500:application/json
        - gone :: GET /things :: 200:application/json (spec 'gone' is not loaded)",
      ]
    `)
  })

  it('sorts reports by spec, method, path, status, content type, pointer', () => {
    const spec = specWithResponse(pet, { path: '/b' })
    const other = specWithResponse(pet, { path: '/a', name: 'aaa' })
    const tracker = new StrictRequiredTracker()
    for (let i = 0; i < 2; i++) {
      tracker.record(successResult({ matchedPath: '/b' }), { id: i, name: 'n' })
      tracker.record(successResult({ matchedPath: '/a', specName: 'aaa' }), { id: i, tag: 't' })
    }
    const outcome = evaluateStrictRequired([spec, other], tracker, 'warn')
    expect(outcome.reports.map((r) => `${r.specName} ${r.path}`)).toEqual(['aaa /a', 'api /b'])
  })

  it('walks mutual recursion and reports disjunctions of the shared recursive fixture', () => {
    const document = JSON.parse(readFileSync(fixturePath('recursive-3.1.json'), 'utf8')) as JsonObject
    const spec = buildSpec(document, {
      name: 'recursive',
      version: '3.1',
      openapi: '3.1.0',
      defaultDialect: '2020-12',
    })
    const body = { name: 'a', b: { count: 1, a: { name: 'b', b: { count: 2 } } } }
    const tracker = new StrictRequiredTracker()
    const result = successResult({ specName: 'recursive', matchedPath: '/a' })
    tracker.record(result, body)
    tracker.record(result, body)
    const outcome = evaluateStrictRequired([spec], tracker, 'warn')
    expect(outcome.reports.map((r) => `${r.pointer}: ${r.missingFromRequired.join(', ')}`)).toEqual([
      '/: b',
      '/b: a',
      '/b/a: b',
    ])
  })
})

describe('evaluateStrictRequired on merged worker states (fixture strict-required/orders-3.1.json)', () => {
  const document = JSON.parse(
    readFileSync(fixturePath('strict-required/orders-3.1.json'), 'utf8'),
  ) as JsonObject
  const spec = buildSpec(document, {
    name: 'orders',
    version: '3.1',
    openapi: '3.1.0',
    defaultDialect: '2020-12',
  })
  const getOrder = successResult({ specName: 'orders', matchedPath: '/orders/{id}' })
  const listOrders = successResult({ specName: 'orders', matchedPath: '/orders' })
  const labels = successResult({ specName: 'orders', matchedPath: '/labels' })
  const category = successResult({ specName: 'orders', matchedPath: '/categories/{id}' })
  const notFound = successResult({ specName: 'orders', matchedPath: '/orders/{id}', matchedStatusKey: '404' })
  const order = (id: number, extra: object = {}) => ({
    id,
    created_at: '2024-01-01',
    status: 'open',
    lines: [{ sku: 'a', quantity: 1 }],
    payment: { card: '4242' },
    metadata: { source: 'web' },
    ...extra,
  })

  it('reports the same drift as a single process would, with both NOTE kinds', () => {
    const worker1 = new StrictRequiredTracker()
    worker1.record(getOrder, order(1, { note: 'n' }))
    worker1.record(listOrders, { data: [order(1), order(2)], next: null })
    worker1.record(labels, { red: '#f00' })
    worker1.record(category, { name: 'a', slug: 'a', children: [{ name: 'b', slug: 'b', children: [] }] })
    worker1.record(notFound, { error: 'missing' })
    const worker2 = new StrictRequiredTracker()
    worker2.record(getOrder, order(2))
    worker2.record(listOrders, { data: [], next: 'cursor' })
    worker2.record(labels, { red: '#f00' })
    worker2.record(category, { name: 'c', slug: 'c', children: [{ name: 'd', slug: 'd', children: [] }] })
    worker2.record(notFound, { error: 'missing' })

    const merged = new StrictRequiredTracker()
    for (const worker of [worker1, worker2]) merged.mergeState(JSON.parse(JSON.stringify(worker.toState())))
    const outcome = evaluateStrictRequired([spec], merged, 'warn', {
      configurationHint: '--strict-required=<mode>',
    })
    expect(outcome.notes).toMatchInlineSnapshot(`
      [
        "[OpenAPI Strict Required] NOTE: 1 observation group(s) had no matching response schema; skipped from drift detection:
        - orders :: GET /orders/{id} :: 404:application/json",
        "[OpenAPI Strict Required] NOTE: 1 observation pointer(s) landed on disjunction (anyOf/oneOf) schema nodes; skipped from drift detection because \`required\` is not safely AND-mergeable across disjunctions. Pin the shape with \`allOf\` if you need strict_required coverage there:
        - orders :: GET /orders/{id} :: 200:application/json:/payment (oneOf at /payment)",
      ]
    `)
    expect(outcome.message).toMatchInlineSnapshot(`
      "[OpenAPI Strict Required] WARNING: 5 endpoint response(s) have always-present fields missing from \`required\`.

        GET /categories/{id}  200  application/json:/
          Observed in 2 response(s); the following keys appeared every time but are not declared in \`required\`:
            - children
            - slug

        GET /categories/{id}  200  application/json:/children[*]
          Observed in 2 response(s); the following keys appeared every time but are not declared in \`required\`:
            - children
            - slug

        GET /orders  200  application/json:/
          Observed in 2 response(s); the following keys appeared every time but are not declared in \`required\`:
            - next

        GET /orders/{id}  200  application/json:/
          Observed in 2 response(s); the following keys appeared every time but are not declared in \`required\`:
            - created_at
            - metadata
            - payment

        GET /orders/{id}  200  application/json:/lines[*]
          Observed in 2 response(s); the following keys appeared every time but are not declared in \`required\`:
            - quantity

      Action: add these fields to the response schema's \`required\` array, or set \`strict_required = off\` if intentional.
      Configuration: --strict-required=<mode>"
    `)
  })
})

describe('evaluateStrictRequired misuse', () => {
  it.each([
    {
      name: 'specs that are neither a Map nor an array',
      call: () => evaluateStrictRequired({} as never, new StrictRequiredTracker(), 'warn'),
    },
    {
      name: 'two specs with the same name',
      call: () =>
        evaluateStrictRequired(
          [specWithResponse({}), specWithResponse({})],
          new StrictRequiredTracker(),
          'warn',
        ),
    },
    { name: 'a tracker of the wrong kind', call: () => evaluateStrictRequired([], {} as never, 'warn') },
  ])('rejects $name', ({ call }) => {
    expect(thrownContractToolError(call).code).toBe(StrictRequiredErrorCode.InvalidArgument)
  })

  it('rejects an unknown mode', () => {
    expect(
      thrownContractToolError(() => evaluateStrictRequired([], new StrictRequiredTracker(), 'loud' as never)),
    ).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_STRICT_INVALID_MODE",
        "message": "[OpenAPI Strict Required] FATAL: mode=loud is not recognised. Accepted: off, warn, fail.",
      }
    `)
  })
})

describe('evaluateStrictRequired offSetting', () => {
  it('names turning the gate off in the caller option syntax', () => {
    const spec = specWithResponse(
      { type: 'object', properties: { id: {}, note: {} } },
      { path: '/orders/{id}', name: 'orders' },
    )
    const tracker = new StrictRequiredTracker()
    const result = successResult({ specName: 'orders', matchedPath: '/orders/{id}' })
    tracker.record(result, { id: 1, note: 'a' })
    tracker.record(result, { id: 2, note: 'b' })
    const action = (offSetting?: string) =>
      evaluateStrictRequired([spec], tracker, 'warn', offSetting === undefined ? {} : { offSetting })
        .message.split('\n')
        .find((line) => line.startsWith('Action:'))
    expect(action()).toContain('or set `strict_required = off` if intentional.')
    expect(action("`strictRequired: 'off'`")).toContain("or set `strictRequired: 'off'` if intentional.")
  })
})

const user: JsonObject = {
  type: 'object',
  properties: { id: {}, items: { type: 'array', items: { type: 'object', properties: { sku: {} } } } },
}

function findingsTrackerWith(
  bodies: readonly unknown[],
  schema: JsonObject = user,
): StrictAdditionalPropertiesTracker {
  const spec = specWithResponse(schema)
  const tracker = new StrictAdditionalPropertiesTracker()
  for (const body of bodies) tracker.record(spec, successResult(), body)
  return tracker
}

describe('evaluateStrictAdditionalProperties', () => {
  it('escapes control characters of response property names: one line per finding', () => {
    const outcome = evaluateStrictAdditionalProperties(
      [specWithResponse(user)],
      findingsTrackerWith([{ id: 1, 'x\n::error::pwned\u001b[31m': true }]),
      'warn',
    )
    expect(outcome.message).toContain(
      "  - /x\\n::error::pwned\\u001b[31m (x\\n::error::pwned\\u001b[31m) — spec 'api'",
    )
    for (const line of outcome.message.split('\n')) expect(line).not.toMatch(/^::/)
    expect(outcome.message).not.toContain('\u001b')
  })

  it('renders one finding in the singular (warn: exit 0)', () => {
    const outcome = evaluateStrictAdditionalProperties(
      [specWithResponse(user)],
      findingsTrackerWith([{ id: 1, debug: true }]),
      'warn',
    )
    expect(outcome.exitCode).toBe(0)
    expect(outcome.message).toMatchInlineSnapshot(`
      "[OpenAPI Strict Additional Properties] WARNING: 1 undocumented response property was observed.

        - /debug (debug) — spec 'api', GET /things, 200, application/json; observed in 1 response(s)

      Action: declare each property in \`properties\` / \`patternProperties\`, explicitly document the object as open with \`additionalProperties\` / \`unevaluatedProperties\`, or set \`strict_additional_properties = off\`."
    `)
    expect(outcome.stepSummary).toMatchInlineSnapshot(`
      "## :warning: OpenAPI undocumented response properties

      strict_additional_properties found undocumented response fields (warn-only).

      \`\`\`
      [OpenAPI Strict Additional Properties] WARNING: 1 undocumented response property was observed.

        - /debug (debug) — spec 'api', GET /things, 200, application/json; observed in 1 response(s)

      Action: declare each property in \`properties\` / \`patternProperties\`, explicitly document the object as open with \`additionalProperties\` / \`unevaluatedProperties\`, or set \`strict_additional_properties = off\`.
      \`\`\`

      "
    `)
  })

  it('renders several findings in the plural, sorted by pointer (fail: exit 1)', () => {
    const tracker = findingsTrackerWith([
      { id: 1, items: [{ sku: 'a', internal_score: 3 }], debug: true },
      { id: 2, debug: false },
    ])
    const outcome = evaluateStrictAdditionalProperties([specWithResponse(user)], tracker, 'fail')
    expect(outcome.exitCode).toBe(1)
    expect(outcome.message).toMatchInlineSnapshot(`
      "[OpenAPI Strict Additional Properties] FATAL: 2 undocumented response properties were observed.

        - /debug (debug) — spec 'api', GET /things, 200, application/json; observed in 2 response(s)
        - /items[*]/internal_score (internal_score) — spec 'api', GET /things, 200, application/json; observed in 1 response(s)

      Action: declare each property in \`properties\` / \`patternProperties\`, explicitly document the object as open with \`additionalProperties\` / \`unevaluatedProperties\`, or set \`strict_additional_properties = off\`."
    `)
    expect(outcome.stepSummary.split('\n').slice(0, 3)).toEqual([
      '## :rotating_light: FATAL OpenAPI undocumented response properties',
      '',
      'strict_additional_properties found undocumented response fields and the test run was aborted.',
    ])
  })

  it('reports nothing when every property is documented, and in off mode', () => {
    expect(
      evaluateStrictAdditionalProperties([specWithResponse(user)], findingsTrackerWith([{ id: 1 }]), 'fail'),
    ).toEqual({
      reports: [],
      message: '',
      exitCode: 0,
      stepSummary: '',
    })
    const drifting = findingsTrackerWith([{ id: 1, debug: true }])
    expect(evaluateStrictAdditionalProperties([specWithResponse(user)], drifting, 'off').reports).toEqual([])
  })

  it('confirms findings against the live spec: a property documented since is dropped', () => {
    const tracker = findingsTrackerWith([{ id: 1, debug: true, items: [{ sku: 'a', score: 1 }] }])
    const documented = specWithResponse({
      type: 'object',
      properties: {
        id: {},
        debug: {},
        items: { type: 'array', items: { type: 'object', additionalProperties: true } },
      },
    })
    expect(evaluateStrictAdditionalProperties([documented], tracker, 'warn').reports).toEqual([])
    expect(evaluateStrictAdditionalProperties([], tracker, 'warn').reports.map((r) => r.pointer)).toEqual([
      '/debug',
      '/items[*]/score',
    ])
  })
})

describe('evaluateStrictAdditionalProperties offSetting', () => {
  it('names turning the report off in the caller option syntax', () => {
    const spec = specWithResponse(
      { type: 'object', properties: { id: {} } },
      { path: '/orders', name: 'orders' },
    )
    const tracker = new StrictAdditionalPropertiesTracker()
    tracker.record(spec, successResult({ specName: 'orders', matchedPath: '/orders' }), {
      id: 1,
      extra: true,
    })
    const action = (offSetting?: string) =>
      evaluateStrictAdditionalProperties(
        [spec],
        tracker,
        'warn',
        offSetting === undefined ? {} : { offSetting },
      )
        .message.split('\n')
        .find((line) => line.startsWith('Action:'))
    expect(action()).toContain('or set `strict_additional_properties = off`.')
    expect(action('`--strict-additional-properties=off`')).toContain(
      'or set `--strict-additional-properties=off`.',
    )
  })
})
