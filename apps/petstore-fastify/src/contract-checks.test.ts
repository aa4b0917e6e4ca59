import {
  ContractCheck,
  type ContractCheckDispatcher,
  type ContractCheckReport,
  OpenApiContractChecks,
} from '@contracttool/contract-checks'
import { dispatchWithInject } from '@contracttool/fastify'
import { describe, expect, test } from 'vitest'
import { type AppOptions, buildApp, DEMO_TOKEN } from './app.js'

/** Serves each probe from a fresh app, closed once it answered, so no probe sees another's writes. */
function freshAppPerProbe(options: AppOptions): ContractCheckDispatcher {
  return async (probe) => {
    const app = await buildApp(undefined, options)
    try {
      return await dispatchWithInject(app)(probe)
    } finally {
      await app.close()
    }
  }
}

function checkApp(options: AppOptions = {}): Promise<ContractCheckReport> {
  // The spec comes by name from contractTesting() in vitest.config.ts.
  return OpenApiContractChecks.run('petstore', { seed: 42 })
    .checks([ContractCheck.IgnoredAuth, ContractCheck.MissingRequiredHeader, ContractCheck.UnsupportedMethod])
    .authenticateUsing(() => ({ headers: { Authorization: `Bearer ${DEMO_TOKEN}` } }))
    .dispatchIsolatedUsing(freshAppPerProbe(options))
    .report()
}

describe('contract checks', () => {
  test('the app rejects missing credentials and headers, and answers undocumented methods with 405', async () => {
    const report = await checkApp()
    expect(report.describeFailures()).toBe('')
    expect([report.hasFailures(), report.dispatchedProbes, report.probedPaths]).toMatchInlineSnapshot(`
      [
        false,
        15,
        7,
      ]
    `)
    expect(
      report.skips.map((skip) => `${skip.check} ${skip.method ?? '*'} ${skip.path}: ${skip.reason}`),
    ).toMatchInlineSnapshot(`
      [
        "ignored_auth GET /pets: Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.",
        "missing_required_header GET /pets: Operation declares no required in:header parameter; there is nothing to omit.",
        "ignored_auth GET /pets/{petId}: Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.",
        "missing_required_header GET /pets/{petId}: Operation declares no required in:header parameter; there is nothing to omit.",
        "missing_required_header DELETE /pets/{petId}: Operation declares no required in:header parameter; there is nothing to omit.",
        "missing_required_header PATCH /pets/{petId}: Operation declares no required in:header parameter; there is nothing to omit.",
        "ignored_auth GET /pets/{petId}/photo: Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.",
        "missing_required_header GET /pets/{petId}/photo: Operation declares no required in:header parameter; there is nothing to omit.",
        "ignored_auth GET /pets/events: Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.",
        "missing_required_header GET /pets/events: Operation declares no required in:header parameter; there is nothing to omit.",
        "ignored_auth GET /pets/events/replay: Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.",
        "missing_required_header GET /pets/events/replay: Operation declares no required in:header parameter; there is nothing to omit.",
        "ignored_auth GET /pets/export: Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.",
        "missing_required_header GET /pets/export: Operation declares no required in:header parameter; there is nothing to omit.",
        "ignored_auth GET /health: Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.",
        "missing_required_header GET /health: Operation declares no required in:header parameter; there is nothing to omit.",
      ]
    `)
  })

  test('each hole shows up as a failure', async () => {
    const report = await checkApp({
      holes: ['delete-ignores-auth', 'create-ignores-idempotency-key', 'no-405', 'pets-catch-all'],
    })
    expect(report.describeFailures()).toMatchInlineSnapshot(`
      "missing_required_header: POST /pets (createPet) [omitted required header 'Idempotency-Key'] - expected 4xx, got 201
        Curl: curl -X POST '/pets' -H 'Authorization: <redacted>' -H 'Content-Type: application/json' --data '{"name":"y","kind":"cat"}'
      unsupported_method: PATCH /pets - expected 405, got 200
        Curl: curl -X PATCH '/pets' -H 'Authorization: <redacted>'
      ignored_auth: DELETE /pets/{petId} (deletePet) [no credentials] - expected 401 or 403, got 204
        Curl: curl -X DELETE '/pets/1'
      ignored_auth: DELETE /pets/{petId} (deletePet) [invalid credentials] - expected 401 or 403, got 204
        Curl: curl -X DELETE '/pets/1' -H 'Authorization: <redacted>'
      unsupported_method: PUT /pets/{petId} - expected 405, got 404
        Curl: curl -X PUT '/pets/1' -H 'Authorization: <redacted>'
      unsupported_method: QUERY /pets/{petId}/photo - expected 405, got 404
        Curl: curl -X QUERY '/pets/1/photo' -H 'Authorization: <redacted>'
      unsupported_method: PUT /pets/events - expected 405, got 404
        Curl: curl -X PUT '/pets/events' -H 'Authorization: <redacted>'
      unsupported_method: POST /pets/events/replay - expected 405, got 404
        Curl: curl -X POST '/pets/events/replay' -H 'Authorization: <redacted>'
      unsupported_method: POST /pets/export - expected 405, got 404
        Curl: curl -X POST '/pets/export' -H 'Authorization: <redacted>'
      unsupported_method: PATCH /health - expected 405, got 404
        Curl: curl -X PATCH '/health' -H 'Authorization: <redacted>'"
    `)
  })
})
