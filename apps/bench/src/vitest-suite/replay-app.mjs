// The app the GitHub suite of scenario 5 calls over HTTP: it answers each request with the recorded
// GitHub response the `x-bench-index` header names, from the exchanges file the suite was written with.
import { readFileSync } from 'node:fs'
import express from 'express'

/** An app replaying the exchanges in `file` (JSON: `[{ status, contentType, body }]`). */
export function createReplayApp(file) {
  const exchanges = JSON.parse(readFileSync(file, 'utf8'))
  const app = express()
  app.use((req, res) => {
    const exchange = exchanges[Number(req.headers['x-bench-index'])]
    if (exchange === undefined) {
      res.status(404).json({ message: 'no such exchange' })
      return
    }
    res.status(exchange.status).type(exchange.contentType).json(exchange.body)
  })
  return app
}
