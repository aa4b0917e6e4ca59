import { BROKEN_PET_EVENTS, loadStreamsSpec, PET_EVENTS, PET_LINES } from '@contracttool/adapter-scenarios'
import { validateResponse } from '@contracttool/validator'
import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { exchangeFromSupertest } from './exchange-from-supertest.js'

// A finite stream written in chunks, as a real server-sent events or export endpoint writes it.
function streamed(type: string, chunks: readonly string[]): express.RequestHandler {
  return (_req, res) => {
    res.status(200).type(type)
    res.flushHeaders()
    let next = 0
    const write = (): void => {
      if (next === chunks.length) {
        res.end()
        return
      }
      res.write(chunks[next++])
      setImmediate(write)
    }
    write()
  }
}

const app = express()
app.get('/pets/events', streamed('text/event-stream', PET_EVENTS))
app.get('/broken/events', streamed('text/event-stream', BROKEN_PET_EVENTS))
app.get('/pets/export', streamed('application/x-ndjson', PET_LINES))

async function check(path: string, template = path) {
  const spec = await loadStreamsSpec()
  const exchange = exchangeFromSupertest(await request(app).get(path))
  const response = exchange.response
  if (response === undefined) throw new Error('no response')
  return { exchange, result: validateResponse(spec, { ...response, method: 'GET', path: template }) }
}

describe('exchangeFromSupertest on streams', () => {
  it('reads a text/event-stream body superagent buffered as text, and its events are validated', async () => {
    const { exchange, result } = await check('/pets/events')
    expect(exchange.response?.body).toBe(PET_EVENTS.join(''))
    expect(result).toMatchObject({ outcome: 'success', matchedContentType: 'text/event-stream' })
  })

  it('names the broken event of a stream', async () => {
    const { result } = await check('/broken/events', '/pets/events')
    expect(result.violations.map((v) => v.location.pointer)).toEqual(['/1/data/kind'])
  })

  it('reads an NDJSON body superagent keeps as bytes', async () => {
    const { exchange, result } = await check('/pets/export')
    expect(exchange.response?.body).toBe(PET_LINES.join(''))
    expect(result).toMatchObject({ outcome: 'success', matchedContentType: 'application/x-ndjson' })
  })
})
