// A real Express app on 127.0.0.1 that replays recorded responses, with or without
// express-openapi-validator, and a keep-alive HTTP client that drives it one request at a time.
import http from 'node:http'
import express from 'express'
import * as eov from 'express-openapi-validator'

/** The request header naming which corpus entry the app must replay. */
const INDEX_HEADER = 'x-bench-index'

/**
 * Starts the replay app. With `apiSpec`, express-openapi-validator validates every JSON response
 * (`validateResponses` with an `onError` hook so an invalid body is recorded, not turned into a 500);
 * request and security validation are off because the recorded requests are not part of the corpus.
 * Verdicts per corpus index land in `verdicts`: 'failure' (invalid body, or the request was refused as
 * undocumented), 'error' (any other error, for example the spec failing to compile).
 */
export async function startReplayApp({ exchanges, apiSpec }) {
  const verdicts = new Map()
  const errors = []
  const app = express()
  if (apiSpec !== undefined) {
    app.use(
      eov.middleware({
        apiSpec,
        validateRequests: false,
        validateSecurity: false,
        validateResponses: {
          onError: (_error, _body, req) => verdicts.set(Number(req.headers[INDEX_HEADER]), 'failure'),
        },
      }),
    )
  }
  app.use((req, res) => {
    const ex = exchanges[Number(req.headers[INDEX_HEADER])]
    if (ex === undefined) {
      res.status(404).json({ message: 'no such corpus entry' })
      return
    }
    res.status(ex.status)
    if (ex.isJson) {
      res.type(ex.contentType).json(ex.body)
    } else if (ex.text !== '') {
      res.type(ex.contentType ?? 'text/plain').send(ex.text)
    } else {
      res.end()
    }
  })
  app.use((error, req, res, _next) => {
    const index = Number(req.headers[INDEX_HEADER])
    const status = typeof error?.status === 'number' ? error.status : 500
    // 404/405 from the validator: the request did not match a documented operation.
    const verdict = status === 404 || status === 405 ? 'failure' : 'error'
    if (Number.isInteger(index)) verdicts.set(index, verdict)
    if (verdict === 'error') errors.push(String(error?.message ?? error).split('\n')[0])
    res.status(status).json({ message: String(error?.message ?? error) })
  })
  const server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const port = server.address().port

  /** Sends one request; resolves with its status once the whole body is read. */
  const send = (method, path, index) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method, path, agent, headers: { [INDEX_HEADER]: String(index) } },
        (res) => {
          res.on('data', () => {})
          res.on('end', () => resolve(res.statusCode))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end()
    })

  return {
    verdicts,
    errors,
    send,
    /** Replays entry `index` of the corpus. */
    replay: (index) => send(exchanges[index].method, exchanges[index].requestPath, index),
    close: () =>
      new Promise((resolve) => {
        agent.destroy()
        server.close(() => resolve())
        server.closeAllConnections?.()
      }),
  }
}
