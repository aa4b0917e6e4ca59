import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFile } from '@contracttool/spec-loader'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContractCheck } from './contract-check.js'
import { dispatchWithFetchTo } from './express-shop.test-kit.js'
import { OpenApiContractChecks } from './open-api-contract-checks.js'
import { SHOP_CREDENTIALS } from './shop-rules.test-kit.js'

/*
 * Stoplight Prism 5.14 mocking fixtures/specs/contract-checks/shop.yaml, probed by all three checks.
 * A mock server is the textbook "looks right, checks nothing" implementation: the findings below are
 * what the checks can see that schema validation cannot.
 */

const SPEC = fixturePath('contract-checks/shop.yaml')
let prism: ChildProcess | undefined
let baseUrl = ''
let output = ''

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address !== null ? address.port : 0
}

beforeAll(async () => {
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')),
    'dist',
    'index.js',
  )
  const port = await freePort()
  baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [bin, 'mock', SPEC, '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  prism = child
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Prism is listening')) resolve()
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) =>
      reject(new Error(`Prism exited with ${String(code)} before listening:\n${output}`)),
    )
  })
}, 120_000)

afterAll(async () => {
  if (prism === undefined || prism.exitCode !== null) return
  const exited = once(prism, 'exit')
  prism.kill('SIGTERM')
  await exited
})

describe('contract checks against a Stoplight Prism mock', () => {
  it('finds the holes a mock server has', async () => {
    const spec = await loadSpecFile(SPEC)
    const report = await OpenApiContractChecks.run(spec, { seed: 42 })
      .checks([
        ContractCheck.IgnoredAuth,
        ContractCheck.MissingRequiredHeader,
        ContractCheck.UnsupportedMethod,
      ])
      .authenticateUsing((operation) => SHOP_CREDENTIALS[operation.operationId ?? ''])
      .dispatchIsolatedUsing(dispatchWithFetchTo(baseUrl))
      .report()
    expect(report.describeFailures()).toMatchInlineSnapshot(`
      "ignored_auth: GET /orders (listOrders) [invalid credentials] - expected 401 or 403, got 200
        Curl: curl -X GET '/orders' -H 'X-Tenant-Id: t-wqhe' -H 'Authorization: <redacted>'
      ignored_auth: POST /orders (createOrder) [invalid credentials] - expected 401 or 403, got 201
        Curl: curl -X POST '/orders' -H 'X-Tenant-Id: t-wqhe' -H 'Authorization: <redacted>' -H 'Content-Type: application/json' --data '{"item":"b","quantity":1}'
      ignored_auth: GET /orders/{orderId} (getOrder) [invalid credentials] - expected 401 or 403, got 200
        Curl: curl -X GET '/orders/1' -H 'X-API-Key: <redacted>' -H 'Authorization: <redacted>'
      ignored_auth: DELETE /orders/{orderId} (cancelOrder) [invalid credentials] - expected 401 or 403, got 204
        Curl: curl -X DELETE '/orders/1' -H 'Authorization: <redacted>'
      ignored_auth: GET /orders/{orderId}/receipt (getReceipt) [invalid credentials] - expected 401 or 403, got 200
        Curl: curl -X GET '/orders/1/receipt' -H 'Authorization: <redacted>' -H 'X-API-Key: <redacted>'
      ignored_auth: GET /reports/daily (getDailyReport) [invalid credentials] - expected 401 or 403, got 200
        Curl: curl -X GET '/reports/daily?api_key=<redacted>' -H 'X-Report-Format: csv'
      ignored_auth: GET /account (getAccount) [invalid credentials] - expected 401 or 403, got 200
        Curl: curl -X GET '/account' -H 'Cookie: <redacted>'"
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
    expect([report.dispatchedProbes, report.probedPaths]).toMatchInlineSnapshot(`
      [
        28,
        7,
      ]
    `)
  })
})
