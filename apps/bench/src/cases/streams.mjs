// Scenario 6, one run: a sequential response body (OpenAPI 3.2 itemSchema) validated item by item, beside
// the same items as one JSON array. The body text is built before any timer; the array mode pays for
// `JSON.parse` of its text, as every adapter decodes a JSON body before validating it.
//
//   jsonl   N pets as JSON Lines (application/jsonl, itemSchema Pet)
//   sse     N pets as server-sent events whose data is JSON (itemSchema PetEvent, contentSchema Pet)
//   array   N pets as one JSON array (application/json, schema: array of Pet)
//
// Usage: node --expose-gc src/cases/streams.mjs --mode jsonl|sse|array --items N
import {
  captureConsole,
  gc,
  heapAfterGc,
  now,
  parseCaseArgs,
  peakRss,
  round,
  rssNow,
  runCase,
} from '../lib/child.mjs'
import { importOurs } from '../lib/ours.mjs'

const args = parseCaseArgs({ mode: { type: 'string' }, items: { type: 'string' } })
const items = Number(args.items)

const PET = {
  type: 'object',
  required: ['id', 'name', 'kind'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string', minLength: 1 },
    kind: { type: 'string', enum: ['cat', 'dog'] },
    tag: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
}

const DOCUMENT = {
  openapi: '3.2.0',
  info: { title: 'streams bench', version: '1' },
  paths: {
    '/pets': {
      get: {
        responses: {
          200: {
            description: 'the pets, in the format asked for',
            content: {
              'application/jsonl': { itemSchema: { $ref: '#/components/schemas/Pet' } },
              'text/event-stream': { itemSchema: { $ref: '#/components/schemas/PetEvent' } },
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: PET,
      PetEvent: {
        type: 'object',
        required: ['event', 'data'],
        properties: {
          event: { type: 'string', enum: ['added', 'updated'] },
          id: { type: 'string' },
          data: {
            type: 'string',
            contentMediaType: 'application/json',
            contentSchema: { $ref: '#/components/schemas/Pet' },
          },
        },
      },
    },
  },
}

const TYPES = { jsonl: 'application/jsonl', sse: 'text/event-stream', array: 'application/json' }

function pet(i) {
  return {
    id: i + 1,
    name: `pet ${i}`,
    kind: i % 2 === 0 ? 'cat' : 'dog',
    tag: null,
    createdAt: '2024-01-15T09:30:00Z',
  }
}

function bodyText(mode) {
  const parts = []
  for (let i = 0; i < items; i++) {
    const json = JSON.stringify(pet(i))
    parts.push(
      mode === 'sse' ? `event: added\nid: ${i}\ndata: ${json}\n\n` : mode === 'jsonl' ? `${json}\n` : json,
    )
  }
  return mode === 'array' ? `[${parts.join(',')}]` : parts.join('')
}

runCase(
  async () => {
    captureConsole()
    const { loadSpecFromValue } = await importOurs('@contracttool/spec-loader')
    const { validateResponse } = await importOurs('@contracttool/validator')
    const spec = loadSpecFromValue(DOCUMENT, { name: 'streams-bench' })
    const text = bodyText(args.mode)
    const bodyMB = Buffer.byteLength(text) / (1024 * 1024)
    const validate = () =>
      validateResponse(spec, {
        method: 'GET',
        path: '/pets',
        status: 200,
        headers: { 'content-type': TYPES[args.mode] },
        body: args.mode === 'array' ? JSON.parse(text) : text,
      })
    gc()
    const heapBefore = heapAfterGc()
    const rssBefore = rssNow()
    // The first call compiles; the later ones are the steady state.
    let start = now()
    const first = validate()
    const firstMs = now() - start
    if (first.outcome !== 'success')
      throw new Error(`the body did not validate: ${first.message.split('\n')[1]}`)
    let bestMs = Number.POSITIVE_INFINITY
    for (let pass = 0; pass < 5; pass++) {
      start = now()
      validate()
      bestMs = Math.min(bestMs, now() - start)
    }
    return {
      status: 'ok',
      items,
      bodyMB: round(bodyMB, 1),
      firstMs: round(firstMs, 1),
      ms: round(bestMs, 2),
      itemsPerSecond: Math.round(items / (bestMs / 1000)),
      usPerItem: round((bestMs * 1000) / items, 3),
      rssGrowthMB: round(peakRss() - rssBefore, 1),
      peakRssMB: round(peakRss(), 1),
      heapRetainedMB: round(heapAfterGc() - heapBefore, 1),
    }
  },
  { tool: 'ours', mode: args.mode, items },
)
