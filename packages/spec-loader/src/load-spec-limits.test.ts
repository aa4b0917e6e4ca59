import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JsonObject } from '@contracttool/kernel'
import { isContractToolError } from '@contracttool/kernel'
import { afterAll, describe, expect, it } from 'vitest'
import { SpecErrorCode } from './errors.js'
import { loadSpecFile, loadSpecFileSync } from './load-spec-file.js'
import { loadSpecFromValue } from './load-spec-from-value.js'

const dir = mkdtempSync(join(tmpdir(), 'contracttool-limits-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** `depth` schemas nested through `properties.child`, as JSON text built without recursion. */
function nestedSchemaText(depth: number): string {
  const open = '{"type":"object","properties":{"child":'
  const leaf = '{"$ref":"#/components/schemas/Leaf"}'
  return `${open.repeat(depth)}${leaf}${'}}'.repeat(depth)}`
}

describe('large and deep documents', () => {
  it('loads a 50 MB spec', async () => {
    const path = join(dir, 'large.json')
    const schema = JSON.stringify({
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'integer' },
        owner: { $ref: '#/components/schemas/Owner' },
        notes: { type: 'string', description: 'n'.repeat(600) },
      },
    })
    const parts: string[] = []
    let size = 0
    let index = 0
    while (size < 50 * 1024 * 1024) {
      const part = `"/items${index}/{id}":{"get":{"operationId":"get${index}","parameters":[{"$ref":"#/components/parameters/Id"}],"responses":{"200":{"description":"ok","content":{"application/json":{"schema":${schema}}}}}}}`
      parts.push(part)
      size += part.length
      index++
    }
    writeFileSync(
      path,
      `{"openapi":"3.0.3","info":{"title":"Large","version":"1"},"paths":{${parts.join(',')}},"components":{"parameters":{"Id":{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}},"schemas":{"Owner":{"type":"object"}}}}`,
    )
    const spec = await loadSpecFile(path)
    expect(spec.operations).toHaveLength(index)
    expect(spec.operations[index - 1]?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
    ])
  })

  it('loads 10,000 levels of nested schemas without overflowing the stack', () => {
    const path = join(dir, 'deep.json')
    writeFileSync(
      path,
      `{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{},"components":{"schemas":{"Leaf":{"type":"string"},"Deep":${nestedSchemaText(10_000)}}}}`,
    )
    const spec = loadSpecFileSync(path)
    let node = (spec.document.components as JsonObject).schemas as JsonObject
    node = node.Deep as JsonObject
    let depth = 0
    while (typeof node.properties === 'object') {
      node = (node.properties as JsonObject).child as JsonObject
      depth++
    }
    expect({ depth, leaf: node }).toEqual({ depth: 10_000, leaf: { $ref: '#/components/schemas/Leaf' } })
  })

  it('reports a missing target 10,000 levels down with its pointer', () => {
    const path = join(dir, 'deep-broken.json')
    writeFileSync(
      path,
      `{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{},"components":{"schemas":{"Deep":${nestedSchemaText(10_000)}}}}`,
    )
    let code: string | undefined
    let message = ''
    try {
      loadSpecFileSync(path)
    } catch (error) {
      code = isContractToolError(error) ? error.code : undefined
      message = error instanceof Error ? error.message : ''
    }
    expect(code).toBe(SpecErrorCode.RefNotFound)
    expect(message).toContain(`at #/components/schemas/Deep${'/properties/child'.repeat(10_000)}:`)
  })

  it('refuses YAML nested deeper than its parser can go with a coded error', () => {
    const path = join(dir, 'deep.yaml')
    const lines = ['openapi: 3.1.0', 'info: {title: Deep, version: "1"}', 'paths: {}', 'x-deep:']
    for (let level = 1; level <= 5000; level++) lines.push(`${' '.repeat(level)}k:`)
    writeFileSync(path, `${lines.join('\n')} 1\n`)
    let code: string | undefined
    try {
      loadSpecFileSync(path)
    } catch (error) {
      code = isContractToolError(error) ? error.code : 'not a ContractToolError'
    }
    expect(code).toBe(SpecErrorCode.MalformedYaml)
  })

  it('refuses an in-memory value that is not JSON with a coded error', () => {
    const cyclic: JsonObject = { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} }
    ;(cyclic.paths as unknown as { self: unknown }).self = cyclic
    const table: unknown[] = [cyclic, { openapi: '3.1.0', big: 1n }]
    for (const given of table) {
      let code: string | undefined
      try {
        loadSpecFromValue(given, { name: 'bad' })
      } catch (error) {
        code = isContractToolError(error) ? error.code : 'not a ContractToolError'
      }
      expect(code).toBe(SpecErrorCode.MalformedJson)
    }
  })
})
