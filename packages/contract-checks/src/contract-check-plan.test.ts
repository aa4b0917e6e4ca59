import type { ExploredCase } from '@contracttool/explorer'
import { fixturePath } from '@contracttool/fixtures'
import { isContractToolError } from '@contracttool/kernel'
import { type LoadedSpec, loadSpecFromValue, SpecRegistry } from '@contracttool/spec-loader'
import { describe, expect, it } from 'vitest'
import { ContractCheck } from './contract-check.js'
import type { ContractCheckPlan } from './contract-check-plan.js'
import { ContractChecksErrorCode } from './contract-checks-error-code.js'
import { OpenApiContractChecks } from './open-api-contract-checks.js'

const ok = { '200': { description: 'ok' } }

function spec(
  paths: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  version = '3.1.0',
): LoadedSpec {
  return loadSpecFromValue(
    { openapi: version, info: { title: 't', version: '1' }, paths, ...extra },
    { name: 'rules' },
  )
}

const schemes = {
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      basic: { type: 'http', scheme: 'basic' },
      key: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      session: { type: 'apiKey', in: 'cookie', name: 'session' },
      oidc: {
        type: 'openIdConnect',
        openIdConnectUrl: 'https://id.example.com/.well-known/openid-configuration',
      },
    },
  },
}

/** Records every dispatched case; answers with `respond(case)`. */
function recorder(respond: (c: ExploredCase) => unknown = () => 401) {
  const sent: ExploredCase[] = []
  return {
    sent,
    dispatch: (c: ExploredCase) => {
      sent.push(c)
      return respond(c)
    },
    lines: () => sent.map((c) => c.curl('', { redact: false })),
  }
}

async function failureOf(
  run: () => Promise<unknown> | unknown,
): Promise<{ code: string; message: string } | undefined> {
  try {
    await run()
  } catch (error) {
    return { code: isContractToolError(error) ? error.code : 'not coded', message: (error as Error).message }
  }
  return undefined
}

function plan(target: LoadedSpec, seed = 1): ContractCheckPlan {
  return OpenApiContractChecks.run(target, { seed })
}

describe('ignored_auth', () => {
  const secured = spec(
    {
      '/items': {
        get: {
          operationId: 'listItems',
          security: [{ key: [], queryKey: [], session: [] }],
          parameters: [
            { name: 'X-API-Key', in: 'header', required: true, schema: { type: 'string', maxLength: 4 } },
            { name: 'api_key', in: 'query', required: true, schema: { type: 'string', maxLength: 4 } },
            { name: 'session', in: 'cookie', required: true, schema: { type: 'string', maxLength: 4 } },
            { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', maxLength: 4 } },
          ],
          responses: ok,
        },
        post: { operationId: 'createItem', security: [{ bearer: [] }, { basic: [] }], responses: ok },
      },
      '/basic': { get: { operationId: 'basicOnly', security: [{ basic: [] }, { oidc: [] }], responses: ok } },
      '/open': {
        get: { operationId: 'anonymousEntry', security: [{ bearer: [] }, {}], responses: ok },
        put: { operationId: 'emptyList', security: [], responses: ok },
      },
      '/none': { get: { operationId: 'noSecurity', responses: ok } },
    },
    schemes,
  )

  it('strips every declared apiKey location for the no-credential probe and fills every one for the invalid-credential probe', async () => {
    const { dispatch, lines } = recorder()
    const report = await plan(secured)
      .checks([ContractCheck.IgnoredAuth])
      .includeOperations(['listItems'])
      .dispatchUsing(dispatch)
      .report()
    expect(lines()).toMatchInlineSnapshot(`
      [
        "curl -X GET '/items' -H 'X-Trace: a'",
        "curl -X GET '/items?api_key=contracttool-invalid-credential' -H 'X-Trace: a' -H 'X-API-Key: contracttool-invalid-credential' -H 'Cookie: session=contracttool-invalid-credential'",
      ]
    `)
    expect(report.describeFailures()).toBe('')
  })

  it('writes Authorization: Bearer for bearer alternatives and leaves basic alone', async () => {
    const { dispatch, lines } = recorder()
    await plan(secured)
      .checks([ContractCheck.IgnoredAuth])
      .includeOperations(['createItem'])
      .dispatchUsing(dispatch)
      .report()
    expect(lines()).toMatchInlineSnapshot(`
      [
        "curl -X POST '/items'",
        "curl -X POST '/items' -H 'Authorization: Bearer contracttool-invalid-credential'",
      ]
    `)
  })

  it('sends only the no-credential probe when no location can be synthesized, and says so', async () => {
    const { dispatch, sent } = recorder()
    const report = await plan(secured)
      .checks([ContractCheck.IgnoredAuth])
      .includePaths(['/basic'])
      .dispatchUsing(dispatch)
      .report()
    expect(sent).toHaveLength(1)
    expect(report.skips.map((skip) => [skip.method, skip.reason])).toMatchInlineSnapshot(`
      [
        [
          "GET",
          "No credential location this library can synthesize (the operation is secured only by oauth2 / openIdConnect / mutualTLS / non-bearer http schemes), so the invalid-credential probe was not dispatched; the no-credential probe still ran.",
        ],
      ]
    `)
  })

  it('skips operations that document unauthenticated access or declare no security', async () => {
    const { dispatch, sent } = recorder()
    const report = await plan(secured)
      .checks([ContractCheck.IgnoredAuth])
      .includePaths(['/open', '/none'])
      .dispatchUsing(dispatch)
      .report()
    expect(sent).toEqual([])
    expect(report.skips.map((skip) => `${skip.method} ${skip.path}`)).toEqual([
      'GET /open',
      'PUT /open',
      'GET /none',
    ])
  })

  it('bypasses authenticateUsing, runs setUp and tearDown around every probe', async () => {
    const events: string[] = []
    await plan(secured)
      .checks([ContractCheck.IgnoredAuth])
      .includeOperations(['createItem'])
      .setUpUsing((op) => void events.push(`setUp ${op.operationId}`))
      .authenticateUsing(() => {
        events.push('authenticate')
        return { headers: { Authorization: 'Bearer real' } }
      })
      .tearDownUsing(() => void events.push('tearDown'))
      .dispatchUsing((c) => {
        events.push(`dispatch ${c.headers.Authorization ?? '-'}`)
        return 403
      })
      .report()
    expect(events).toEqual([
      'setUp createItem',
      'dispatch -',
      'tearDown',
      'setUp createItem',
      'dispatch Bearer contracttool-invalid-credential',
      'tearDown',
    ])
  })

  it('passes 401 and 403 by default; expectedStatuses replaces the whole default', async () => {
    const answers = [200, 403]
    const describeWith = async (configure: (p: ContractCheckPlan) => ContractCheckPlan) => {
      let i = 0
      const report = await configure(
        plan(secured).checks([ContractCheck.IgnoredAuth]).includeOperations(['createItem']),
      )
        .dispatchUsing(() => answers[i++ % 2])
        .report()
      return report.describeFailures()
    }
    expect(await describeWith((p) => p)).toMatchInlineSnapshot(`
      "ignored_auth: POST /items (createItem) [no credentials] - expected 401 or 403, got 200
        Curl: curl -X POST '/items'"
    `)
    expect(
      await describeWith((p) => p.expectedStatuses(ContractCheck.IgnoredAuth, [401])),
    ).toMatchInlineSnapshot(`
      "ignored_auth: POST /items (createItem) [no credentials] - expected 401, got 200
        Curl: curl -X POST '/items'
      ignored_auth: POST /items (createItem) [invalid credentials] - expected 401, got 403
        Curl: curl -X POST '/items' -H 'Authorization: <redacted>'"
    `)
  })

  it.each([
    { name: 'a scalar requirement entry', security: ['bearer'] },
    { name: 'a non-list outer node', security: { bearer: [] } },
    { name: 'an undefined scheme', security: [{ missing: [] }] },
    { name: 'non-list scopes', security: [{ bearer: 'read' }] },
  ])(
    'refuses $name as malformed security, before reading it as "no authentication"',
    async ({ security }) => {
      const malformed = spec({ '/x': { get: { operationId: 'x', responses: ok } } }, { ...schemes, security })
      const failure = await failureOf(() =>
        plan(malformed)
          .checks([ContractCheck.IgnoredAuth])
          .dispatchUsing(() => 401)
          .report(),
      )
      expect(failure?.code).toBe(ContractChecksErrorCode.MalformedSecurity)
      expect(failure?.message).toMatch(
        /^ignored_auth cannot decide whether GET '\/x' requires authentication: .+ Fix the spec — reading a malformed declaration as "no authentication required" would silently probe nothing\.$/,
      )
    },
  )
})

describe('missing_required_header', () => {
  const headers = spec({
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [
          { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string', enum: ['acme'] } },
          { name: 'X-Region', in: 'header', required: true, schema: { type: 'string', enum: ['eu'] } },
          { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'Accept', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'X-Optional', in: 'header', schema: { type: 'string' } },
        ],
        responses: ok,
      },
      post: {
        operationId: 'createThing',
        parameters: [
          { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string', enum: ['acme'] } },
        ],
        responses: ok,
      },
    },
    '/plain': { get: { operationId: 'plain', responses: ok } },
  })
  /** 2xx with every required header, 400 without one. */
  const strict = (c: ExploredCase) =>
    'X-Tenant' in c.headers && (c.method !== 'GET' || 'X-Region' in c.headers) ? 200 : 400

  it('sends a control request, then one probe per required header (reserved names excluded)', async () => {
    const { dispatch, lines } = recorder(strict)
    const report = await plan(headers)
      .checks([ContractCheck.MissingRequiredHeader])
      .includeOperations(['listThings'])
      .dispatchUsing(dispatch)
      .report()
    expect(lines()).toMatchInlineSnapshot(`
      [
        "curl -X GET '/things' -H 'X-Tenant: acme' -H 'X-Region: eu'",
        "curl -X GET '/things' -H 'X-Region: eu'",
        "curl -X GET '/things' -H 'X-Tenant: acme'",
      ]
    `)
    expect([report.dispatchedProbes, report.describeFailures()]).toEqual([3, ''])
  })

  it('skips state-changing methods unless dispatchIsolatedUsing() promised isolation; a later dispatchUsing() withdraws it', async () => {
    const isolated = await plan(headers)
      .checks([ContractCheck.MissingRequiredHeader])
      .includeOperations(['createThing'])
      .dispatchIsolatedUsing(strict)
      .report()
    expect(isolated.dispatchedProbes).toBe(2)
    const withdrawn = await plan(headers)
      .checks([ContractCheck.MissingRequiredHeader])
      .includeOperations(['createThing'])
      .dispatchIsolatedUsing(strict)
      .dispatchUsing(strict)
      .report()
    expect(withdrawn.dispatchedProbes).toBe(0)
    expect(withdrawn.skips.map((skip) => skip.reason)).toMatchInlineSnapshot(`
      [
        "POST changes state, and each probe is a separate dispatch: the control request may create or change what the omission probes then hit, so their statuses would not prove anything. Register the dispatcher with dispatchIsolatedUsing() once every dispatch really is isolated, or excludeMethods(['POST']).",
      ]
    `)
  })

  it('skips with the control status when the control is not 2xx (3xx does not qualify)', async () => {
    const report = await plan(headers)
      .checks([ContractCheck.MissingRequiredHeader])
      .includeOperations(['listThings'])
      .dispatchUsing(() => 302)
      .report()
    expect([report.dispatchedProbes, report.skips.map((skip) => skip.reason)]).toMatchInlineSnapshot(`
      [
        1,
        [
          "The unmutated valid request answered 302 rather than a 2xx, so an omission probe could not show that the missing header is what the API rejects. Make the control request succeed (setUpUsing(), authenticateUsing()) or exclude the operation.",
        ],
      ]
    `)
  })

  it('skips operations without a required header', async () => {
    const report = await plan(headers)
      .checks([ContractCheck.MissingRequiredHeader])
      .includePaths(['/plain'])
      .dispatchUsing(() => 200)
      .report()
    expect(report.skips.map((skip) => skip.reason)).toEqual([
      'Operation declares no required in:header parameter; there is nothing to omit.',
    ])
  })

  it('passes any 4xx by default; expectedStatuses([400]) means exactly 400', async () => {
    const answer = (c: ExploredCase) => (strict(c) === 200 ? 200 : 422)
    const run = (configure: (p: ContractCheckPlan) => ContractCheckPlan) =>
      configure(plan(headers).checks([ContractCheck.MissingRequiredHeader]).includeOperations(['listThings']))
        .dispatchUsing(answer)
        .report()
    expect((await run((p) => p)).describeFailures()).toBe('')
    expect(
      (await run((p) => p.expectedStatuses(ContractCheck.MissingRequiredHeader, [400]))).describeFailures(),
    ).toMatchInlineSnapshot(`
      "missing_required_header: GET /things (listThings) [omitted required header 'X-Tenant'] - expected 400, got 422
        Curl: curl -X GET '/things' -H 'X-Region: eu'
      missing_required_header: GET /things (listThings) [omitted required header 'X-Region'] - expected 400, got 422
        Curl: curl -X GET '/things' -H 'X-Tenant: acme'"
    `)
  })
})

describe('unsupported_method', () => {
  const methods = spec(
    {
      '/pets/{petId}': {
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'integer', minimum: 7, maximum: 7 } },
        ],
        get: { operationId: 'getPet', responses: ok },
        post: {
          operationId: 'xmlOnly',
          requestBody: { required: true, content: { 'application/xml': { schema: { type: 'string' } } } },
          responses: ok,
        },
        additionalOperations: {
          PUT: { operationId: 'putUpper', responses: ok },
          copy: { operationId: 'copyLower', responses: ok },
        },
      },
      '/all': {
        get: { responses: ok },
        post: { responses: ok },
        put: { responses: ok },
        patch: { responses: ok },
        delete: { responses: ok },
        query: { responses: ok },
        head: { responses: ok },
      },
      '/users/me': { get: { operationId: 'me', responses: ok } },
      '/users/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 3 } }],
        get: { responses: ok },
        post: { responses: ok },
        put: { responses: ok },
        patch: { responses: ok },
        delete: { responses: ok },
        query: { responses: ok },
      },
      '/codes/{code}': {
        parameters: [
          { name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^(?!x)[a-z]+$' } },
        ],
        get: { operationId: 'getCode', responses: ok },
      },
      '/heads': { head: { operationId: 'headOnly', responses: ok } },
    },
    {},
    '3.2.0',
  )

  it('probes one undocumented method with generated path parameters only', async () => {
    const { dispatch, lines } = recorder(() => 405)
    const report = await plan(methods)
      .checks([ContractCheck.UnsupportedMethod])
      .includePaths(['/pets/{petId}'])
      .dispatchUsing(dispatch)
      .report()
    // GET and POST documented, additionalOperations `PUT` documents PUT, `copy` documents nothing here.
    expect(lines()).toHaveLength(1)
    expect(lines()[0]).toMatch(/^curl -X (PATCH|DELETE|QUERY) '\/pets\/7'$/)
    expect(report.describeFailures()).toBe('')
  })

  it('never probes documented, HEAD, OPTIONS or TRACE methods, across seeds', async () => {
    const seen = new Set<string>()
    for (let seed = 0; seed < 40; seed++) {
      const { dispatch, sent } = recorder(() => 405)
      await plan(methods, seed)
        .checks([ContractCheck.UnsupportedMethod])
        .includePaths(['/pets/{petId}', '/heads'])
        .dispatchUsing(dispatch)
        .report()
      for (const c of sent) seen.add(`${c.method} ${c.matchedPath}`)
    }
    const pets = [...seen].filter((probe) => probe.endsWith('/pets/{petId}')).sort()
    const heads = [...seen].filter((probe) => probe.endsWith('/heads')).map((probe) => probe.split(' ')[0])
    expect(pets).toEqual(['DELETE /pets/{petId}', 'PATCH /pets/{petId}', 'QUERY /pets/{petId}'])
    expect(heads.length).toBeGreaterThan(1)
    for (const method of heads) expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY']).toContain(method)
  })

  it('reports paths it cannot probe, with the reason', async () => {
    const report = await plan(methods)
      .checks([ContractCheck.UnsupportedMethod])
      .includePaths(['/all', '/users/me', '/codes/{code}'])
      .dispatchUsing(() => 405)
      .report()
    expect(
      report.skips.map((skip) => `${skip.method ?? '*'} ${skip.path}: ${skip.reason}`),
    ).toMatchInlineSnapshot(`
      [
        "* /all: Every explorable HTTP method is documented for this path; no undocumented method to probe.",
        "* /users/me: The concrete probe URI '/users/me' is also an instance of other documented path templates that declare every undocumented method for this path (POST is documented by '/users/{id}', PUT is documented by '/users/{id}', PATCH is documented by '/users/{id}', DELETE is documented by '/users/{id}', QUERY is documented by '/users/{id}'); a probe would be routed to a documented operation and proves nothing.",
        "* /codes/{code}: Cannot generate the path parameter 'code' of GET '/codes/{code}' in spec 'rules': String pattern '^(?!x)[a-z]+$' is outside the explorer's supported synthesis subset (lookaround assertions).",
      ]
    `)
  })

  it('accepts 404 as well with expectedStatuses([405, 404]); the Allow header is not asserted', async () => {
    const run = (configure: (p: ContractCheckPlan) => ContractCheckPlan) =>
      configure(plan(methods).checks([ContractCheck.UnsupportedMethod]).includePaths(['/pets/{petId}']))
        .dispatchUsing(() => new Response(null, { status: 404 }))
        .report()
    expect((await run((p) => p)).describeFailures()).toMatch(
      /^unsupported_method: (PATCH|DELETE|QUERY) \/pets\/\{petId\} - expected 405, got 404\n {2}Curl: curl -X \1 '\/pets\/7'$/,
    )
    expect(
      (await run((p) => p.expectedStatuses(ContractCheck.UnsupportedMethod, [405, 404]))).describeFailures(),
    ).toBe('')
  })
})

describe('determinism', () => {
  const shop = fixturePath('contract-checks')
  const trace = async (seed: number) => {
    const { dispatch, lines } = recorder((c) => (c.method === 'GET' ? 200 : 405))
    await OpenApiContractChecks.run('shop', { seed, basePath: shop })
      .checks([
        ContractCheck.UnsupportedMethod,
        ContractCheck.IgnoredAuth,
        ContractCheck.MissingRequiredHeader,
      ])
      .dispatchIsolatedUsing(dispatch)
      .report()
    return lines()
  }

  it('loads a spec by name from a registry as from a basePath', async () => {
    const { dispatch, lines } = recorder((c) => (c.method === 'GET' ? 200 : 405))
    await OpenApiContractChecks.run('shop', { seed: 7, registry: new SpecRegistry({ basePath: shop }) })
      .checks([
        ContractCheck.UnsupportedMethod,
        ContractCheck.IgnoredAuth,
        ContractCheck.MissingRequiredHeader,
      ])
      .dispatchIsolatedUsing(dispatch)
      .report()
    expect(lines()).toEqual(await trace(7))
  })

  it('two runs with the same seed dispatch the same sequence; other seeds may differ', async () => {
    const first = await trace(7)
    expect(await trace(7)).toEqual(first)
    const others = await Promise.all([8, 9, 10, 11].map(trace))
    expect(others.some((other) => JSON.stringify(other) !== JSON.stringify(first))).toBe(true)
  })
})

describe('status extraction', () => {
  const one = spec({ '/r': { get: { operationId: 'r', responses: ok } } })
  it.each([
    { name: 'a number', result: 405 },
    { name: 'a WHATWG Response', result: new Response(null, { status: 405 }) },
    { name: 'an object with status', result: { status: 405 } },
    { name: 'an object with statusCode', result: { statusCode: 405 } },
    { name: 'a promise of a number', result: Promise.resolve(405) },
  ])('accepts $name', async ({ result }) => {
    const report = await plan(one)
      .checks([ContractCheck.UnsupportedMethod])
      .dispatchUsing(() => result)
      .report()
    expect([report.dispatchedProbes, report.describeFailures()]).toEqual([1, ''])
  })
})

describe('refusals', () => {
  const one = spec({ '/r': { get: { operationId: 'r', tags: ['a'], responses: ok } } })

  it.each([
    {
      name: 'an unknown check',
      run: () => plan(one).checks(['ignored_authz' as never]),
      code: ContractChecksErrorCode.UnknownCheck,
    },
    { name: 'checks([])', run: () => plan(one).checks([]), code: ContractChecksErrorCode.NoChecks },
    {
      name: 'report() without checks',
      run: () =>
        plan(one)
          .dispatchUsing(() => 200)
          .report(),
      code: ContractChecksErrorCode.NoChecks,
    },
    {
      name: 'report() without a dispatcher',
      run: () => plan(one).checks([ContractCheck.UnsupportedMethod]).report(),
      code: ContractChecksErrorCode.DispatcherMissing,
    },
    {
      name: 'expectedStatuses(check, [])',
      run: () => plan(one).expectedStatuses(ContractCheck.IgnoredAuth, []),
      code: ContractChecksErrorCode.InvalidExpectation,
    },
    {
      name: 'a status of 99',
      run: () => plan(one).expectedStatuses(ContractCheck.IgnoredAuth, [99]),
      code: ContractChecksErrorCode.InvalidExpectation,
    },
    {
      name: 'a status of 600',
      run: () => plan(one).expectedStatuses(ContractCheck.IgnoredAuth, [600]),
      code: ContractChecksErrorCode.InvalidExpectation,
    },
    {
      name: 'expectedStatusClasses(check, [])',
      run: () => plan(one).expectedStatusClasses(ContractCheck.IgnoredAuth, []),
      code: ContractChecksErrorCode.InvalidExpectation,
    },
    {
      name: 'a class of 0',
      run: () => plan(one).expectedStatusClasses(ContractCheck.IgnoredAuth, [0]),
      code: ContractChecksErrorCode.InvalidExpectation,
    },
    {
      name: 'a class of 6',
      run: () => plan(one).expectedStatusClasses(ContractCheck.IgnoredAuth, [6]),
      code: ContractChecksErrorCode.InvalidExpectation,
    },
    {
      name: 'an expectation for an unknown check',
      run: () => plan(one).expectedStatuses('nope' as never, [400]),
      code: ContractChecksErrorCode.UnknownCheck,
    },
    {
      name: 'a missing seed',
      run: () => OpenApiContractChecks.run(one, {} as never),
      code: ContractChecksErrorCode.InvalidOption,
    },
    {
      name: 'a spec name without basePath or registry',
      run: () =>
        OpenApiContractChecks.run('shop', { seed: 1 })
          .checks([ContractCheck.IgnoredAuth])
          .dispatchUsing(() => 200)
          .report(),
      code: ContractChecksErrorCode.SpecUnresolved,
    },
    {
      name: 'filters matching nothing',
      run: () =>
        plan(one)
          .checks([ContractCheck.UnsupportedMethod])
          .includeTags(['b'])
          .dispatchUsing(() => 200)
          .report(),
      code: ContractChecksErrorCode.FiltersMatchedNothing,
    },
    {
      name: 'malformed paths',
      run: () =>
        plan(spec({ '/r': 'not a path item' }))
          .checks([ContractCheck.UnsupportedMethod])
          .dispatchUsing(() => 200)
          .report(),
      code: ContractChecksErrorCode.MalformedPaths,
    },
  ])('$name → $code', async ({ run, code }) => {
    expect((await failureOf(run))?.code).toBe(code)
  })

  it('names check, spec, operation, seeds and the curl line when the dispatcher throws', async () => {
    const failure = await failureOf(() =>
      OpenApiContractChecks.run(one, { seed: 5 })
        .checks([ContractCheck.UnsupportedMethod])
        .dispatchUsing(() => {
          throw new Error('ECONNREFUSED 127.0.0.1:3000')
        })
        .report(),
    )
    expect(failure?.code).toBe(ContractChecksErrorCode.DispatchFailed)
    expect(failure?.message).toMatchInlineSnapshot(`
      "Contract check dispatch failed.
      Check: unsupported_method
      Spec: rules
      Operation: r
      Method/path: PATCH /r
      Global seed: 5
      Derived seed: 528221747
      Curl: curl -X PATCH '/r'
      Cause: ECONNREFUSED 127.0.0.1:3000"
    `)
  })

  it('names what came back when the dispatcher returns no status', async () => {
    const failure = await failureOf(() =>
      OpenApiContractChecks.run(one, { seed: 5, baseUrl: 'http://127.0.0.1:3000' })
        .checks([ContractCheck.UnsupportedMethod])
        .dispatchUsing(() => ({ ok: true }))
        .report(),
    )
    expect(failure?.code).toBe(ContractChecksErrorCode.InvalidDispatchResult)
    expect(failure?.message).toMatchInlineSnapshot(`
      "Contract check dispatcher returned an object (keys ok) without a numeric status or statusCode between 100 and 599; return a status number, a Response, or an object with a numeric status or statusCode.
      Check: unsupported_method
      Spec: rules
      Operation: r
      Method/path: PATCH /r
      Global seed: 5
      Derived seed: 528221747
      Curl: curl -X PATCH 'http://127.0.0.1:3000/r'"
    `)
  })

  it('runs tearDown when the dispatcher throws', async () => {
    const events: string[] = []
    await failureOf(() =>
      plan(one)
        .checks([ContractCheck.UnsupportedMethod])
        .tearDownUsing(() => void events.push('tearDown'))
        .dispatchUsing(() => {
          throw new Error('boom')
        })
        .report(),
    )
    expect(events).toEqual(['tearDown'])
  })
})
