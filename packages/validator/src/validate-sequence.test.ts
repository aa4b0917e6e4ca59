import { describe, expect, it } from 'vitest'
import { makeSpec } from './make-spec.test-kit.js'
import type { ResponseInput } from './types.js'
import { validateResponse } from './validate-response.js'

// Sequential media types of OpenAPI 3.2, validated item by item.
// @see https://spec.openapis.org/oas/v3.2.0#sequential-media-types

const ITEM = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
}

const EVENT = {
  type: 'object',
  required: ['data'],
  properties: {
    event: { type: 'string', enum: ['added', 'removed'] },
    id: { type: 'string' },
    retry: { type: 'integer', minimum: 0 },
    data: {
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { $ref: '#/components/schemas/Payload' },
    },
  },
}

const spec = makeSpec(
  {
    paths: {
      '/items': {
        get: {
          responses: {
            '200': {
              description: 'each sequential format',
              content: {
                'application/jsonl': { itemSchema: ITEM },
                'application/x-ndjson': { itemSchema: ITEM },
                'application/json-seq': { itemSchema: ITEM },
                'application/vnd.shop+jsonl': { itemSchema: ITEM },
                'application/geo+json-seq': { itemSchema: ITEM },
                'text/event-stream': { itemSchema: { $ref: '#/components/schemas/Event' } },
              },
            },
            '201': {
              description: 'a whole-sequence schema',
              content: {
                'application/jsonl': { schema: { type: 'array', maxItems: 2, items: ITEM } },
              },
            },
            '202': {
              description: 'events without a JSON payload',
              content: {
                'text/event-stream': {
                  itemSchema: {
                    type: 'object',
                    required: ['data', 'retry'],
                    properties: { data: { type: 'string', maxLength: 2000000 }, retry: { type: 'integer' } },
                  },
                },
              },
            },
            '203': {
              description: 'a multipart stream',
              content: { 'multipart/mixed': { itemSchema: ITEM } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Event: EVENT,
        Payload: {
          type: 'object',
          required: ['n'],
          additionalProperties: false,
          properties: { n: { type: 'integer' } },
        },
      },
    },
  },
  '3.2',
  'streams',
)

function run(contentType: string, body: unknown, status = 200, options = {}) {
  const response: ResponseInput = {
    method: 'GET',
    path: '/items',
    status,
    headers: { 'content-type': contentType },
    body,
  }
  return validateResponse(spec, response, options)
}

function lines(contentType: string, body: unknown, status = 200, options = {}) {
  return run(contentType, body, status, options).violations.map((v) => `${v.location.pointer} ${v.message}`)
}

const RS = '\u001e'

describe('validateResponse: items of a sequential media type', () => {
  it.each([
    ['application/jsonl', '{"id":1}\n{"id":2,"name":"b"}\n'],
    ['application/jsonl; charset=utf-8', '{"id":1}\r\n{"id":2}\r\n'],
    ['application/x-ndjson', '{"id":1}\n\n{"id":2}'],
    ['application/json-seq', `${RS}{"id":1}\n${RS}{"id":2}\n`],
    ['application/vnd.shop+jsonl', '{"id":1}\n'],
    ['application/geo+json-seq', `${RS}{"id":1}\n`],
    ['application/jsonl', ''],
    ['text/event-stream', 'event: added\ndata: {"n":1}\nid: 7\n\n: a comment\ndata: {"n":2}\n\n'],
    ['text/event-stream', 'data: {"n":1}\r\n\r\ndata: {"n":2}\r\rdata: {"n":3}\n\n'],
    ['text/event-stream', 'data: {\ndata: "n": 1}\n\n'],
  ])('%s %j passes', (contentType, body) => {
    const result = run(contentType, body)
    expect(result.violations).toEqual([])
    expect(result.outcome).toBe('success')
  })

  it.each([
    [
      'a JSON Lines item breaking its schema',
      'application/jsonl',
      '{"id":1}\n{"id":"x"}\n',
      ['/1/id item 1 (line 2): [/1/id] must be integer, received "x" (string)'],
    ],
    [
      'an NDJSON item missing a required property',
      'application/x-ndjson',
      '{"id":1}\n{"name":"b"}\n',
      ['/1/id item 1 (line 2): [/1/id] required property is missing'],
    ],
    [
      'a json-seq item breaking its schema',
      'application/json-seq',
      `${RS}{"id":1}\n${RS}{"id":true}\n`,
      ['/1/id item 1 (line 2): [/1/id] must be integer, received true (boolean)'],
    ],
    [
      'an event whose JSON payload breaks the contentSchema',
      'text/event-stream',
      'data: {"n":1}\n\nevent: added\ndata: {"n":"two"}\n\n',
      ['/1/data/n item 1 (line 3): [/1/data/n] must be integer, received "two" (string)'],
    ],
    [
      'an event whose own field breaks the item schema',
      'text/event-stream',
      'event: renamed\ndata: {"n":1}\n\n',
      [
        '/0/event item 0 (line 1): [/0/event] must be one of: "added", "removed", received "renamed" (string)',
      ],
    ],
  ])('%s names the item', (_name, contentType, body, want) => {
    const result = run(contentType, body)
    expect(result.outcome).toBe('failure')
    expect(lines(contentType, body)).toEqual(want)
    expect(result.message.split('\n')[0]).toContain(`GET /items 200 ${contentType}`)
  })

  it('reads a sequence given as the list of its items (the events a test read from an endless stream)', () => {
    expect(run('application/jsonl', [{ id: 1 }, { id: 'x' }]).violations.map((v) => v.message)).toEqual([
      'item 1: [/1/id] must be integer, received "x" (string)',
    ])
    expect(run('text/event-stream', [{ data: '{"n":1}' }]).outcome).toBe('success')
  })

  it('applies a plain schema to the sequence read as one array of its items', () => {
    // "Implementations MUST support mapping sequential media types into the JSON Schema data model by
    // treating them as if the values were in an array in the same order." (OpenAPI 3.2.0, Sequential Media Types)
    expect(run('application/jsonl', '{"id":1}\n{"id":2}\n', 201).outcome).toBe('success')
    expect(lines('application/jsonl', '{"id":1}\n{"id":2}\n{"id":"c"}\n', 201)).toEqual([
      ' [/] must have at most 2 items, received 3 items',
      '/2/id [/2/id] must be integer, received "c" (string)',
    ])
  })

  it('applies itemSchema to each item independently', () => {
    // "itemSchema MUST be applied to each item in the stream independently, which supports processing each
    // item as it is read from the stream." (OpenAPI 3.2.0, Streaming Sequential Media Types)
    const body = `${'{"id":1}\n'.repeat(3)}{"id":"x"}\n${'{"id":1}\n'.repeat(3)}{"id":"y"}\n`
    expect(run('application/jsonl', body).violations.map((v) => v.location.pointer)).toEqual([
      '/3/id',
      '/7/id',
    ])
  })

  it('skips an itemSchema on a format it does not split, saying which it reads', () => {
    const result = run('multipart/mixed; boundary=x', '--x--', 203)
    expect(result.outcome).toBe('skipped')
    expect(result.skipReason).toContain(
      'application/jsonl, application/x-ndjson, application/json-seq, text/event-stream',
    )
  })

  it('explains at most maxErrors violations and counts the other failing items', () => {
    const body = '{"id":"x"}\n'.repeat(1000)
    const result = run('application/jsonl', body, 200, { maxErrors: 3 })
    expect(result.violations.map((v) => v.location.pointer)).toEqual(['/0/id', '/1/id', '/2/id'])
    expect(result.violations[2]?.message).toContain(
      '… and 997 more failing items, counted but not explained (maxErrors 3)',
    )
  })
})

describe('validateResponse: bad sequential bodies', () => {
  it('names the line of a JSON Lines body broken in the middle and goes on with the next items', () => {
    const body = '{"id":1}\n{"id":2}\n{"id":3,\n{"id":"four"}\n'
    expect(lines('application/jsonl', body)).toEqual([
      `/2 item 2 (line 3): [/2] is not JSON: ${jsonError('{"id":3,')}; received "{\\"id\\":3," (string)`,
      '/3/id item 3 (line 4): [/3/id] must be integer, received "four" (string)',
    ])
    expect(run('application/jsonl', body).violations[0]?.code).toBe('item-not-json')
  })

  it('reports a json-seq item without its RS, before the first separator or run into the previous item', () => {
    expect(lines('application/json-seq', `{"id":1}\n${RS}{"id":2}\n`)).toEqual([
      '/0 item 0 (line 1): [/0] does not begin with the record separator RS (U+001E) that starts every JSON text sequence item (RFC 7464), so it runs into the text before it: received "{\\"id\\":1}\\n" (string)',
    ])
    const joined = run('application/json-seq', `${RS}{"id":1}\n{"id":2}\n${RS}{"id":"x"}\n`)
    expect(joined.violations.map((v) => [v.code, v.location.pointer])).toEqual([
      ['json-seq-missing-rs', '/0'],
      ['schema', '/1/id'],
    ])
  })

  it('reports a retry that is not a number, and validates the event without it as EventSource would', () => {
    // HTML: "If the field value consists of only ASCII digits, then interpret the field value as an integer
    // in base ten [...]. Otherwise, ignore the field."
    expect(lines('text/event-stream', 'data: x\nretry: 10\n\ndata: y\nretry: soon\n\n', 202)).toEqual([
      '/1/retry item 1 (line 5): [/1/retry] must be ASCII digits (a reconnection time in milliseconds), received "soon" (string); EventSource ignores the field',
      '/1/retry item 1 (line 4): [/1/retry] required property is missing',
    ])
  })

  it('reads CRLF, CR and LF line endings alike', () => {
    const lf = 'retry: 5\ndata: a\ndata: b\n\n'
    for (const body of [lf, lf.replaceAll('\n', '\r\n'), lf.replaceAll('\n', '\r')]) {
      expect(run('text/event-stream', body, 202).outcome).toBe('success')
      expect(
        run('text/event-stream', `${body.replace('retry: 5', 'retry: 5x')}`, 202).violations[0]?.code,
      ).toBe('sse-invalid-retry')
    }
    expect(lines('application/jsonl', '{"id":1}\r\n{"id":"x"}\r\n')).toEqual([
      '/1/id item 1 (line 2): [/1/id] must be integer, received "x" (string)',
    ])
  })

  it('checks a data line over 1 MB and echoes only its head', () => {
    const big = 'x'.repeat(1_100_000)
    expect(run('text/event-stream', `retry: 1\ndata: ${big}\n\n`, 202).outcome).toBe('success')
    // The payload schema allows no other property than n: the 1 MB one is named, its value cut.
    const payload = run('text/event-stream', `data: {"n":1,"pad":"${big}"}\n\n`)
    expect(payload.violations.map((v) => [v.code, v.location.pointer])).toEqual([['schema', '/0/data/pad']])
    expect(payload.message.length).toBeLessThan(1000)
    const notJson = run('text/event-stream', `data: ${big}\n\n`)
    expect(notJson.violations.map((v) => [v.code, v.location.pointer])).toEqual([
      ['sse-data-not-json', '/0/data'],
    ])
    expect(notJson.message.length).toBeLessThan(1000)
  })

  it('reports an event the body ends in without its blank line', () => {
    expect(lines('text/event-stream', 'data: {"n":1}\n\ndata: {"n":2}\n')).toEqual([
      '/1 item 1 (line 3): [/1] the body ends inside an event (no blank line after its last field), and EventSource discards an event the stream ends in',
    ])
  })

  it('refuses a body that is neither text nor a list of items', () => {
    expect(lines('application/jsonl', { id: 1 })).toEqual([
      ' [/] a JSON Lines body must be the text as received (or a list of its items), received {"id":1} (object)',
    ])
  })
})

function jsonError(text: string): string {
  try {
    JSON.parse(text)
    return ''
  } catch (error) {
    return (error as Error).message
  }
}
