import {
  canonicalExchange,
  describeSharedScenarios,
  requestHeadersOf,
  type Scenario,
  type ScenarioResults,
  scenarioFor,
} from '@contracttool/adapter-scenarios'
import type { LoadedSpec } from '@contracttool/spec-loader'
import express from 'express'
import Fastify, { type FastifyInstance } from 'fastify'
import request from 'supertest'
import { checkRequest, checkResponse } from './internal/checks.js'

/** What the matchers compute for a value a test holds, with the request checked too. */
function matcherResults(received: unknown, spec: LoadedSpec): ScenarioResults {
  const outcome = checkResponse(received, { spec, validateRequest: true }, 'toMatchOpenApiSchema', undefined)
  const requestOnly = checkRequest(received, { spec }, 'toMatchOpenApiRequest', undefined)
  if (JSON.stringify(requestOnly.request) !== JSON.stringify(outcome.request)) {
    throw new Error('toMatchOpenApiRequest() and toMatchOpenApiSchema({ validateRequest: true }) disagree')
  }
  return { response: outcome.response, request: outcome.request }
}

describeSharedScenarios('the matchers on a plain exchange object', (spec) => ({
  run: async (scenario) => matcherResults(canonicalExchange(scenario), spec),
}))

describeSharedScenarios('the matchers on supertest responses (Express app)', (spec) => {
  const app = express()
  app.use((req, res) => {
    const { reply } = scenarioFor(req.headers)
    res.status(reply.status).set(reply.headers)
    if (reply.body === undefined) res.end()
    else res.send(reply.body)
  })
  return {
    run: async (scenario: Scenario) => {
      const method = scenario.request.method.toLowerCase() as 'get' | 'post' | 'delete'
      let call = request(app)[method](scenario.request.path).set(requestHeadersOf(scenario))
      if (scenario.request.body !== undefined) call = call.send(scenario.request.body)
      return matcherResults(await call, spec)
    },
  }
})

describeSharedScenarios('the matchers on fastify inject() responses', (spec) => {
  const app: FastifyInstance = Fastify()
  app.all('*', async (req, reply) => {
    const { reply: canned } = scenarioFor(req.headers)
    reply.code(canned.status).headers(canned.headers)
    return reply.send(canned.body)
  })
  return {
    run: async (scenario: Scenario) => {
      const res = await app.inject({
        method: scenario.request.method as 'GET',
        url: scenario.request.path,
        headers: requestHeadersOf(scenario),
        ...(scenario.request.body === undefined ? {} : { payload: scenario.request.body }),
      })
      return matcherResults(res, spec)
    },
    close: () => app.close(),
  }
})
