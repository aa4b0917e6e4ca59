import type { JsonObject } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { validateStructure } from './validate-structure.js'

const base = { openapi: '3.0.3', info: { title: 't', version: '1' } }

describe('validateStructure', () => {
  it('locates schema errors with JSON pointers and reports a shared component once', async () => {
    const document = {
      ...base,
      paths: {
        '/a/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { $ref: '#/components/responses/R' }, bogus: { description: 'x' } },
          },
        },
        '/b': { get: { responses: { '200': { $ref: '#/components/responses/R' } } } },
      },
      components: {
        responses: {
          R: { description: 'r', content: { 'application/json': { schema: { type: 'objekt' } } } },
        },
      },
    } as unknown as JsonObject
    const before = JSON.stringify(document)
    const result = await validateStructure(document)
    expect(JSON.stringify(document)).toBe(before)
    expect(result.findings).toMatchInlineSnapshot(`
      [
        {
          "message": "must NOT have additional properties: bogus is not expected to be here!",
          "pointer": "#/paths/~1a~1{id}/get/responses/bogus",
          "severity": "error",
        },
        {
          "message": "must be equal to one of the allowed values (array, boolean, integer, number, object, string): Did you mean object here?",
          "pointer": "#/components/responses/R/content/application~1json/schema/type",
          "severity": "error",
        },
      ]
    `)
  })

  it('finds nothing wrong in a valid document and never reads files or the network', async () => {
    const document = {
      ...base,
      paths: { '/a': { get: { responses: { '200': { $ref: './elsewhere.yaml#/R' } } } } },
    } as unknown as JsonObject
    const result = await validateStructure(document)
    expect(result.findings.every((f) => !/ENOENT|fetch|http/i.test(f.message))).toBe(true)
  })
})
