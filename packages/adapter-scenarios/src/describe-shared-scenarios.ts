import { fixturePath } from '@contracttool/fixtures'
import { isJsonMediaType, type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import type { Exchange } from '@contracttool/validator'
import { type ValidationResult, validateRequest, validateResponse } from '@contracttool/validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestHeadersOf, SCENARIOS, type Scenario } from './scenarios.js'

/** The two results an adapter produced for one scenario. */
export interface ScenarioResults {
  readonly response: ValidationResult | undefined
  readonly request: ValidationResult | undefined
}

/** How one adapter runs the scenarios: it sends each request to an app of its framework that replies as told. */
export interface ScenarioHarness {
  run(scenario: Scenario): Promise<ScenarioResults>
  close?(): Promise<void>
}

/** The spec every scenario is written against. */
export function loadScenarioSpec(): Promise<LoadedSpec> {
  return loadSpecFile(fixturePath('petstore-3.2.yaml'))
}

/** The OpenAPI 3.2 streams fixture (server-sent events, JSON Lines, json-seq), loaded as 'streams'. */
export function loadStreamsSpec(): Promise<LoadedSpec> {
  return loadSpecFile(fixturePath('streams-3.2.yaml'), { name: 'streams' })
}

/**
 * Validates an exchange the way every adapter must: the request first (its verdict depends on the
 * response status), with the adapters' default of treating a documented 400/422 as a deliberate bad request.
 */
export function validateExchange(spec: LoadedSpec, exchange: Exchange): ScenarioResults {
  const response = exchange.response
  return {
    request: validateRequest(spec, exchange.request, {
      skipRequestValidationResponseCodes: ['400', '422'],
      ...(response === undefined ? {} : { responseStatus: response.status }),
    }),
    response:
      response === undefined
        ? undefined
        : validateResponse(spec, {
            ...response,
            method: exchange.request.method,
            path: exchange.request.path,
          }),
  }
}

/** The exchange of a scenario as a neutral object, with no framework in between. */
export function canonicalExchange(scenario: Scenario): Exchange {
  const headers = requestHeadersOf(scenario)
  const replyType = scenario.reply.headers['content-type']
  return {
    request: {
      method: scenario.request.method,
      path: scenario.request.path,
      headers,
      ...(scenario.request.body === undefined
        ? {}
        : { contentType: 'application/json', body: JSON.parse(scenario.request.body) as unknown }),
    },
    response: {
      status: scenario.reply.status,
      headers: scenario.reply.headers,
      ...(replyType === undefined ? {} : { contentType: replyType }),
      ...(scenario.reply.body === undefined
        ? {}
        : {
            body: isJsonMediaType(replyType)
              ? (JSON.parse(scenario.reply.body) as unknown)
              : scenario.reply.body,
          }),
    },
  }
}

/**
 * The shared contract suite: runs every scenario through one adapter and expects exactly the results
 * the core gives for the same exchange with no framework in between, and the verdicts the scenario states.
 *
 * @example
 * describeSharedScenarios('supertest', async (spec) => ({
 *   run: async (scenario) => validateExchange(spec, exchangeFromSupertest(await send(app, scenario))),
 * }))
 */
export function describeSharedScenarios(
  adapter: string,
  setup: (spec: LoadedSpec) => ScenarioHarness | Promise<ScenarioHarness>,
): void {
  describe(`shared contract scenarios through ${adapter}`, () => {
    let spec: LoadedSpec
    let harness: ScenarioHarness
    beforeAll(async () => {
      spec = await loadScenarioSpec()
      harness = await setup(spec)
    })
    afterAll(async () => {
      await harness?.close?.()
    })

    it.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))(
      '%s',
      async (_name, scenario) => {
        const actual = await harness.run(scenario)
        const expected = validateExchange(spec, canonicalExchange(scenario))
        expect(expected.response?.outcome).toBe(scenario.expected.response)
        expect(expected.request?.outcome).toBe(scenario.expected.request)
        expect(actual.response).toEqual(expected.response)
        expect(actual.request).toEqual(expected.request)
      },
    )
  })
}
