import { ContractCheck, type ContractCheckReport, OpenApiContractChecks } from '@contracttool/contract-checks'
import { dispatchWithFetch } from '@contracttool/fetch'
import { describe, expect, test } from 'vitest'
import { createApp, DEMO_TOKEN, type PetStoreHole } from './app.js'

const ALL = [ContractCheck.IgnoredAuth, ContractCheck.MissingRequiredHeader, ContractCheck.UnsupportedMethod]

/** Runs the checks against the app; every probe gets a fresh app, so one that writes cannot affect the next. */
function checkApp(holes: readonly PetStoreHole[] = []): Promise<ContractCheckReport> {
  // The spec comes by name from contractTesting() in vitest.config.ts.
  return OpenApiContractChecks.run('petstore', { seed: 42 })
    .checks(ALL)
    .authenticateUsing(() => ({ headers: { Authorization: `Bearer ${DEMO_TOKEN}` } }))
    .dispatchIsolatedUsing((c) => dispatchWithFetch(createApp({ holes }).request)(c))
    .report()
}

describe('contract checks (ignored auth, missing required header, unsupported method)', () => {
  test('the pet store passes all three', async () => {
    const report = await checkApp()
    expect(report.describeFailures()).toBe('')
    expect([report.hasFailures(), report.dispatchedProbes, report.probedPaths]).toMatchInlineSnapshot(`
      [
        false,
        12,
        4,
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
        "ignored_auth GET /health: Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.",
        "missing_required_header GET /health: Operation declares no required in:header parameter; there is nothing to omit.",
      ]
    `)
  })

  test('reports a delete that ignores auth and a create that ignores its Idempotency-Key', async () => {
    const report = await checkApp(['delete-ignores-auth', 'create-ignores-idempotency-key'])
    expect(report.describeFailures()).toMatchInlineSnapshot(`
      "missing_required_header: POST /pets (createPet) [omitted required header 'Idempotency-Key'] - expected 4xx, got 201
        Curl: curl -X POST '/pets' -H 'Authorization: <redacted>' -H 'Content-Type: application/json' --data '{"name":"y","kind":"cat"}'
      ignored_auth: DELETE /pets/{petId} (deletePet) [no credentials] - expected 401 or 403, got 204
        Curl: curl -X DELETE '/pets/1'
      ignored_auth: DELETE /pets/{petId} (deletePet) [invalid credentials] - expected 401 or 403, got 204
        Curl: curl -X DELETE '/pets/1' -H 'Authorization: <redacted>'"
    `)
  })

  test('reports undocumented methods answered with 404, and a catch-all on /pets that shadows POST too', async () => {
    const report = await checkApp(['no-405', 'pets-catch-all'])
    expect(report.describeFailures()).toMatchInlineSnapshot(`
      "ignored_auth: POST /pets (createPet) [no credentials] - expected 401 or 403, got 200
        Curl: curl -X POST '/pets' -H 'Idempotency-Key: b' -H 'Content-Type: application/json' --data '{"name":"p","kind":"cat"}'
      ignored_auth: POST /pets (createPet) [invalid credentials] - expected 401 or 403, got 200
        Curl: curl -X POST '/pets' -H 'Idempotency-Key: b' -H 'Authorization: <redacted>' -H 'Content-Type: application/json' --data '{"name":"p","kind":"cat"}'
      missing_required_header: POST /pets (createPet) [omitted required header 'Idempotency-Key'] - expected 4xx, got 200
        Curl: curl -X POST '/pets' -H 'Authorization: <redacted>' -H 'Content-Type: application/json' --data '{"name":"y","kind":"cat"}'
      unsupported_method: PATCH /pets - expected 405, got 200
        Curl: curl -X PATCH '/pets' -H 'Authorization: <redacted>'
      unsupported_method: PUT /pets/{petId} - expected 405, got 404
        Curl: curl -X PUT '/pets/1' -H 'Authorization: <redacted>'
      unsupported_method: QUERY /pets/{petId}/photo - expected 405, got 404
        Curl: curl -X QUERY '/pets/1/photo' -H 'Authorization: <redacted>'
      unsupported_method: PATCH /health - expected 405, got 404
        Curl: curl -X PATCH '/health' -H 'Authorization: <redacted>'"
    `)
  })
})
