import { describe, expect, it } from 'vitest'
import { computeCoverage } from './compute-coverage.js'
import { CoverageTracker } from './coverage-tracker.js'
import { fixtureResult, fixtureSpecs, specFrom, validation } from './fixture.test-kit.js'
import { renderConsole } from './render-console.js'
import { renderHtml } from './render-html.js'
import { renderJson } from './render-json.js'
import { renderJunit } from './render-junit.js'
import { renderMarkdown } from './render-markdown.js'
import type { CoverageResult } from './types.js'

const NOW = new Date('2026-05-11T12:34:56Z')
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI escapes is the point
const ANSI_ESCAPE = /\u001b\[\d+m/g

describe('every renderer on an empty result', () => {
  const empty = computeCoverage(fixtureSpecs(), new CoverageTracker())
  const noSpecs = computeCoverage([], new CoverageTracker())
  it.each<[string, (result: CoverageResult) => string]>([
    ['console', (r) => renderConsole(r, { mode: 'all', color: false })],
    ['markdown', renderMarkdown],
    ['junit', renderJunit],
    ['json', (r) => renderJson(r, { toolVersion: '1.0.0', now: NOW })],
    ['html', renderHtml],
  ])('%s returns an empty string', (_name, render) => {
    expect(render(empty)).toBe('')
    expect(render(noSpecs)).toBe('')
  })

  it('console renders the table of an empty result when asked (evenWhenEmpty), never one without specs', () => {
    const table = renderConsole(empty, { mode: 'default', color: false, evenWhenEmpty: true })
    expect(table).toContain('OpenAPI Contract Test Coverage')
    expect(table).toMatch(/\[petstore\] endpoints: 0\/\d+ fully covered \(0%\)/)
    expect(renderConsole(noSpecs, { mode: 'default', color: false, evenWhenEmpty: true })).toBe('')
  })
})

describe('renderConsole', () => {
  const result = fixtureResult()
  it('default mode', () => {
    expect(renderConsole(result, { mode: 'default', color: false })).toMatchInlineSnapshot(`
      "

      OpenAPI Contract Test Coverage
      ==================================================

      [petstore] endpoints: 1/7 fully covered (14.3%), 2 partial, 2 uncovered
              responses: 4/12 covered (33.3%), 2 skipped, 6 uncovered, 1 with every check failed
              SDK responses: 2/8 exercised (25%), 6 unexercised
      --------------------------------------------------
      Legend: ✓=validated  ⚠=skipped  ✗=uncovered  ◐=partial  ·=request-only  *=any/no content-type  ✘=validated, check failed
        · COPY /pets/{petId}  (0/1 responses)
        ✗ DELETE /pets/{petId}  (0/1 responses)
        · GET /health  (request only)
        ◐ GET /pets  (1/4 responses, 2 skipped)
        ✘ GET /pets/{petId}  (2/2 responses, 1 check failed)
        ◐ POST /pets  (1/2 responses)
        ✗ QUERY /search  (0/2 responses)

      [admin] endpoints: 0/1 fully covered (0%), 0 partial, 1 uncovered
              responses: 0/2 covered (0%), 0 skipped, 2 uncovered
              SDK responses: 0/1 exercised (0%), 1 unexercised
      --------------------------------------------------
      Legend: ✓=validated  ⚠=skipped  ✗=uncovered  ◐=partial  ·=request-only  *=any/no content-type
        ✗ GET /users  (0/2 responses)

      [OpenAPI Coverage] spec 'petstore': response POST /pets 422 is not an object (got string); omitted from coverage
      [OpenAPI Coverage] NOTE: spec 'petstore': 1 endpoint(s) observed by tests are not declared in the spec (removed or renamed since the run?), not counted: GET /gone
      "
    `)
  })
  it('all mode', () => {
    expect(renderConsole(result, { mode: 'all', color: false })).toMatchInlineSnapshot(`
      "

      OpenAPI Contract Test Coverage
      ==================================================

      [petstore] endpoints: 1/7 fully covered (14.3%), 2 partial, 2 uncovered
              responses: 4/12 covered (33.3%), 2 skipped, 6 uncovered, 1 with every check failed
              SDK responses: 2/8 exercised (25%), 6 unexercised
      --------------------------------------------------
      Legend: ✓=validated  ⚠=skipped  ✗=uncovered  ◐=partial  ·=request-only  *=any/no content-type  ✘=validated, check failed
        · COPY /pets/{petId}  (0/1 responses)
            ✗ 201    application/json                uncovered
        ✗ DELETE /pets/{petId}  (0/1 responses)
            ✗ 204    *                               uncovered
        · GET /health  (request only)
        ◐ GET /pets  (1/4 responses, 2 skipped)
            ✓ 200    application/json                [2] 1 check failed
            ✗ 200    application/xml                 uncovered
            ⚠ 5XX    application/json                skipped: status 503 matched skip pattern 5\\d\\d
            ⚠ default  application/problem+json        skipped: status 503 matched skip pattern 5\\d\\d
            ! 418    application/json                  unexpected (not in spec)
        ✘ GET /pets/{petId}  (2/2 responses, 1 check failed)
            ✓ 200    application/json                [1]
            ✘ 404    application/json                [1] check failed
        ◐ POST /pets  (1/2 responses)
            ✓ 201    application/json                [1]
            ✗ 400    *                               uncovered
        ✗ QUERY /search  (0/2 responses)
            ✗ 200    application/json                uncovered
            ✗ 200    application/stream+json         uncovered
        ✗ COPY /pets/{petId}  201  application/json  unexercised
        ✓ GET /pets  200  application/json  [1]
        ✗ GET /pets  5XX  application/json  unexercised
        ✗ GET /pets  default  application/problem+json  unexercised
        ✗ GET /pets/{petId}  200  application/json  unexercised
        ✓ GET /pets/{petId}  404  application/json  [1]
        ✗ POST /pets  201  application/json  unexercised
        ✗ QUERY /search  200  application/json  unexercised
        ! GET /pets  299  application/json  unexpected [1]

      [admin] endpoints: 0/1 fully covered (0%), 0 partial, 1 uncovered
              responses: 0/2 covered (0%), 0 skipped, 2 uncovered
              SDK responses: 0/1 exercised (0%), 1 unexercised
      --------------------------------------------------
      Legend: ✓=validated  ⚠=skipped  ✗=uncovered  ◐=partial  ·=request-only  *=any/no content-type
        ✗ GET /users  (0/2 responses)
            ✗ 200    application/json                uncovered
            ✗ 401    *                               uncovered
        ✗ GET /users  200  application/json  unexercised

      [OpenAPI Coverage] spec 'petstore': response POST /pets 422 is not an object (got string); omitted from coverage
      [OpenAPI Coverage] NOTE: spec 'petstore': 1 endpoint(s) observed by tests are not declared in the spec (removed or renamed since the run?), not counted: GET /gone
      "
    `)
  })
  it('uncovered_only mode', () => {
    expect(renderConsole(result, { mode: 'uncovered_only', color: false })).toMatchInlineSnapshot(`
      "

      OpenAPI Contract Test Coverage
      ==================================================

      [petstore] endpoints: 1/7 fully covered (14.3%), 2 partial, 2 uncovered
              responses: 4/12 covered (33.3%), 2 skipped, 6 uncovered, 1 with every check failed
              SDK responses: 2/8 exercised (25%), 6 unexercised
      --------------------------------------------------
      Legend: ✓=validated  ⚠=skipped  ✗=uncovered  ◐=partial  ·=request-only  *=any/no content-type  ✘=validated, check failed
        · COPY /pets/{petId}  (0/1 responses)
            ✗ 201    application/json                uncovered
        ✗ DELETE /pets/{petId}  (0/1 responses)
            ✗ 204    *                               uncovered
        · GET /health  (request only)
        ◐ GET /pets  (1/4 responses, 2 skipped)
            ✗ 200    application/xml                 uncovered
            ⚠ 5XX    application/json                skipped: status 503 matched skip pattern 5\\d\\d
            ⚠ default  application/problem+json        skipped: status 503 matched skip pattern 5\\d\\d
            ! 418    application/json                  unexpected (not in spec)
        ✘ GET /pets/{petId}  (2/2 responses, 1 check failed)
            ✘ 404    application/json                [1] check failed
        ◐ POST /pets  (1/2 responses)
            ✗ 400    *                               uncovered
        ✗ QUERY /search  (0/2 responses)
            ✗ 200    application/json                uncovered
            ✗ 200    application/stream+json         uncovered
        ✗ COPY /pets/{petId}  201  application/json  unexercised
        ✗ GET /pets  5XX  application/json  unexercised
        ✗ GET /pets  default  application/problem+json  unexercised
        ✗ GET /pets/{petId}  200  application/json  unexercised
        ✗ POST /pets  201  application/json  unexercised
        ✗ QUERY /search  200  application/json  unexercised
        ! GET /pets  299  application/json  unexpected [1]

      [admin] endpoints: 0/1 fully covered (0%), 0 partial, 1 uncovered
              responses: 0/2 covered (0%), 0 skipped, 2 uncovered
              SDK responses: 0/1 exercised (0%), 1 unexercised
      --------------------------------------------------
      Legend: ✓=validated  ⚠=skipped  ✗=uncovered  ◐=partial  ·=request-only  *=any/no content-type
        ✗ GET /users  (0/2 responses)
            ✗ 200    application/json                uncovered
            ✗ 401    *                               uncovered
        ✗ GET /users  200  application/json  unexercised

      [OpenAPI Coverage] spec 'petstore': response POST /pets 422 is not an object (got string); omitted from coverage
      [OpenAPI Coverage] NOTE: spec 'petstore': 1 endpoint(s) observed by tests are not declared in the spec (removed or renamed since the run?), not counted: GET /gone
      "
    `)
  })
  it('active_only mode', () => {
    expect(renderConsole(result, { mode: 'active_only', color: false })).toMatchInlineSnapshot(`
      "

      OpenAPI Contract Test Coverage
      ==================================================

      [petstore] endpoints: 1/7 fully covered (14.3%), 2 partial, 2 uncovered
              responses: 4/12 covered (33.3%), 2 skipped, 6 uncovered, 1 with every check failed
              SDK responses: 2/8 exercised (25%), 6 unexercised
      --------------------------------------------------
      Legend: ✓=validated  ⚠=skipped  ✗=uncovered  ◐=partial  ·=request-only  *=any/no content-type  ✘=validated, check failed
        · COPY /pets/{petId}  (0/1 responses)
        ✗ DELETE /pets/{petId}  (0/1 responses)
        · GET /health  (request only)
        ◐ GET /pets  (1/4 responses, 2 skipped)
        ✘ GET /pets/{petId}  (2/2 responses, 1 check failed)
        ◐ POST /pets  (1/2 responses)
        ✗ QUERY /search  (0/2 responses)

      [admin] no test activity (1 endpoints, 2 responses in spec)

      [OpenAPI Coverage] spec 'petstore': response POST /pets 422 is not an object (got string); omitted from coverage
      [OpenAPI Coverage] NOTE: spec 'petstore': 1 endpoint(s) observed by tests are not declared in the spec (removed or renamed since the run?), not counted: GET /gone
      "
    `)
  })
  it('prints the title it is given (the mock coverage report), the same table under it', () => {
    const titled = renderConsole(result, { mode: 'default', color: false, title: 'OpenAPI Mock Coverage' })
    const plain = renderConsole(result, { mode: 'default', color: false })
    expect(titled).toBe(plain.replace('OpenAPI Contract Test Coverage', 'OpenAPI Mock Coverage'))
    expect(titled).not.toBe(plain)
  })

  it('colours markers only when asked', () => {
    const colored = renderConsole(result, { mode: 'default', color: true })
    expect(colored).toContain('\u001b[33m◐\u001b[0m')
    expect(colored).toContain('\u001b[31m✗\u001b[0m')
    expect(colored).toContain('\u001b[31m✘\u001b[0m')
    expect(renderConsole(result, { mode: 'all', color: true })).toContain('\u001b[32m✓\u001b[0m')
    expect(colored.replace(ANSI_ESCAPE, '')).toBe(renderConsole(result, { mode: 'default', color: false }))
    expect(renderConsole(result, { mode: 'all', color: false })).not.toContain('\u001b[')
  })
})

describe('renderMarkdown', () => {
  it('renders the fixture result', () => {
    expect(renderMarkdown(fixtureResult())).toMatchInlineSnapshot(`
      "## OpenAPI Contract Test Coverage

      ### petstore — endpoints: 1/7 fully covered (14.3%)

      _responses: 4/12 covered (33.3%) — 2 skipped, 6 uncovered, 2 partial endpoints, 2 uncovered endpoints_

      | Status | Endpoint | Responses |
      |--------|----------|-----------|
      | :information_source: | \`COPY /pets/{petId}\` | 0/1 (1 uncovered) |
      | :x: | \`DELETE /pets/{petId}\` | 0/1 (1 uncovered) |
      | :information_source: | \`GET /health\` | request only |
      | :large_orange_diamond: | \`GET /pets\` | 1/4 (2 skipped, 1 uncovered) |
      | :no_entry: | \`GET /pets/{petId}\` | 2/2 |
      | :large_orange_diamond: | \`POST /pets\` | 1/2 (1 uncovered) |
      | :x: | \`QUERY /search\` | 0/2 (2 uncovered) |

      <details>
      <summary>Per-response detail</summary>

      #### \`COPY /pets/{petId}\` (copyPet)

      | Status | Content-Type | State |
      |--------|--------------|-------|
      | :x: 201 | application/json | uncovered |

      #### \`DELETE /pets/{petId}\` (deletePet)

      | Status | Content-Type | State |
      |--------|--------------|-------|
      | :x: 204 | \\* | uncovered |

      #### \`GET /health\` (health)

      _request reached, no response definitions in spec_

      #### \`GET /pets\` (listPets)

      | Status | Content-Type | State |
      |--------|--------------|-------|
      | :white_check_mark: 200 | application/json | validated (2 hits, 1 failed) |
      | :x: 200 | application/xml | uncovered |
      | :warning: 5XX | application/json | skipped (status 503 matched skip pattern 5\\\\d\\\\d) |
      | :warning: default | application/problem+json | skipped (status 503 matched skip pattern 5\\\\d\\\\d) |

      _Unexpected observations (status / content-type not in spec):_

      - \`418\` \`application/json\`

      #### \`GET /pets/{petId}\` (showPet)

      | Status | Content-Type | State |
      |--------|--------------|-------|
      | :white_check_mark: 200 | application/json | validated (1 hits) |
      | :no_entry: 404 | application/json | validated, check failed (1 hits) |

      #### \`POST /pets\` (createPet)

      | Status | Content-Type | State |
      |--------|--------------|-------|
      | :white_check_mark: 201 | application/json | validated (1 hits) |
      | :x: 400 | \\* | uncovered |

      #### \`QUERY /search\` (searchPets)

      | Status | Content-Type | State |
      |--------|--------------|-------|
      | :x: 200 | application/json | uncovered |
      | :x: 200 | application/stream+json | uncovered |

      </details>

      #### SDK response schema exercise

      _SDK responses: 2/8 exercised (25%) — 6 unexercised_

      | Status | Endpoint | Response | Content-Type | State |
      |--------|----------|----------|--------------|-------|
      | :x: | \`COPY /pets/{petId}\` | 201 | application/json | unexercised |
      | :white_check_mark: | \`GET /pets\` | 200 | application/json | exercised (1 hits) |
      | :x: | \`GET /pets\` | 5XX | application/json | unexercised |
      | :x: | \`GET /pets\` | default | application/problem+json | unexercised |
      | :x: | \`GET /pets/{petId}\` | 200 | application/json | unexercised |
      | :white_check_mark: | \`GET /pets/{petId}\` | 404 | application/json | exercised (1 hits) |
      | :x: | \`POST /pets\` | 201 | application/json | unexercised |
      | :x: | \`QUERY /search\` | 200 | application/json | unexercised |

      _Unexpected SDK exercise observations (not eligible in live spec):_

      - \`GET /pets\` \`299\` \`application/json\` (1 hits)

      ### admin — endpoints: 0/1 fully covered (0%)

      _responses: 0/2 covered (0%) — 0 skipped, 2 uncovered, 0 partial endpoints, 1 uncovered endpoints_

      | Status | Endpoint | Responses |
      |--------|----------|-----------|
      | :x: | \`GET /users\` | 0/2 (2 uncovered) |

      <details>
      <summary>Per-response detail</summary>

      #### \`GET /users\` (listUsers)

      | Status | Content-Type | State |
      |--------|--------------|-------|
      | :x: 200 | application/json | uncovered |
      | :x: 401 | \\* | uncovered |

      </details>

      #### SDK response schema exercise

      _SDK responses: 0/1 exercised (0%) — 1 unexercised_

      | Status | Endpoint | Response | Content-Type | State |
      |--------|----------|----------|--------------|-------|
      | :x: | \`GET /users\` | 200 | application/json | unexercised |
      "
    `)
  })
})

describe('renderJunit', () => {
  it('renders the fixture result', () => {
    expect(renderJunit(fixtureResult())).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="openapi-contract-coverage" tests="26" failures="18" errors="0" time="0">
        <testsuite name="petstore" tests="23" failures="15" errors="0" skipped="3" time="0">
          <testcase name="COPY /pets/{petId} [201 application/json]" classname="openapi.coverage.petstore" time="0">
            <failure type="UncoveredResponse" message="Response 201 application/json on COPY /pets/{petId} not exercised by any test"/>
            <system-out>hits=0 operationId=copyPet</system-out>
          </testcase>
          <testcase name="DELETE /pets/{petId} [204 *]" classname="openapi.coverage.petstore" time="0">
            <failure type="UncoveredResponse" message="Response 204 * on DELETE /pets/{petId} not exercised by any test"/>
            <system-out>hits=0 operationId=deletePet</system-out>
          </testcase>
          <testcase name="GET /health" classname="openapi.coverage.petstore" time="0">
            <skipped message="request reached, but spec has no response definitions"/>
            <system-out>hits=0 operationId=health</system-out>
          </testcase>
          <testcase name="GET /pets [200 application/json]" classname="openapi.coverage.petstore" time="0">
            <system-out>hits=2 operationId=listPets</system-out>
          </testcase>
          <testcase name="GET /pets [200 application/xml]" classname="openapi.coverage.petstore" time="0">
            <failure type="UncoveredResponse" message="Response 200 application/xml on GET /pets not exercised by any test"/>
            <system-out>hits=0 operationId=listPets</system-out>
          </testcase>
          <testcase name="GET /pets [5XX application/json]" classname="openapi.coverage.petstore" time="0">
            <skipped message="status 503 matched skip pattern 5\\d\\d"/>
            <system-out>hits=1 operationId=listPets</system-out>
          </testcase>
          <testcase name="GET /pets [default application/problem+json]" classname="openapi.coverage.petstore" time="0">
            <skipped message="status 503 matched skip pattern 5\\d\\d"/>
            <system-out>hits=1 operationId=listPets</system-out>
          </testcase>
          <testcase name="GET /pets [unexpected 418 application/json]" classname="openapi.coverage.petstore" time="0">
            <failure type="UnexpectedObservation" message="Observed 418 application/json on GET /pets but spec declares no such response"/>
            <system-out>hits=0 operationId=listPets</system-out>
          </testcase>
          <testcase name="GET /pets/{petId} [200 application/json]" classname="openapi.coverage.petstore" time="0">
            <system-out>hits=1 operationId=showPet</system-out>
          </testcase>
          <testcase name="GET /pets/{petId} [404 application/json]" classname="openapi.coverage.petstore" time="0">
            <failure type="FailedResponseCheck" message="Response 404 application/json on GET /pets/{petId} was exercised, but every check of it failed"/>
            <system-out>hits=1 operationId=showPet</system-out>
          </testcase>
          <testcase name="POST /pets [201 application/json]" classname="openapi.coverage.petstore" time="0">
            <system-out>hits=1 operationId=createPet</system-out>
          </testcase>
          <testcase name="POST /pets [400 *]" classname="openapi.coverage.petstore" time="0">
            <failure type="UncoveredResponse" message="Response 400 * on POST /pets not exercised by any test"/>
            <system-out>hits=0 operationId=createPet</system-out>
          </testcase>
          <testcase name="QUERY /search [200 application/json]" classname="openapi.coverage.petstore" time="0">
            <failure type="UncoveredResponse" message="Response 200 application/json on QUERY /search not exercised by any test"/>
            <system-out>hits=0 operationId=searchPets</system-out>
          </testcase>
          <testcase name="QUERY /search [200 application/stream+json]" classname="openapi.coverage.petstore" time="0">
            <failure type="UncoveredResponse" message="Response 200 application/stream+json on QUERY /search not exercised by any test"/>
            <system-out>hits=0 operationId=searchPets</system-out>
          </testcase>
          <testcase name="COPY /pets/{petId} [201 application/json]" classname="petstore.sdk-exercise" time="0">
            <failure type="UnexercisedSdkResponseSchema" message="Response schema 201 application/json on COPY /pets/{petId} was not exercised against an SDK decoder"/>
            <system-out>hits=0 operationId=copyPet</system-out>
          </testcase>
          <testcase name="GET /pets [200 application/json]" classname="petstore.sdk-exercise" time="0">
            <system-out>hits=1 operationId=listPets</system-out>
          </testcase>
          <testcase name="GET /pets [5XX application/json]" classname="petstore.sdk-exercise" time="0">
            <failure type="UnexercisedSdkResponseSchema" message="Response schema 5XX application/json on GET /pets was not exercised against an SDK decoder"/>
            <system-out>hits=0 operationId=listPets</system-out>
          </testcase>
          <testcase name="GET /pets [default application/problem+json]" classname="petstore.sdk-exercise" time="0">
            <failure type="UnexercisedSdkResponseSchema" message="Response schema default application/problem+json on GET /pets was not exercised against an SDK decoder"/>
            <system-out>hits=0 operationId=listPets</system-out>
          </testcase>
          <testcase name="GET /pets/{petId} [200 application/json]" classname="petstore.sdk-exercise" time="0">
            <failure type="UnexercisedSdkResponseSchema" message="Response schema 200 application/json on GET /pets/{petId} was not exercised against an SDK decoder"/>
            <system-out>hits=0 operationId=showPet</system-out>
          </testcase>
          <testcase name="GET /pets/{petId} [404 application/json]" classname="petstore.sdk-exercise" time="0">
            <system-out>hits=1 operationId=showPet</system-out>
          </testcase>
          <testcase name="POST /pets [201 application/json]" classname="petstore.sdk-exercise" time="0">
            <failure type="UnexercisedSdkResponseSchema" message="Response schema 201 application/json on POST /pets was not exercised against an SDK decoder"/>
            <system-out>hits=0 operationId=createPet</system-out>
          </testcase>
          <testcase name="QUERY /search [200 application/json]" classname="petstore.sdk-exercise" time="0">
            <failure type="UnexercisedSdkResponseSchema" message="Response schema 200 application/json on QUERY /search was not exercised against an SDK decoder"/>
            <system-out>hits=0 operationId=searchPets</system-out>
          </testcase>
          <testcase name="GET /pets [unexpected 299 application/json]" classname="petstore.sdk-exercise" time="0">
            <failure type="UnexpectedSdkExerciseObservation" message="SDK exercise observation does not match an eligible live-spec response schema"/>
            <system-out>hits=1</system-out>
          </testcase>
        </testsuite>
        <testsuite name="admin" tests="3" failures="3" errors="0" skipped="0" time="0">
          <testcase name="GET /users [200 application/json]" classname="openapi.coverage.admin" time="0">
            <failure type="UncoveredResponse" message="Response 200 application/json on GET /users not exercised by any test"/>
            <system-out>hits=0 operationId=listUsers</system-out>
          </testcase>
          <testcase name="GET /users [401 *]" classname="openapi.coverage.admin" time="0">
            <failure type="UncoveredResponse" message="Response 401 * on GET /users not exercised by any test"/>
            <system-out>hits=0 operationId=listUsers</system-out>
          </testcase>
          <testcase name="GET /users [200 application/json]" classname="admin.sdk-exercise" time="0">
            <failure type="UnexercisedSdkResponseSchema" message="Response schema 200 application/json on GET /users was not exercised against an SDK decoder"/>
            <system-out>hits=0 operationId=listUsers</system-out>
          </testcase>
        </testsuite>
      </testsuites>
      "
    `)
  })
})

describe('renderJson', () => {
  it('renders the fixture result', () => {
    expect(renderJson(fixtureResult(), { toolVersion: '1.2.3', now: NOW })).toMatchInlineSnapshot(`
      "{
          "schema_version": 3,
          "generated_at": "2026-05-11T12:34:56+00:00",
          "tool": {
              "name": "contracttool",
              "version": "1.2.3"
          },
          "aggregate": {
              "endpoint_total": 8,
              "endpoint_fully_covered": 1,
              "endpoint_partial": 2,
              "endpoint_uncovered": 3,
              "endpoint_request_only": 2,
              "response_total": 14,
              "response_covered": 4,
              "response_check_failed": 1,
              "response_skipped": 2,
              "response_uncovered": 8,
              "sdk_exercise": {
                  "response_total": 9,
                  "response_exercised": 2,
                  "response_unexercised": 7
              }
          },
          "specs": {
              "petstore": {
                  "aggregates": {
                      "endpoint_total": 7,
                      "endpoint_fully_covered": 1,
                      "endpoint_partial": 2,
                      "endpoint_uncovered": 2,
                      "endpoint_request_only": 2,
                      "response_total": 12,
                      "response_covered": 4,
                      "response_check_failed": 1,
                      "response_skipped": 2,
                      "response_uncovered": 6
                  },
                  "endpoints": [
                      {
                          "endpoint": "COPY /pets/{petId}",
                          "method": "COPY",
                          "path": "/pets/{petId}",
                          "operation_id": "copyPet",
                          "endpoint_state": "request-only",
                          "request_reached": true,
                          "responses": [
                              {
                                  "status_key": "201",
                                  "content_type_key": "application/json",
                                  "response_state": "uncovered",
                                  "hits": 0,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              }
                          ],
                          "covered_response_count": 0,
                          "check_failed_response_count": 0,
                          "skipped_response_count": 0,
                          "total_response_count": 1,
                          "unexpected_observations": []
                      },
                      {
                          "endpoint": "DELETE /pets/{petId}",
                          "method": "DELETE",
                          "path": "/pets/{petId}",
                          "operation_id": "deletePet",
                          "endpoint_state": "uncovered",
                          "request_reached": false,
                          "responses": [
                              {
                                  "status_key": "204",
                                  "content_type_key": "*",
                                  "response_state": "uncovered",
                                  "hits": 0,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              }
                          ],
                          "covered_response_count": 0,
                          "check_failed_response_count": 0,
                          "skipped_response_count": 0,
                          "total_response_count": 1,
                          "unexpected_observations": []
                      },
                      {
                          "endpoint": "GET /health",
                          "method": "GET",
                          "path": "/health",
                          "operation_id": "health",
                          "endpoint_state": "request-only",
                          "request_reached": true,
                          "responses": [],
                          "covered_response_count": 0,
                          "check_failed_response_count": 0,
                          "skipped_response_count": 0,
                          "total_response_count": 0,
                          "unexpected_observations": []
                      },
                      {
                          "endpoint": "GET /pets",
                          "method": "GET",
                          "path": "/pets",
                          "operation_id": "listPets",
                          "endpoint_state": "partial",
                          "request_reached": false,
                          "responses": [
                              {
                                  "status_key": "200",
                                  "content_type_key": "application/json",
                                  "response_state": "validated",
                                  "hits": 2,
                                  "skip_reason": null,
                                  "failed_hits": 1,
                                  "check_failed": false
                              },
                              {
                                  "status_key": "200",
                                  "content_type_key": "application/xml",
                                  "response_state": "uncovered",
                                  "hits": 0,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              },
                              {
                                  "status_key": "5XX",
                                  "content_type_key": "application/json",
                                  "response_state": "skipped",
                                  "hits": 1,
                                  "skip_reason": "status 503 matched skip pattern 5\\\\d\\\\d",
                                  "failed_hits": 0,
                                  "check_failed": false
                              },
                              {
                                  "status_key": "default",
                                  "content_type_key": "application/problem+json",
                                  "response_state": "skipped",
                                  "hits": 1,
                                  "skip_reason": "status 503 matched skip pattern 5\\\\d\\\\d",
                                  "failed_hits": 0,
                                  "check_failed": false
                              }
                          ],
                          "covered_response_count": 1,
                          "check_failed_response_count": 0,
                          "skipped_response_count": 2,
                          "total_response_count": 4,
                          "unexpected_observations": [
                              {
                                  "status_key": "418",
                                  "content_type_key": "application/json"
                              }
                          ]
                      },
                      {
                          "endpoint": "GET /pets/{petId}",
                          "method": "GET",
                          "path": "/pets/{petId}",
                          "operation_id": "showPet",
                          "endpoint_state": "all-covered",
                          "request_reached": false,
                          "responses": [
                              {
                                  "status_key": "200",
                                  "content_type_key": "application/json",
                                  "response_state": "validated",
                                  "hits": 1,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              },
                              {
                                  "status_key": "404",
                                  "content_type_key": "application/json",
                                  "response_state": "validated",
                                  "hits": 1,
                                  "skip_reason": null,
                                  "failed_hits": 1,
                                  "check_failed": true
                              }
                          ],
                          "covered_response_count": 2,
                          "check_failed_response_count": 1,
                          "skipped_response_count": 0,
                          "total_response_count": 2,
                          "unexpected_observations": []
                      },
                      {
                          "endpoint": "POST /pets",
                          "method": "POST",
                          "path": "/pets",
                          "operation_id": "createPet",
                          "endpoint_state": "partial",
                          "request_reached": false,
                          "responses": [
                              {
                                  "status_key": "201",
                                  "content_type_key": "application/json",
                                  "response_state": "validated",
                                  "hits": 1,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              },
                              {
                                  "status_key": "400",
                                  "content_type_key": "*",
                                  "response_state": "uncovered",
                                  "hits": 0,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              }
                          ],
                          "covered_response_count": 1,
                          "check_failed_response_count": 0,
                          "skipped_response_count": 0,
                          "total_response_count": 2,
                          "unexpected_observations": []
                      },
                      {
                          "endpoint": "QUERY /search",
                          "method": "QUERY",
                          "path": "/search",
                          "operation_id": "searchPets",
                          "endpoint_state": "uncovered",
                          "request_reached": false,
                          "responses": [
                              {
                                  "status_key": "200",
                                  "content_type_key": "application/json",
                                  "response_state": "uncovered",
                                  "hits": 0,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              },
                              {
                                  "status_key": "200",
                                  "content_type_key": "application/stream+json",
                                  "response_state": "uncovered",
                                  "hits": 0,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              }
                          ],
                          "covered_response_count": 0,
                          "check_failed_response_count": 0,
                          "skipped_response_count": 0,
                          "total_response_count": 2,
                          "unexpected_observations": []
                      }
                  ],
                  "sdk_exercise": {
                      "response_total": 8,
                      "response_exercised": 2,
                      "response_unexercised": 6,
                      "responses": [
                          {
                              "endpoint": "COPY /pets/{petId}",
                              "method": "COPY",
                              "path": "/pets/{petId}",
                              "operation_id": "copyPet",
                              "status_key": "201",
                              "content_type_key": "application/json",
                              "exercised": false,
                              "hits": 0
                          },
                          {
                              "endpoint": "GET /pets",
                              "method": "GET",
                              "path": "/pets",
                              "operation_id": "listPets",
                              "status_key": "200",
                              "content_type_key": "application/json",
                              "exercised": true,
                              "hits": 1
                          },
                          {
                              "endpoint": "GET /pets",
                              "method": "GET",
                              "path": "/pets",
                              "operation_id": "listPets",
                              "status_key": "5XX",
                              "content_type_key": "application/json",
                              "exercised": false,
                              "hits": 0
                          },
                          {
                              "endpoint": "GET /pets",
                              "method": "GET",
                              "path": "/pets",
                              "operation_id": "listPets",
                              "status_key": "default",
                              "content_type_key": "application/problem+json",
                              "exercised": false,
                              "hits": 0
                          },
                          {
                              "endpoint": "GET /pets/{petId}",
                              "method": "GET",
                              "path": "/pets/{petId}",
                              "operation_id": "showPet",
                              "status_key": "200",
                              "content_type_key": "application/json",
                              "exercised": false,
                              "hits": 0
                          },
                          {
                              "endpoint": "GET /pets/{petId}",
                              "method": "GET",
                              "path": "/pets/{petId}",
                              "operation_id": "showPet",
                              "status_key": "404",
                              "content_type_key": "application/json",
                              "exercised": true,
                              "hits": 1
                          },
                          {
                              "endpoint": "POST /pets",
                              "method": "POST",
                              "path": "/pets",
                              "operation_id": "createPet",
                              "status_key": "201",
                              "content_type_key": "application/json",
                              "exercised": false,
                              "hits": 0
                          },
                          {
                              "endpoint": "QUERY /search",
                              "method": "QUERY",
                              "path": "/search",
                              "operation_id": "searchPets",
                              "status_key": "200",
                              "content_type_key": "application/json",
                              "exercised": false,
                              "hits": 0
                          }
                      ],
                      "unexpected_observations": [
                          {
                              "endpoint": "GET /pets",
                              "status_key": "299",
                              "content_type_key": "application/json",
                              "hits": 1
                          }
                      ]
                  }
              },
              "admin": {
                  "aggregates": {
                      "endpoint_total": 1,
                      "endpoint_fully_covered": 0,
                      "endpoint_partial": 0,
                      "endpoint_uncovered": 1,
                      "endpoint_request_only": 0,
                      "response_total": 2,
                      "response_covered": 0,
                      "response_check_failed": 0,
                      "response_skipped": 0,
                      "response_uncovered": 2
                  },
                  "endpoints": [
                      {
                          "endpoint": "GET /users",
                          "method": "GET",
                          "path": "/users",
                          "operation_id": "listUsers",
                          "endpoint_state": "uncovered",
                          "request_reached": false,
                          "responses": [
                              {
                                  "status_key": "200",
                                  "content_type_key": "application/json",
                                  "response_state": "uncovered",
                                  "hits": 0,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              },
                              {
                                  "status_key": "401",
                                  "content_type_key": "*",
                                  "response_state": "uncovered",
                                  "hits": 0,
                                  "skip_reason": null,
                                  "failed_hits": 0,
                                  "check_failed": false
                              }
                          ],
                          "covered_response_count": 0,
                          "check_failed_response_count": 0,
                          "skipped_response_count": 0,
                          "total_response_count": 2,
                          "unexpected_observations": []
                      }
                  ],
                  "sdk_exercise": {
                      "response_total": 1,
                      "response_exercised": 0,
                      "response_unexercised": 1,
                      "responses": [
                          {
                              "endpoint": "GET /users",
                              "method": "GET",
                              "path": "/users",
                              "operation_id": "listUsers",
                              "status_key": "200",
                              "content_type_key": "application/json",
                              "exercised": false,
                              "hits": 0
                          }
                      ],
                      "unexpected_observations": []
                  }
              }
          }
      }
      "
    `)
  })
})

describe('renderHtml', () => {
  it('renders the fixture result', () => {
    const html = renderHtml(fixtureResult())
    const body = html
      .replace(/<style>[^<]*<\/style>/, '<style>…</style>')
      .replace(/<script>[\s\S]*<\/script>/, '<script>…</script>')
    expect(body).toMatchInlineSnapshot(`
      "<!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="UTF-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
      <title>OpenAPI Contract Test Coverage</title>
      <style>…</style>
      </head>
      <body>
      <header class="page-header">
      <h1>OpenAPI Contract Test Coverage</h1>
      <div class="aggregate" id="aggregate" data-endpoint-total="8" data-endpoint-fully-covered="1" data-response-total="14" data-response-covered="4">
      <p class="metric"><strong>1 / 8</strong> endpoints fully covered (12.5%)</p>
      <p class="metric"><strong>4 / 14</strong> responses covered (28.6%)</p>
      <p class="metric"><strong>2 / 9</strong> SDK responses exercised (22.2%)</p>
      <p class="meta">2 skipped, 8 uncovered, 2 partial endpoints, 3 uncovered endpoints, 2 request-only</p>
      </div>
      <p class="legend">✓ validated &nbsp; ⚠ skipped &nbsp; ✗ uncovered &nbsp; ◐ partial &nbsp; · request-only &nbsp; * any/no content-type</p>
      <form class="filters" id="filters" role="search" onsubmit="return false">
      <label for="filter-text">Filter<input type="search" id="filter-text" placeholder="method, path or operationId" autocomplete="off"></label>
      <label for="filter-state">State<select id="filter-state">
      <option value="">all states</option>
      <option value="all-covered">all covered</option>
      <option value="partial">partial</option>
      <option value="uncovered">uncovered</option>
      <option value="request-only">request-only</option>
      </select></label>
      <output id="visible-count" for="filter-text filter-state">Showing <span id="visible-endpoints">8</span> of <span id="total-endpoints">8</span> endpoints</output>
      </form>
      </header>
      <main>
      <section class="spec" data-spec="petstore" data-endpoint-total="7" data-response-total="12">
      <h2>petstore</h2>
      <p class="spec-summary">endpoints: 1 / 7 fully covered (14.3%) — responses: 4 / 12 covered (33.3%)</p>
      <div class="bars">
      <div class="bar-label">Endpoints</div>
      <div class="bar" role="img" aria-label="Endpoints: 1 all covered, 2 partial, 2 uncovered, 2 request-only"><span class="seg state-all-covered" style="width:14.3%" title="1 all covered"></span><span class="seg state-partial" style="width:28.6%" title="2 partial"></span><span class="seg state-uncovered" style="width:28.6%" title="2 uncovered"></span><span class="seg state-request-only" style="width:28.6%" title="2 request-only"></span></div>
      <div class="bar-value">1/7 (14.3%)</div>
      <div class="bar-label">Responses</div>
      <div class="bar" role="img" aria-label="Responses: 4 validated, 2 skipped, 6 uncovered"><span class="seg state-validated" style="width:33.3%" title="4 validated"></span><span class="seg state-skipped" style="width:16.7%" title="2 skipped"></span><span class="seg state-uncovered" style="width:50%" title="6 uncovered"></span></div>
      <div class="bar-value">4/12 (33.3%)</div>
      </div>
      <ul class="counts">
      <li class="state-all-covered"><span class="marker">✓</span> <span class="count" data-state="all-covered">1</span> all covered</li>
      <li class="state-partial"><span class="marker">◐</span> <span class="count" data-state="partial">2</span> partial</li>
      <li class="state-uncovered"><span class="marker">✗</span> <span class="count" data-state="uncovered">2</span> uncovered</li>
      <li class="state-request-only"><span class="marker">·</span> <span class="count" data-state="request-only">2</span> request-only</li>
      </ul>
      <div class="endpoints">
      <details id="endpoint-petstore-copy--pets--petid-" class="endpoint state-request-only" data-state="request-only" data-search="copy /pets/{petid} copypet">
      <summary><span class="marker">·</span> <code>COPY /pets/{petId}</code> <em class="op-id">copyPet</em> <span class="state-label">request-only</span> <span class="endpoint-counts">0/1 responses</span> <a class="anchor" href="#endpoint-petstore-copy--pets--petid-" title="Link to this endpoint">#</a></summary>
      <table class="responses">
      <thead><tr><th>Status</th><th>Content type</th><th>State</th><th>Hits</th><th>Skip reason</th></tr></thead>
      <tbody>
      <tr class="state-uncovered"><td><code>201</code></td><td><code>application/json</code></td><td><span class="marker">✗</span> uncovered</td><td class="hits">0</td><td></td></tr>
      </tbody>
      </table>
      </details>
      <details id="endpoint-petstore-delete--pets--petid-" class="endpoint state-uncovered" data-state="uncovered" data-search="delete /pets/{petid} deletepet">
      <summary><span class="marker">✗</span> <code>DELETE /pets/{petId}</code> <em class="op-id">deletePet</em> <span class="state-label">uncovered</span> <span class="endpoint-counts">0/1 responses</span> <a class="anchor" href="#endpoint-petstore-delete--pets--petid-" title="Link to this endpoint">#</a></summary>
      <table class="responses">
      <thead><tr><th>Status</th><th>Content type</th><th>State</th><th>Hits</th><th>Skip reason</th></tr></thead>
      <tbody>
      <tr class="state-uncovered"><td><code>204</code></td><td><code>*</code></td><td><span class="marker">✗</span> uncovered</td><td class="hits">0</td><td></td></tr>
      </tbody>
      </table>
      </details>
      <details id="endpoint-petstore-get--health" class="endpoint state-request-only" data-state="request-only" data-search="get /health health">
      <summary><span class="marker">·</span> <code>GET /health</code> <em class="op-id">health</em> <span class="state-label">request-only</span> <span class="endpoint-counts">request reached, no response definitions</span> <a class="anchor" href="#endpoint-petstore-get--health" title="Link to this endpoint">#</a></summary>
      </details>
      <details id="endpoint-petstore-get--pets" class="endpoint state-partial" data-state="partial" data-search="get /pets listpets">
      <summary><span class="marker">◐</span> <code>GET /pets</code> <em class="op-id">listPets</em> <span class="state-label">partial</span> <span class="endpoint-counts">1/4 responses, 2 skipped</span> <a class="anchor" href="#endpoint-petstore-get--pets" title="Link to this endpoint">#</a></summary>
      <table class="responses">
      <thead><tr><th>Status</th><th>Content type</th><th>State</th><th>Hits</th><th>Skip reason</th></tr></thead>
      <tbody>
      <tr class="state-validated"><td><code>200</code></td><td><code>application/json</code></td><td><span class="marker">✓</span> validated</td><td class="hits">2</td><td></td></tr>
      <tr class="state-uncovered"><td><code>200</code></td><td><code>application/xml</code></td><td><span class="marker">✗</span> uncovered</td><td class="hits">0</td><td></td></tr>
      <tr class="state-skipped"><td><code>5XX</code></td><td><code>application/json</code></td><td><span class="marker">⚠</span> skipped</td><td class="hits">1</td><td>status 503 matched skip pattern 5\\d\\d</td></tr>
      <tr class="state-skipped"><td><code>default</code></td><td><code>application/problem+json</code></td><td><span class="marker">⚠</span> skipped</td><td class="hits">1</td><td>status 503 matched skip pattern 5\\d\\d</td></tr>
      </tbody>
      </table>
      <p class="unexpected-heading">Unexpected observations (status / content type not in spec)</p>
      <table class="unexpected">
      <thead><tr><th>Status</th><th>Content type</th></tr></thead>
      <tbody>
      <tr><td><code>418</code></td><td><code>application/json</code></td></tr>
      </tbody>
      </table>
      </details>
      <details id="endpoint-petstore-get--pets--petid-" class="endpoint state-all-covered" data-state="all-covered" data-search="get /pets/{petid} showpet">
      <summary><span class="marker">✘</span> <code>GET /pets/{petId}</code> <em class="op-id">showPet</em> <span class="state-label">all-covered</span> <span class="endpoint-counts">2/2 responses</span> <a class="anchor" href="#endpoint-petstore-get--pets--petid-" title="Link to this endpoint">#</a></summary>
      <table class="responses">
      <thead><tr><th>Status</th><th>Content type</th><th>State</th><th>Hits</th><th>Skip reason</th></tr></thead>
      <tbody>
      <tr class="state-validated"><td><code>200</code></td><td><code>application/json</code></td><td><span class="marker">✓</span> validated</td><td class="hits">1</td><td></td></tr>
      <tr class="state-validated"><td><code>404</code></td><td><code>application/json</code></td><td><span class="marker">✘</span> validated, check failed</td><td class="hits">1</td><td></td></tr>
      </tbody>
      </table>
      </details>
      <details id="endpoint-petstore-post--pets" class="endpoint state-partial" data-state="partial" data-search="post /pets createpet">
      <summary><span class="marker">◐</span> <code>POST /pets</code> <em class="op-id">createPet</em> <span class="state-label">partial</span> <span class="endpoint-counts">1/2 responses</span> <a class="anchor" href="#endpoint-petstore-post--pets" title="Link to this endpoint">#</a></summary>
      <table class="responses">
      <thead><tr><th>Status</th><th>Content type</th><th>State</th><th>Hits</th><th>Skip reason</th></tr></thead>
      <tbody>
      <tr class="state-validated"><td><code>201</code></td><td><code>application/json</code></td><td><span class="marker">✓</span> validated</td><td class="hits">1</td><td></td></tr>
      <tr class="state-uncovered"><td><code>400</code></td><td><code>*</code></td><td><span class="marker">✗</span> uncovered</td><td class="hits">0</td><td></td></tr>
      </tbody>
      </table>
      </details>
      <details id="endpoint-petstore-query--search" class="endpoint state-uncovered" data-state="uncovered" data-search="query /search searchpets">
      <summary><span class="marker">✗</span> <code>QUERY /search</code> <em class="op-id">searchPets</em> <span class="state-label">uncovered</span> <span class="endpoint-counts">0/2 responses</span> <a class="anchor" href="#endpoint-petstore-query--search" title="Link to this endpoint">#</a></summary>
      <table class="responses">
      <thead><tr><th>Status</th><th>Content type</th><th>State</th><th>Hits</th><th>Skip reason</th></tr></thead>
      <tbody>
      <tr class="state-uncovered"><td><code>200</code></td><td><code>application/json</code></td><td><span class="marker">✗</span> uncovered</td><td class="hits">0</td><td></td></tr>
      <tr class="state-uncovered"><td><code>200</code></td><td><code>application/stream+json</code></td><td><span class="marker">✗</span> uncovered</td><td class="hits">0</td><td></td></tr>
      </tbody>
      </table>
      </details>
      </div>
      <p class="no-match" hidden>No endpoint of this spec matches the filter.</p>
      <section class="sdk-exercise">
      <h3>SDK response schema exercise</h3>
      <p class="sdk-summary">SDK responses: 2 / 8 exercised (25%) — 6 unexercised</p>
      <table class="sdk-responses">
      <thead><tr><th>Endpoint</th><th>Operation</th><th>Status</th><th>Content type</th><th>State</th><th>Hits</th></tr></thead>
      <tbody>
      <tr class="state-uncovered"><td><code>COPY /pets/{petId}</code></td><td>copyPet</td><td><code>201</code></td><td><code>application/json</code></td><td><span class="marker">✗</span> unexercised</td><td class="hits">0</td></tr>
      <tr class="state-validated"><td><code>GET /pets</code></td><td>listPets</td><td><code>200</code></td><td><code>application/json</code></td><td><span class="marker">✓</span> exercised</td><td class="hits">1</td></tr>
      <tr class="state-uncovered"><td><code>GET /pets</code></td><td>listPets</td><td><code>5XX</code></td><td><code>application/json</code></td><td><span class="marker">✗</span> unexercised</td><td class="hits">0</td></tr>
      <tr class="state-uncovered"><td><code>GET /pets</code></td><td>listPets</td><td><code>default</code></td><td><code>application/problem+json</code></td><td><span class="marker">✗</span> unexercised</td><td class="hits">0</td></tr>
      <tr class="state-uncovered"><td><code>GET /pets/{petId}</code></td><td>showPet</td><td><code>200</code></td><td><code>application/json</code></td><td><span class="marker">✗</span> unexercised</td><td class="hits">0</td></tr>
      <tr class="state-validated"><td><code>GET /pets/{petId}</code></td><td>showPet</td><td><code>404</code></td><td><code>application/json</code></td><td><span class="marker">✓</span> exercised</td><td class="hits">1</td></tr>
      <tr class="state-uncovered"><td><code>POST /pets</code></td><td>createPet</td><td><code>201</code></td><td><code>application/json</code></td><td><span class="marker">✗</span> unexercised</td><td class="hits">0</td></tr>
      <tr class="state-uncovered"><td><code>QUERY /search</code></td><td>searchPets</td><td><code>200</code></td><td><code>application/json</code></td><td><span class="marker">✗</span> unexercised</td><td class="hits">0</td></tr>
      </tbody>
      </table>
      <p class="unexpected-heading">Unexpected SDK exercise observations</p>
      <table class="unexpected">
      <thead><tr><th>Endpoint</th><th>Status</th><th>Content type</th><th>Hits</th></tr></thead>
      <tbody>
      <tr><td><code>GET /pets</code></td><td><code>299</code></td><td><code>application/json</code></td><td class="hits">1</td></tr>
      </tbody>
      </table>
      </section>
      </section>
      <section class="spec" data-spec="admin" data-endpoint-total="1" data-response-total="2">
      <h2>admin</h2>
      <p class="spec-summary">endpoints: 0 / 1 fully covered (0%) — responses: 0 / 2 covered (0%)</p>
      <div class="bars">
      <div class="bar-label">Endpoints</div>
      <div class="bar" role="img" aria-label="Endpoints: 0 all covered, 0 partial, 1 uncovered, 0 request-only"><span class="seg state-uncovered" style="width:100%" title="1 uncovered"></span></div>
      <div class="bar-value">0/1 (0%)</div>
      <div class="bar-label">Responses</div>
      <div class="bar" role="img" aria-label="Responses: 0 validated, 0 skipped, 2 uncovered"><span class="seg state-uncovered" style="width:100%" title="2 uncovered"></span></div>
      <div class="bar-value">0/2 (0%)</div>
      </div>
      <ul class="counts">
      <li class="state-all-covered"><span class="marker">✓</span> <span class="count" data-state="all-covered">0</span> all covered</li>
      <li class="state-partial"><span class="marker">◐</span> <span class="count" data-state="partial">0</span> partial</li>
      <li class="state-uncovered"><span class="marker">✗</span> <span class="count" data-state="uncovered">1</span> uncovered</li>
      <li class="state-request-only"><span class="marker">·</span> <span class="count" data-state="request-only">0</span> request-only</li>
      </ul>
      <div class="endpoints">
      <details id="endpoint-admin-get--users" class="endpoint state-uncovered" data-state="uncovered" data-search="get /users listusers">
      <summary><span class="marker">✗</span> <code>GET /users</code> <em class="op-id">listUsers</em> <span class="state-label">uncovered</span> <span class="endpoint-counts">0/2 responses</span> <a class="anchor" href="#endpoint-admin-get--users" title="Link to this endpoint">#</a></summary>
      <table class="responses">
      <thead><tr><th>Status</th><th>Content type</th><th>State</th><th>Hits</th><th>Skip reason</th></tr></thead>
      <tbody>
      <tr class="state-uncovered"><td><code>200</code></td><td><code>application/json</code></td><td><span class="marker">✗</span> uncovered</td><td class="hits">0</td><td></td></tr>
      <tr class="state-uncovered"><td><code>401</code></td><td><code>*</code></td><td><span class="marker">✗</span> uncovered</td><td class="hits">0</td><td></td></tr>
      </tbody>
      </table>
      </details>
      </div>
      <p class="no-match" hidden>No endpoint of this spec matches the filter.</p>
      <section class="sdk-exercise">
      <h3>SDK response schema exercise</h3>
      <p class="sdk-summary">SDK responses: 0 / 1 exercised (0%) — 1 unexercised</p>
      <table class="sdk-responses">
      <thead><tr><th>Endpoint</th><th>Operation</th><th>Status</th><th>Content type</th><th>State</th><th>Hits</th></tr></thead>
      <tbody>
      <tr class="state-uncovered"><td><code>GET /users</code></td><td>listUsers</td><td><code>200</code></td><td><code>application/json</code></td><td><span class="marker">✗</span> unexercised</td><td class="hits">0</td></tr>
      </tbody>
      </table>
      </section>
      </section>
      </main>
      <script>…</script>
      </body>
      </html>
      "
    `)
  })
})

describe('every renderer on a very large spec', () => {
  // 20,000 operations: past the ~14,000 (HTML) and ~18,000 (Markdown) where spreading every line into one
  // push() call exceeded the engine's argument limit. The bound is the test's 60 s timeout.
  it('renders 20,000 operations without a RangeError', { timeout: 60_000 }, () => {
    const count = 20_000
    const paths: Record<string, unknown> = {}
    for (let i = 0; i < count; i++)
      paths[`/r${i}`] = { get: { responses: { '200': { description: 'ok' }, '404': { description: 'no' } } } }
    const spec = specFrom('big', { openapi: '3.1.0', info: { title: 'big', version: '1' }, paths } as never)
    const tracker = new CoverageTracker()
    tracker.recordResponse(validation({ spec: 'big', path: '/r0', contentType: null }))
    const result = computeCoverage([spec], tracker)
    expect(renderMarkdown(result).split('\n').length).toBeGreaterThan(count)
    expect(renderHtml(result).split('<tr').length).toBeGreaterThan(count)
    expect(renderJunit(result).split('<testcase').length).toBe(2 * count + 1)
    expect(renderConsole(result, { mode: 'all', color: false }).split('\n').length).toBeGreaterThan(count)
  })
})

describe('renderMarkdown and renderHtml with mock coverage', () => {
  const TITLE = 'OpenAPI Mock Coverage (mocked responses; not counted toward coverage or gates)'
  const api = fixtureResult()
  const tracker = new CoverageTracker()
  tracker.recordResponse(validation({ path: '/pets/{petId}' }))
  const mock = computeCoverage(fixtureSpecs(), tracker)
  const none = computeCoverage(fixtureSpecs(), new CoverageTracker())

  it('Markdown: the API report as it was, then the mocked responses in a section of their own', () => {
    const markdown = renderMarkdown(api, { mock })
    expect(markdown.startsWith(renderMarkdown(api))).toBe(true)
    const section = markdown.slice(renderMarkdown(api).length)
    expect(section).toMatch(
      new RegExp(`^\\n## ${TITLE.replace(/[()]/g, '\\$&')}\n\n### petstore — endpoints: 0/7`),
    )
    expect(section).toContain('| :white_check_mark: 200 | application/json | validated (1 hits) |')
    expect(section).not.toContain('SDK response schema exercise')
    expect(renderMarkdown(api, { mock: none })).toBe(renderMarkdown(api))
    expect(renderMarkdown(none, { mock }).startsWith(`## ${TITLE}`)).toBe(true)
  })

  it('HTML: a mock section after the API specs, with anchors of its own, counted by the filter', () => {
    const html = renderHtml(api, { mock })
    const section = html.slice(html.indexOf('<section class="mock-coverage">'), html.indexOf('</main>'))
    expect(section).toContain(`<h2>${TITLE}</h2>`)
    expect(section).toContain('id="endpoint-mock-petstore-get--pets--petid-"')
    expect(html.indexOf('<section class="mock-coverage">')).toBeGreaterThan(
      html.indexOf('<section class="spec" data-spec="admin"'),
    )
    const endpoints = api.totals.endpointTotal + mock.totals.endpointTotal
    expect(html).toContain(
      `Showing <span id="visible-endpoints">${endpoints}</span> of <span id="total-endpoints">${endpoints}</span>`,
    )
    expect(renderHtml(api, { mock: none })).toBe(renderHtml(api))
    expect(renderHtml(none, { mock })).toContain('<p class="empty">No contract test recorded a response.</p>')
  })

  it('escapes spec names in the mock sections', () => {
    const spec = specFrom('<b>evil</b>', {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
    })
    const hostile = new CoverageTracker()
    hostile.recordResponse(validation({ spec: '<b>evil</b>', path: '/a', contentType: null }))
    const mocked = computeCoverage([spec], hostile)
    const empty = computeCoverage([spec], new CoverageTracker())
    expect(renderMarkdown(empty, { mock: mocked })).toContain('### &lt;b&gt;evil&lt;/b&gt; — endpoints:')
    expect(renderHtml(empty, { mock: mocked })).toContain('<h2>&lt;b&gt;evil&lt;/b&gt;</h2>')
    expect(renderHtml(empty, { mock: mocked })).not.toContain('<b>evil')
  })
})

describe('renderMarkdown on hostile spec text', () => {
  const spec = specFrom('<b>evil</b>', {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/a``b': {
        get: {
          operationId: '<img src=x onerror=alert(1)> [x](javascript:alert(1)) *bold*',
          responses: { '200': { description: 'ok', content: { 'text/<details open>': {} } } },
        },
      },
    },
  })
  const tracker = new CoverageTracker()
  tracker.recordResponse(
    validation({ spec: '<b>evil</b>', path: '/a``b', contentType: 'text/<details open>' }),
  )
  const markdown = renderMarkdown(computeCoverage([spec], tracker))

  it('shows HTML and Markdown from the spec as text, never as markup', () => {
    expect(markdown).not.toMatch(/<(img|b|details open)\b/)
    expect(markdown).toContain('### &lt;b&gt;evil&lt;/b&gt; — endpoints:')
    expect(markdown).toContain('(&lt;img src=x onerror=alert(1)&gt; \\[x\\](javascript:alert(1)) \\*bold\\*)')
    expect(markdown).toContain('| :white_check_mark: 200 | text/&lt;details open&gt; | validated (1 hits) |')
  })

  it('keeps a path with a run of two backticks in one code span', () => {
    expect(markdown).toContain('| ```GET /a``b``` |')
    expect(markdown).toContain('#### ```GET /a``b``` (')
  })
})

describe('renderConsole on hostile spec and sidecar text', () => {
  it('escapes control characters, so no spec or sidecar string starts a line or a terminal sequence', () => {
    const path = '/a\n::error::spec\u001b[2J'
    const spec = specFrom('s\r\u0007', {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { [path]: { get: { responses: { '200': { description: 'ok' }, '4\n::warning::x': {} } } } },
    })
    const tracker = new CoverageTracker()
    tracker.recordResponse(
      validation({
        spec: 's\r\u0007',
        path,
        contentType: null,
        outcome: 'skipped',
        skipReason: '\n::error::r',
      }),
    )
    tracker.recordResponse(validation({ spec: 's\r\u0007', path: '/gone\n::error::g', contentType: null }))
    const text = renderConsole(computeCoverage([spec], tracker), { mode: 'all', color: false })
    expect(text).toContain('[s\\r\\u0007] endpoints:')
    expect(text).toContain('GET /a\\n::error::spec\\u001b[2J')
    expect(text).toContain('skipped: \\n::error::r')
    expect(text).toContain('GET /gone\\n::error::g')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    for (const line of text.split('\n')) expect(line).not.toMatch(/^\s*::|[\r\u0007\u001b]/)
  })
})

describe('every file renderer on hostile names', () => {
  const paths = ['/x\n::error title=a::b', '/\u001b[31mred\u0007', '/a`<img src=x>`**b**', '/c\r', '/d\u202e']
  const spec = specFrom('s', {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: Object.fromEntries(
      paths.map((path, i) => [
        path,
        { get: { operationId: `op${i}${path}`, responses: { '200': { description: 'ok' } } } },
      ]),
    ),
  })
  const tracker = new CoverageTracker()
  for (const path of paths) tracker.recordResponse(validation({ spec: 's', path, contentType: null }))
  const result = computeCoverage([spec], tracker)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  const RAW = /[\r\u0007\u001b\u202e]/

  it('Markdown (the step summary): control characters shown, backticks and HTML kept in code spans', () => {
    const markdown = renderMarkdown(result)
    expect(markdown).not.toMatch(RAW)
    expect(markdown).toContain('| ``GET /a`<img src=x>`**b**`` |')
    expect(markdown).toContain('#### `GET /\\u001b[31mred\\u0007` (op1/\\u001b\\[31mred\\u0007)')
    expect(markdown).toContain('#### `GET /x\\n::error title=a::b` (op0/x<br>::error title=a::b)')
    expect(markdown).toContain('#### `GET /d\\u202e` (op4/d\\u202e)')
    expect(markdown).toContain('#### `GET /c\\r` (op3/c\\r)')
    for (const line of markdown.split('\n')) expect(line).not.toMatch(/^\s*::/)
  })

  it('JUnit: no line of the file starts a workflow command, the XML still reads back the name', () => {
    const junit = renderJunit(result)
    expect(junit).not.toMatch(RAW)
    for (const line of junit.split('\n')) expect(line).not.toMatch(/^\s*::/)
    expect(junit).toContain('<system-out>hits=1 operationId=op0/x\n&#58;:error title=a::b</system-out>')
    expect(junit).toContain('name="GET /x&#10;&#58;:error title=a::b [200 *]"')
    expect(junit).toContain('name="GET /d&#x202E; [200 *]"')
  })

  it('HTML: markup shown as text, no line starts a workflow command', () => {
    const html = renderHtml(result)
    expect(html).not.toContain('<img')
    expect(html).toContain('<code>GET /a`&lt;img src=x&gt;`**b**</code>')
    expect(html).toContain('<code>GET /d&#x202E;</code>')
    for (const line of html.split('\n')) expect(line).not.toMatch(/^\s*::/)
  })
})
