import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, describe, expect, it } from 'vitest'
import { computeCoverage } from './compute-coverage.js'
import { CoverageTracker } from './coverage-tracker.js'
import { fixtureResult, specFrom, validation } from './fixture.test-kit.js'
import { parseCoverageJson, readCoverageJson } from './parse-coverage-json.js'
import { formatTimestamp, renderJson } from './render-json.js'

const packageRoot = join(import.meta.dirname, '..')
const schemaPath = join(packageRoot, 'schema', 'coverage-v3.schema.json')
const NOW = new Date('2026-05-11T12:34:56Z')

/**
 * The shipped schema tolerates additive fields (they keep schema_version 3). For the test, every object
 * schema is closed so a field the writer adds without documenting it fails here.
 */
function closedSchema(): Record<string, unknown> {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>
  const openForAllOf = new Set(['aggregates', 'sdkTotals'])
  const close = (node: unknown, name?: string): void => {
    if (typeof node !== 'object' || node === null) return
    const record = node as Record<string, unknown>
    if ('properties' in record && !(name !== undefined && openForAllOf.has(name)))
      record.unevaluatedProperties = false
    for (const [key, child] of Object.entries(record)) {
      if (key === '$defs' && typeof child === 'object' && child !== null) {
        for (const [defName, def] of Object.entries(child)) close(def, defName)
      } else close(child)
    }
  }
  close(schema)
  return schema
}

describe('renderJson against schema/coverage-v3.schema.json', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true })
  const validate = ajv.compile(closedSchema())

  it.each([
    ['the fixture result', () => fixtureResult()],
    [
      'a result without SDK exercises',
      () => {
        const spec = specFrom('s', {
          openapi: '3.1.0',
          info: { title: 't', version: '1' },
          paths: { '/x': { get: { responses: { '200': { description: '' } } } } },
        })
        const tracker = new CoverageTracker()
        tracker.recordResponse(validation({ spec: 's', path: '/x', contentType: null }))
        return computeCoverage([spec], tracker)
      },
    ],
  ])('%s validates', (_name, build) => {
    const document = JSON.parse(renderJson(build(), { toolVersion: '0.1.0', now: NOW }))
    const valid = validate(document)
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
    expect(document.schema_version).toBe(3)
    expect(document.tool).toEqual({ name: 'contracttool', version: '0.1.0' })
  })

  it('a result with mock coverage validates, the mocks written apart from the aggregate', () => {
    const document = JSON.parse(
      renderJson(fixtureResult(), { toolVersion: '0.1.0', now: NOW, mock: fixtureResult() }),
    )
    const valid = validate(document)
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
    const { mock_coverage, ...rest } = document
    expect(rest).toEqual(JSON.parse(renderJson(fixtureResult(), { toolVersion: '0.1.0', now: NOW })))
    expect(mock_coverage.specs).toEqual(document.specs)
    const { sdk_exercise: _sdk, ...aggregate } = document.aggregate
    expect(mock_coverage.aggregate).toEqual(aggregate)
  })

  it('catches an undocumented field or a wrong type (control)', () => {
    const document = JSON.parse(renderJson(fixtureResult(), { toolVersion: '0.1.0', now: NOW }))
    document.specs.petstore.endpoints[0].undocumented = true
    document.aggregate.sdk_exercise.response_total = -1
    expect(validate(document)).toBe(false)
    expect(validate.errors?.map((error) => `${error.instancePath} ${error.keyword}`)).toEqual([
      '/aggregate/sdk_exercise/response_total minimum',
      '/specs/petstore/endpoints/0 unevaluatedProperties',
    ])
  })

  it('is exported by the package', () => {
    const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'))
    expect(pkg.files).toContain('schema')
    expect(pkg.exports['./schema/coverage-v3.schema.json']).toBe('./schema/coverage-v3.schema.json')
    expect(pkg.publishConfig.exports['./schema/coverage-v3.schema.json']).toBe(
      './schema/coverage-v3.schema.json',
    )
  })
})

describe('formatTimestamp', () => {
  it('prints seconds precision with a numeric offset, never Z or milliseconds', () => {
    const printed = formatTimestamp(new Date('2026-05-11T12:34:56.789Z'))
    expect(printed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)
    expect(new Date(printed).getTime()).toBe(Date.parse('2026-05-11T12:34:56Z'))
  })

  it('rejects an invalid date', () => {
    expect(() => formatTimestamp(new Date(Number.NaN))).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_COVERAGE_INVALID_ARGUMENT' }),
    )
  })
})

describe('parseCoverageJson', () => {
  const text = renderJson(fixtureResult(), { toolVersion: '1', now: NOW })

  it('reads back what renderJson writes', () => {
    const document = parseCoverageJson(text, 'coverage.json')
    expect(document.specs.petstore?.endpoints.length).toBe(7)
  })

  it.each<{ name: string; input: string; code: string; message: string }>([
    {
      name: 'another schema_version',
      input: JSON.stringify({ ...JSON.parse(text), schema_version: 2 }),
      code: 'CONTRACTTOOL_COVERAGE_JSON_UNSUPPORTED_VERSION',
      message: 'Unsupported coverage schema_version in coverage.json: expected 3.',
    },
    {
      name: 'a missing schema_version',
      input: '{"specs":{}}',
      code: 'CONTRACTTOOL_COVERAGE_JSON_UNSUPPORTED_VERSION',
      message: 'Unsupported coverage schema_version in coverage.json: expected 3.',
    },
    {
      name: 'invalid JSON',
      input: '{"schema_version": 3,',
      code: 'CONTRACTTOOL_COVERAGE_JSON_MALFORMED',
      message: 'Coverage file is not valid JSON: coverage.json',
    },
    {
      name: 'a JSON array',
      input: '[]',
      code: 'CONTRACTTOOL_COVERAGE_JSON_MALFORMED',
      message: 'Coverage file must hold a JSON object, got array: coverage.json',
    },
    {
      name: 'an endpoint without method',
      input: text.replace('"method": "COPY",', ''),
      code: 'CONTRACTTOOL_COVERAGE_JSON_MALFORMED',
      message:
        'Coverage file coverage.json is not a schema_version 3 document: $.specs["petstore"].endpoints[0].method must be a string, got undefined',
    },
    {
      name: 'an unknown response state',
      input: text.replace('"response_state": "uncovered"', '"response_state": "missing"'),
      code: 'CONTRACTTOOL_COVERAGE_JSON_MALFORMED',
      message:
        'Coverage file coverage.json is not a schema_version 3 document: $.specs["petstore"].endpoints[0].responses[0].response_state must be one of validated, skipped, uncovered, got "missing"',
    },
  ])('rejects $name', ({ input, code, message }) => {
    let caught: unknown
    try {
      parseCoverageJson(input, 'coverage.json')
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({ code, file: 'coverage.json' })
    expect((caught as Error).message.startsWith(message)).toBe(true)
  })
})

describe('readCoverageJson', () => {
  const dir = mkdtempSync(join(tmpdir(), 'contracttool-coverage-json-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads a file', () => {
    const path = join(dir, 'coverage.json')
    writeFileSync(path, renderJson(fixtureResult(), { toolVersion: '1', now: NOW }))
    expect(readCoverageJson(path).schema_version).toBe(3)
  })

  it('names an unreadable path', () => {
    const path = join(dir, 'missing.json')
    expect(() => readCoverageJson(path)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_COVERAGE_JSON_UNREADABLE',
        message: `Coverage file is not a readable file: ${path} (ENOENT)`,
      }),
    )
  })

  it('refuses a device without reading it (limit: regular files up to 256 MiB)', () => {
    expect(() => readCoverageJson('/dev/zero')).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_COVERAGE_JSON_UNREADABLE',
        message:
          'Coverage file is not a readable file: /dev/zero (it is a character device, not a regular file)',
      }),
    )
  })
})
