import { describeSharedScenarios, requestHeadersOf, scenarioFor } from '@contracttool/adapter-scenarios'
import type { ValidationResult } from '@contracttool/validator'
import Fastify from 'fastify'
import { contractValidation } from './contract-validation.js'

describeSharedScenarios('@contracttool/fastify (contractValidation plugin, inject)', async (spec) => {
  let results: ValidationResult[] = []
  const app = Fastify()
  await app.register(contractValidation, {
    spec,
    onResult: (result) => results.push(result),
    onViolation: () => {},
  })
  app.all('*', async (req, reply) => {
    const { reply: canned } = scenarioFor(req.headers)
    return reply.code(canned.status).headers(canned.headers).send(canned.body)
  })
  return {
    run: async (scenario) => {
      results = []
      await app.inject({
        method: scenario.request.method as 'GET',
        url: scenario.request.path,
        headers: requestHeadersOf(scenario),
        ...(scenario.request.body === undefined ? {} : { payload: scenario.request.body }),
      })
      return { request: results[0], response: results[1] }
    },
    close: () => app.close(),
  }
})
