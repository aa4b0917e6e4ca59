import { fixturePath } from '@contracttool/fixtures'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContractCheck } from './contract-check.js'
import type { ContractCheckDispatcher } from './contract-check-dispatcher.js'
import type { ContractCheckReport } from './contract-check-report.js'
import { createExpressShop, dispatchWithFetchTo, listen } from './express-shop.test-kit.js'
import { createFastifyShop, dispatchWithInjectTo } from './fastify-shop.test-kit.js'
import { createHonoShop, dispatchWithFetchHandler } from './hono-shop.test-kit.js'
import { OpenApiContractChecks } from './open-api-contract-checks.js'
import { SHOP_CREDENTIALS, type ShopHole } from './shop-rules.test-kit.js'

/*
 * One suite, three real frameworks: Express listening on 127.0.0.1 (dispatched with fetch), Fastify
 * through `inject`, Hono through its fetch handler. Each implements fixtures/specs/contract-checks/shop.yaml,
 * correctly or with deliberate holes, and every framework must produce the same report.
 */

const ALL = [ContractCheck.IgnoredAuth, ContractCheck.MissingRequiredHeader, ContractCheck.UnsupportedMethod]
const cleanups: (() => Promise<void>)[] = []
let spec: LoadedSpec

const FRAMEWORKS: Record<string, (holes: readonly ShopHole[]) => Promise<ContractCheckDispatcher>> = {
  express: async (holes) => {
    const server = await listen(createExpressShop(holes))
    cleanups.push(() => server.close())
    return dispatchWithFetchTo(server.baseUrl)
  },
  fastify: async (holes) => {
    const app = createFastifyShop(holes)
    cleanups.push(() => app.close())
    return dispatchWithInjectTo(app)
  },
  hono: async (holes) => dispatchWithFetchHandler(createHonoShop(holes).fetch),
}

beforeAll(async () => {
  spec = await loadSpecFile(fixturePath('contract-checks/shop.yaml'))
})

afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()))
})

/** Runs the checks against every framework; returns the Express report after proving the others equal it. */
async function reportEverywhere(holes: readonly ShopHole[], checks = ALL): Promise<ContractCheckReport> {
  const reports: Record<string, ContractCheckReport> = {}
  for (const [name, start] of Object.entries(FRAMEWORKS)) {
    reports[name] = await OpenApiContractChecks.run(spec, { seed: 42 })
      .checks(checks)
      .authenticateUsing((operation) => SHOP_CREDENTIALS[operation.operationId ?? ''])
      .dispatchIsolatedUsing(await start(holes))
      .report()
  }
  const summary = (report: ContractCheckReport) => ({
    failures: report.describeFailures(),
    skips: report.skips,
    dispatchedProbes: report.dispatchedProbes,
    probedPaths: report.probedPaths,
  })
  expect(summary(reports.fastify!)).toEqual(summary(reports.express!))
  expect(summary(reports.hono!)).toEqual(summary(reports.express!))
  return reports.express!
}

describe('contract checks against Express, Fastify and Hono', () => {
  it('a correct implementation passes all three checks', async () => {
    const report = await reportEverywhere([])
    expect(report.describeFailures()).toBe('')
    expect([report.hasFailures(), report.dispatchedProbes, report.probedPaths]).toMatchInlineSnapshot(`
      [
        false,
        28,
        7,
      ]
    `)
    expect(
      report.skips.map((skip) => `${skip.check} ${skip.method ?? '*'} ${skip.path}: ${skip.reason}`),
    ).toMatchInlineSnapshot(`
      [
        "missing_required_header GET /orders/{orderId}: Operation declares no required in:header parameter; there is nothing to omit.",
        "missing_required_header DELETE /orders/{orderId}: Operation declares no required in:header parameter; there is nothing to omit.",
        "missing_required_header GET /orders/{orderId}/receipt: Operation declares no required in:header parameter; there is nothing to omit.",
        "missing_required_header GET /account: Operation declares no required in:header parameter; there is nothing to omit.",
        "ignored_auth GET /admin/audit: No credential location this library can synthesize (the operation is secured only by oauth2 / openIdConnect / mutualTLS / non-bearer http schemes), so the invalid-credential probe was not dispatched; the no-credential probe still ran.",
        "missing_required_header GET /admin/audit: Operation declares no required in:header parameter; there is nothing to omit.",
        "ignored_auth GET /health: Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.",
        "missing_required_header GET /health: Operation declares no required in:header parameter; there is nothing to omit.",
      ]
    `)
  })

  it('reports an endpoint that accepts any bearer token and one that ignores auth', async () => {
    const report = await reportEverywhere(
      ['orders-accept-any-bearer', 'account-ignores-auth'],
      [ContractCheck.IgnoredAuth],
    )
    expect(report.describeFailures()).toMatchInlineSnapshot(`
      "ignored_auth: GET /orders (listOrders) [invalid credentials] - expected 401 or 403, got 200
        Curl: curl -X GET '/orders' -H 'X-Tenant-Id: t-wqhe' -H 'Authorization: <redacted>'
      ignored_auth: GET /account (getAccount) [no credentials] - expected 401 or 403, got 200
        Curl: curl -X GET '/account'
      ignored_auth: GET /account (getAccount) [invalid credentials] - expected 401 or 403, got 200
        Curl: curl -X GET '/account' -H 'Cookie: <redacted>'"
    `)
  })

  it('reports an endpoint that ignores a required header', async () => {
    const report = await reportEverywhere(
      ['orders-ignore-tenant-header'],
      [ContractCheck.MissingRequiredHeader],
    )
    expect(report.describeFailures()).toMatchInlineSnapshot(`
      "missing_required_header: GET /orders (listOrders) [omitted required header 'X-Tenant-Id'] - expected 4xx, got 200
        Curl: curl -X GET '/orders' -H 'Authorization: <redacted>'"
    `)
  })

  it('reports a router answering 404 to undocumented methods, and a catch-all answering 200', async () => {
    const report = await reportEverywhere(['no-405', 'orders-catch-all'], [ContractCheck.UnsupportedMethod])
    expect(report.describeFailures()).toMatchInlineSnapshot(`
      "unsupported_method: PUT /orders - expected 405, got 200
        Curl: curl -X PUT '/orders' -H 'Authorization: <redacted>'
      unsupported_method: PATCH /orders/{orderId} - expected 405, got 404
        Curl: curl -X PATCH '/orders/1' -H 'X-API-Key: <redacted>'
      unsupported_method: POST /orders/{orderId}/receipt - expected 405, got 404
        Curl: curl -X POST '/orders/1/receipt' -H 'Authorization: <redacted>' -H 'X-API-Key: <redacted>'
      unsupported_method: PUT /reports/daily - expected 405, got 404
        Curl: curl -X PUT '/reports/daily?api_key=<redacted>'
      unsupported_method: PATCH /account - expected 405, got 404
        Curl: curl -X PATCH '/account' -H 'Cookie: <redacted>'
      unsupported_method: DELETE /admin/audit - expected 405, got 404
        Curl: curl -X DELETE '/admin/audit' -H 'Authorization: <redacted>'
      unsupported_method: QUERY /health - expected 405, got 404
        Curl: curl -X QUERY '/health'"
    `)
  })
})
