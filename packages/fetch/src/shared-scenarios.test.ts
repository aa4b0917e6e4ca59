import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  describeSharedScenarios,
  requestHeadersOf,
  type Scenario,
  scenarioFor,
  validateExchange,
} from '@contracttool/adapter-scenarios'
import type { Exchange } from '@contracttool/validator'
import { EXCHANGE } from '@contracttool/validator/internal'
import { Hono } from 'hono'
import { type ContractFetch, contractFetch } from './contract-fetch.js'

const send = (api: ContractFetch, scenario: Scenario) =>
  api(scenario.request.path, {
    method: scenario.request.method,
    headers: requestHeadersOf(scenario),
    ...(scenario.request.body === undefined ? {} : { body: scenario.request.body }),
  })
const exchangeOf = (response: Response) => (response as Response & { [EXCHANGE]: Exchange })[EXCHANGE]

describeSharedScenarios('@contracttool/fetch (contractFetch on a Hono app)', (spec) => {
  const app = new Hono()
  app.all('*', (c) => {
    const { reply } = scenarioFor(c.req.raw.headers)
    return new Response(reply.body ?? null, { status: reply.status, headers: reply.headers })
  })
  const api = contractFetch(app)
  return { run: async (scenario) => validateExchange(spec, exchangeOf(await send(api, scenario))) }
})

describeSharedScenarios(
  '@contracttool/fetch (contractFetch on the global fetch and a live server)',
  async (spec) => {
    const server: Server = createServer((req, res) => {
      const { reply } = scenarioFor(req.headers)
      res.writeHead(reply.status, reply.headers).end(reply.body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const api = contractFetch(fetch, {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    })
    return {
      run: async (scenario) => validateExchange(spec, exchangeOf(await send(api, scenario))),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    }
  },
)
