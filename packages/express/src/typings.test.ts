import type { RequestListener } from 'node:http'
import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFile } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import type express from 'express'
import express4 from 'express4'
import request from 'supertest'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { contractValidation, withoutContractValidation } from './contract-validation.js'
import { dispatchWithExpress } from './dispatch-with-express.js'
import { routeParity } from './route-parity.js'

describe('typings', () => {
  it('fit the handler and app types of @types/express 4 and 5', () => {
    expectTypeOf(contractValidation).returns.toExtend<express4.RequestHandler>()
    expectTypeOf(contractValidation).returns.toExtend<express.RequestHandler>()
    expectTypeOf(withoutContractValidation).returns.toExtend<express4.RequestHandler>()
    expectTypeOf(withoutContractValidation).returns.toExtend<express.RequestHandler>()
    expectTypeOf<express4.Express>().toExtend<RequestListener>()
    expectTypeOf<express.Express>().toExtend<RequestListener>()
  })

  it('let an app typed by @types/express 4 use every export', async () => {
    const spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
    const results: ValidationResult[] = []
    const app = express4()
    app.use(contractValidation({ spec, onResult: (result) => results.push(result), onViolation: () => {} }))
    app.get('/health', (_req, res) => {
      res.json({ status: 'ok' })
    })
    app.get('/metrics', withoutContractValidation(), (_req, res) => {
      res.send('up 1')
    })
    await request(app).get('/health').expect(200)
    await request(app).get('/metrics').expect(200)
    expect(results.map((result) => [result.outcome, result.matchedStatusKey])).toEqual([
      ['success', null],
      ['success', '200'],
    ])
    expect(routeParity(app, spec).undocumentedRoutes).toEqual([{ method: 'GET', path: '/metrics' }])
    const dispatch = dispatchWithExpress(app)
    try {
      const result = await dispatch({ method: 'GET', uri: () => '/health', headers: {} })
      expect(result).toEqual({ status: 200 })
    } finally {
      await dispatch.close()
    }
  })
})
