import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isContractToolError } from '@contracttool/kernel'
import { propertyRuns } from '@contracttool/test-kit'
import fc from 'fast-check'
import { dump } from 'js-yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSpecFileSync } from './load-spec-file.js'
import { loadSpecFromValue } from './load-spec-from-value.js'
import type { LoadedSpec } from './types.js'

const dir = mkdtempSync(join(tmpdir(), 'contracttool-property-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
// A file that relative refs can reach, so generated documents also take the external-file paths.
writeFileSync(join(dir, 'shared.json'), '{"Pet":{"type":"object","properties":{"self":{"$ref":"#/Pet"}}}}')

// Generous: the file property takes about 35 s on a busy 2-core machine.
const TIME_LIMIT_MS = 300_000

const ref = fc.oneof(
  fc.constantFrom(
    '#/components/schemas/A',
    '#/components/schemas/B',
    '#/components/schemas/A/properties/x',
    '#/paths',
    '#/info/title',
    '#',
    '#/',
    '',
    '#foo',
    './shared.json#/Pet',
    './shared.json',
    './shared.json#',
    './missing.yaml#/X',
    '../outside.json',
    'file:///etc/passwd',
    'http://user:secret@example.com/x.json?token=1',
    'mailto:a@b',
    '#/x-contracttool-external/shared.json',
  ),
  fc.string(),
)

const schema = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ type: fc.constantFrom('string', 'object', 'array', 'null', 42) }, { requiredKeys: [] }),
    fc.record({ $ref: fc.oneof(ref, fc.jsonValue({ maxDepth: 1 })) }),
    fc.record({ properties: fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 }) }),
    fc.record({ allOf: fc.array(tie('node'), { maxLength: 3 }) }),
    fc.record({
      discriminator: fc.record({ propertyName: fc.string(), mapping: fc.dictionary(fc.string(), ref) }),
    }),
    fc.jsonValue({ maxDepth: 2 }),
  ),
})).node

const media = fc.dictionary(
  fc.constantFrom('application/json', 'text/plain', '*/*', 'a'),
  fc.record({ schema }),
)
const response = fc.oneof(
  fc.record({ description: fc.string(), content: media }),
  fc.record({ $ref: ref }),
  fc.jsonValue({ maxDepth: 1 }),
)
const operation = fc.oneof(
  fc.record(
    {
      responses: fc.dictionary(fc.constantFrom('200', '2XX', 'default', 'x-a', '999', 'abc'), response, {
        maxKeys: 3,
      }),
      parameters: fc.array(
        fc.oneof(
          fc.record({ name: fc.string(), in: fc.constantFrom('path', 'query', 'header'), schema }),
          fc.record({ $ref: ref }),
        ),
        { maxLength: 2 },
      ),
      requestBody: fc.oneof(fc.record({ content: media }), fc.record({ $ref: ref })),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 1 }),
)
const pathItem = fc.oneof(
  fc.dictionary(
    fc.constantFrom('get', 'post', 'query', 'parameters', '$ref', 'additionalOperations', 'x-y'),
    operation,
    { maxKeys: 3 },
  ),
  fc.record({ $ref: ref }),
  fc.jsonValue({ maxDepth: 1 }),
)
const template = fc.oneof(
  fc.constantFrom('/pets', '/pets/{id}', '/{a}/{a}', 'pets', '/{', '/a/{id}.json', '/'),
  fc.string(),
)

const documentValue = fc.record(
  {
    openapi: fc.oneof(
      fc.constantFrom('3.0.3', '3.1.0', '3.2.0', '2.0', '3.1', '4.0.0'),
      fc.jsonValue({ maxDepth: 0 }),
    ),
    swagger: fc.constant('2.0'),
    info: fc.record({ title: fc.string(), version: fc.string() }),
    jsonSchemaDialect: fc.oneof(
      fc.constantFrom('https://json-schema.org/draft/2020-12/schema', 'urn:x'),
      fc.jsonValue({ maxDepth: 0 }),
    ),
    paths: fc.oneof(fc.dictionary(template, pathItem, { maxKeys: 4 }), fc.jsonValue({ maxDepth: 1 })),
    webhooks: fc.dictionary(fc.string(), pathItem, { maxKeys: 2 }),
    components: fc.record(
      {
        schemas: fc.dictionary(fc.constantFrom('A', 'B', 'C'), schema, { maxKeys: 3 }),
        responses: fc.dictionary(fc.constantFrom('R'), response, { maxKeys: 1 }),
      },
      { requiredKeys: [] },
    ),
    'x-contracttool-external': fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: ['openapi'] },
)

/** Loads, then reads every index a caller may read; anything thrown must be a coded ContractToolError. */
function expectLoadedOrCoded(load: () => LoadedSpec): void {
  try {
    const spec = load()
    for (const operation of spec.operations) expect(operation.key).toContain(' ')
  } catch (error) {
    if (!isContractToolError(error)) throw error
    expect(error.code).toMatch(/^CONTRACTTOOL_[A-Z_]+$/)
  }
}

describe('spec loader properties (10,000 generated inputs each)', () => {
  it(
    'loads any in-memory value, or refuses it with a coded error',
    () => {
      fc.assert(
        fc.property(fc.oneof(documentValue, fc.anything()), (value) => {
          expectLoadedOrCoded(() => loadSpecFromValue(value, { name: 'generated' }))
        }),
        propertyRuns(),
      )
    },
    TIME_LIMIT_MS,
  )

  // Whole documents as JSON or YAML text, some cut short or with characters dropped in.
  const text = fc.oneof(
    documentValue.map((value) => JSON.stringify(value)),
    documentValue.map((value) => dump(value, { skipInvalid: true })),
    fc
      .tuple(documentValue, fc.nat(), fc.string({ unit: 'binary', maxLength: 8 }))
      .map(([value, at, noise]) => {
        const whole = JSON.stringify(value)
        const cut = at % (whole.length + 1)
        return `${whole.slice(0, cut)}${noise}${whole.slice(cut)}`
      }),
    fc.string({ unit: 'binary' }),
  )

  it(
    'loads any JSON or YAML file, or refuses it with a coded error',
    () => {
      let index = 0
      fc.assert(
        fc.property(text, fc.constantFrom('json', 'yaml'), (content, extension) => {
          const path = join(dir, `generated-${index++ % 8}.${extension}`)
          writeFileSync(path, content)
          expectLoadedOrCoded(() => loadSpecFileSync(path))
        }),
        propertyRuns(),
      )
    },
    TIME_LIMIT_MS,
  )
})
