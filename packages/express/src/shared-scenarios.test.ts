import { describeSharedScenarios, requestHeadersOf, scenarioFor } from '@contracttool/adapter-scenarios'
import type { ValidationResult } from '@contracttool/validator'
import request from 'supertest'
import { contractValidation } from './contract-validation.js'
import { EXPRESS_MAJORS } from './express-majors.test-kit.js'

for (const [label, express] of EXPRESS_MAJORS) {
  describeSharedScenarios(`@contracttool/express (contractValidation middleware, ${label})`, (spec) => {
    let results: ValidationResult[] = []
    const app = express()
    app.use(express.json())
    app.use(contractValidation({ spec, onResult: (result) => results.push(result), onViolation: () => {} }))
    app.use((req, res) => {
      const { reply } = scenarioFor(req.headers)
      res.status(reply.status).set(reply.headers)
      if (reply.body === undefined) res.end()
      else res.send(reply.body)
    })
    return {
      run: async (scenario) => {
        results = []
        const method = scenario.request.method.toLowerCase() as 'get' | 'post' | 'delete'
        let call = request(app)[method](scenario.request.path).set(requestHeadersOf(scenario))
        if (scenario.request.body !== undefined) call = call.send(scenario.request.body)
        await call
        return { request: results[0], response: results[1] }
      },
    }
  })
}
