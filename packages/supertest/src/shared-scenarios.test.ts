import {
  describeSharedScenarios,
  requestHeadersOf,
  scenarioFor,
  validateExchange,
} from '@contracttool/adapter-scenarios'
import express from 'express'
import request from 'supertest'
import { exchangeFromSupertest } from './exchange-from-supertest.js'

describeSharedScenarios('@contracttool/supertest (exchangeFromSupertest on an Express app)', (spec) => {
  const app = express()
  app.use((req, res) => {
    const { reply } = scenarioFor(req.headers)
    res.status(reply.status).set(reply.headers)
    if (reply.body === undefined) res.end()
    else res.send(reply.body)
  })
  return {
    run: async (scenario) => {
      const method = scenario.request.method.toLowerCase() as 'get' | 'post' | 'delete'
      let call = request(app)[method](scenario.request.path).set(requestHeadersOf(scenario))
      if (scenario.request.body !== undefined) call = call.send(scenario.request.body)
      return validateExchange(spec, exchangeFromSupertest(await call))
    },
  }
})
