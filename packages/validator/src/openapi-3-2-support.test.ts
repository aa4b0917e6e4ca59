import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFileSync } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { validateRequest } from './validate-request.js'
import { validateResponse } from './validate-response.js'

// One test per line of the README's "OpenAPI 3.2" list, on the streams fixture.
const spec = loadSpecFileSync(fixturePath('streams-3.2.yaml'), { name: 'streams' })

const PET = '{"id":1,"name":"Tom","kind":"cat"}'

function response(
  method: string,
  path: string,
  contentType: string | undefined,
  body: unknown,
  status = 200,
) {
  return validateResponse(spec, {
    method,
    path,
    status,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body,
  })
}

describe('OpenAPI 3.2 support', () => {
  it('sequential media types: each item of JSON Lines, NDJSON, json-seq and +jsonl against itemSchema', () => {
    const broken = `${PET}\n{"id":2,"name":"","kind":"cat"}\n`
    for (const type of ['application/jsonl', 'application/x-ndjson', 'application/vnd.pets+jsonl']) {
      expect(response('GET', '/pets/export', type, `${PET}\n${PET}\n`).outcome).toBe('success')
      expect(response('GET', '/pets/export', type, broken).violations.map((v) => v.location.pointer)).toEqual(
        ['/1/name'],
      )
    }
    const seq = response('GET', '/pets/export', 'application/json-seq', `\u001e${PET}\n\u001e{"id":"2"}\n`)
    expect(seq.violations.map((v) => v.message)).toEqual([
      'item 1 (line 2): [/1/name] required property is missing',
      'item 1 (line 2): [/1/kind] required property is missing',
      'item 1 (line 2): [/1/id] must be integer, received "2" (string)',
    ])
  })

  it('server-sent events: each event against itemSchema, its JSON data against contentSchema', () => {
    const events = `event: added\nid: 1\ndata: ${PET}\n\nevent: removed\ndata: {"id":1,"name":"Tom","kind":"cow"}\n\n`
    const result = response('GET', '/pets/events', 'text/event-stream', events)
    expect(result.message).toBe(
      [
        "GET /pets/events 200 text/event-stream: 1 violation against 'streams' spec (operationId streamPetEvents)",
        '  item 1 (line 5): [/1/data/kind] must be one of: "cat", "dog", received "cow" (string)',
      ].join('\n'),
    )
    expect(
      response('GET', '/pets/events', 'text/event-stream', `event: added\ndata: ${PET}\n\n`).outcome,
    ).toBe('success')
  })

  it('a sequential request body: each item against itemSchema, as for responses', () => {
    const request = (body: string) =>
      validateRequest(spec, {
        method: 'POST',
        path: '/pets/import',
        headers: { 'content-type': 'application/x-ndjson' },
        body,
      })
    expect(request(`${PET}\n${PET}\n`).outcome).toBe('success')
    expect(request(`${PET}\n{"id":2,"name":"Rex","kind":"cow"}\n`).violations.map((v) => v.message)).toEqual([
      'item 1 (line 2): [/1/kind] must be one of: "cat", "dog", received "cow" (string)',
    ])
  })

  it('a plain schema on a sequential media type applies to the items as one array', () => {
    expect(response('GET', '/pets/page', 'application/jsonl', `${PET}\n${PET}\n`).outcome).toBe('success')
    expect(
      response('GET', '/pets/page', 'application/jsonl', `${PET}\n`.repeat(4)).violations.map(
        (v) => v.keyword,
      ),
    ).toEqual(['maxItems'])
  })

  it('QUERY: matched and validated, request body included', () => {
    const request = validateRequest(spec, {
      method: 'QUERY',
      path: '/pets/search',
      contentType: 'application/json',
      body: { kind: 'cow' },
    })
    expect(request).toMatchObject({ outcome: 'failure', method: 'QUERY', matchedPath: '/pets/search' })
    expect(request.violations.map((v) => v.location.pointer)).toEqual(['/kind'])
    expect(response('QUERY', '/pets/search', 'application/jsonl', `${PET}\n`)).toMatchObject({
      outcome: 'success',
      method: 'QUERY',
    })
  })

  it('additionalOperations: custom methods matched case-sensitively', () => {
    expect(response('PURGE', '/pets/1', undefined, undefined, 204)).toMatchObject({
      outcome: 'success',
      method: 'PURGE',
    })
    expect(response('purge', '/pets/1', undefined, undefined, 204).violations.map((v) => v.code)).toEqual([
      'method-not-defined',
    ])
  })

  it('in: querystring: the whole query string validated as one value of its media type', () => {
    expect(validateRequest(spec, { method: 'GET', path: '/pets/find?kind=cat&limit=2' }).outcome).toBe(
      'success',
    )
    const bad = validateRequest(spec, { method: 'GET', path: '/pets/find?kind=bird&limit=0' })
    expect(bad.violations.map((v) => [v.location.in, v.location.pointer])).toEqual([
      ['querystring', '/kind'],
      ['querystring', '/limit'],
    ])
  })
})
