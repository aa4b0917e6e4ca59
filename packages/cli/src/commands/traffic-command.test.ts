import {
  closeSync,
  copyFileSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { createContractRun } from '@contracttool/harness'
import { describe, expect, it } from 'vitest'
import { runCaptured } from '../../test/run-captured.test-kit.js'
import { tempDir } from '../../test/temp-dir.test-kit.js'

const API = 'https://api.example.com/v1'
const PET = { id: 1, name: 'Tom', kind: 'cat' }

interface Recorded {
  readonly method?: string
  readonly url: string
  readonly status?: number
  readonly type?: string
  readonly body?: string
  readonly base64?: boolean
  readonly post?: { readonly mimeType: string; readonly text: string }
  readonly noResponse?: boolean
}

/** A HAR 1.2 entry as browsers and Playwright record it. */
function harEntry(entry: Recorded): unknown {
  const body = entry.body ?? ''
  const request = {
    method: entry.method ?? 'GET',
    url: entry.url,
    httpVersion: 'HTTP/1.1',
    headers: [
      { name: 'Authorization', value: 'Bearer token' },
      { name: ':authority', value: 'api.example.com' },
      ...(entry.post === undefined ? [] : [{ name: 'Content-Type', value: entry.post.mimeType }]),
    ],
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: entry.post?.text.length ?? 0,
    ...(entry.post === undefined ? {} : { postData: entry.post }),
  }
  if (entry.noResponse === true) return { startedDateTime: '2024-01-01T00:00:00Z', time: 1, request }
  return {
    startedDateTime: '2024-01-01T00:00:00Z',
    time: 1,
    request,
    response: {
      status: entry.status ?? 200,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'Content-Type', value: entry.type ?? 'application/json' },
        { name: 'X-Rate-Limit', value: '10' },
      ],
      cookies: [],
      content: {
        size: body.length,
        mimeType: entry.type ?? 'application/json',
        ...(entry.base64 === true
          ? { text: Buffer.from(body).toString('base64'), encoding: 'base64' }
          : { text: body }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: body.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  }
}

function har(entries: readonly Recorded[]): string {
  return JSON.stringify(
    { log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: entries.map(harEntry) } },
    null,
    2,
  )
}

/** A project with the pet store spec (servers: https://api.example.com/v1) and the given files. */
function project(files: Record<string, string>): string {
  const cwd = tempDir()
  copyFileSync(fixturePath('petstore-3.1.json'), join(cwd, 'petstore.json'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text)
  return cwd
}

const traffic = (cwd: string, ...args: string[]) =>
  runCaptured(['traffic', ...args], { cwd, replace: { '<tmp>': cwd } })

describe('contracttool traffic', () => {
  it('checks the API calls of a HAR, counts the rest, and prints the coverage of the traffic', async () => {
    const cwd = project({
      'recorded.har': har([
        { url: `${API}/pets`, body: JSON.stringify([PET]) },
        { url: `${API}/pets?limit=2`, body: JSON.stringify([{ ...PET, id: 'one' }]), base64: true },
        { url: 'https://cdn.example.com/app.js', type: 'text/javascript', body: 'run()' },
        { url: 'https://analytics.example.net/collect', method: 'POST', status: 204 },
        { url: `${API}/health`, noResponse: true },
        {
          url: `${API}/pets`,
          method: 'POST',
          status: 201,
          post: { mimeType: 'application/json', text: '{"name":"Rex","kind":"dog"}' },
          body: JSON.stringify({ id: 2, name: 'Rex', kind: 'dog' }),
        },
      ]),
    })
    const run = await traffic(cwd, '--spec=petstore.json', 'recorded.har')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('')
    const [failures, report] = run.stdout.split('[OpenAPI Traffic] ')
    expect(failures).toMatchInlineSnapshot(`
      "entry 2: GET https://api.example.com/v1/pets?limit=2
      GET /pets 200 application/json: 1 violation against 'petstore' spec (operationId listPets, request path /v1/pets?limit=2, matched through server https://api.example.com/v1 (servers[0], base path /v1))
        [/0/id] must be integer, received "one" (string)

      Received: GET /v1/pets?limit=2 → 200 application/json
        [
          {
            "id": "one",
            "name": "Tom",
            "kind": "cat"
          }
        ]

      "
    `)
    expect(report).toContain(
      'recorded.har: 6 entries, 3 API call(s) checked (1 failed), 2 not under an API server (pages, assets, analytics), 1 without a response, 0 unreadable.\n',
    )
    expect(report).toContain('[petstore] endpoints:')
    expect(report).toMatch(/✓ POST \/pets|◐ POST \/pets/)
    expect(report).toContain('◐ GET /pets  (1/2 responses)')
  })

  it('exits 0 on clean traffic, writes the reports and evaluates the gates of coverage:merge', async () => {
    const cwd = project({ 'recorded.har': har([{ url: `${API}/pets`, body: JSON.stringify([PET]) }]) })
    const clean = await traffic(cwd, '--spec=petstore.json', '--json-output=coverage.json', 'recorded.har')
    expect(clean.code).toBe(0)
    const json = JSON.parse(readFileSync(join(cwd, 'coverage.json'), 'utf8'))
    expect(json.schema_version).toBe(3)
    expect(JSON.stringify(json)).toContain('listPets')
    const gated = await traffic(
      cwd,
      '--spec=petstore.json',
      '--min-response-coverage=50',
      '--min-coverage-strict',
      'recorded.har',
    )
    expect(gated.code).toBe(1)
    expect(gated.stdout + gated.stderr).toContain('[OpenAPI Coverage] FAIL: response coverage')
  })

  it('reads NDJSON exchanges (bodies as text or JSON, URLs or paths) and the specs of contracttool.config.*', async () => {
    const line = (url: string, body: unknown) =>
      JSON.stringify({
        request: { method: 'GET', url, headers: { authorization: 'Bearer t' } },
        response: { status: 200, headers: { 'content-type': 'application/json', 'x-rate-limit': '1' }, body },
      })
    const cwd = project({
      'contracttool.config.json': JSON.stringify({ specBasePath: '.', specs: ['petstore'] }),
      'staging.ndjson': `${line(`${API}/pets`, [PET])}\n\n${line('/v1/pets', JSON.stringify([{ name: 'no id' }]))}\n`,
    })
    const run = await traffic(cwd, 'staging.ndjson')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('entry 3: GET /v1/pets\nGET /pets 200 application/json: 2 violations')
    expect(run.stdout).toContain('staging.ndjson: 2 entries, 2 API call(s) checked (1 failed)')
  })

  it('takes the API calls under --base-url instead of the servers, and names files when given several', async () => {
    const cwd = project({
      'a.har': har([{ url: 'https://staging.example.org/v1/pets', body: JSON.stringify([PET]) }]),
      'b.har': har([
        { url: 'https://staging.example.org/v1/pets/1', body: '{}' },
        { url: `${API}/pets`, body: '[]' },
      ]),
    })
    const run = await traffic(
      cwd,
      '--spec=petstore.json',
      '--base-url=https://staging.example.org',
      'a.har',
      'b.har',
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      'entry 1 (b.har): GET https://staging.example.org/v1/pets/1\nGET /pets/{petId} 200',
    )
    expect(run.stdout).toContain(
      'a.har: 1 entry, 1 API call(s) checked (0 failed), 0 not under an API server',
    )
    expect(run.stdout).toContain(
      'b.har: 2 entries, 1 API call(s) checked (1 failed), 1 not under an API server',
    )
    // A path is a base URL on any host.
    const anyHost = await traffic(cwd, '--spec=petstore.json', '--base-url=/v1/pets/1', 'b.har')
    expect(anyHost.stdout).toContain(
      'b.har: 2 entries, 1 API call(s) checked (1 failed), 1 not under an API server',
    )
  })

  it('writes the observations as a sidecar that coverage:merge adds to a test run', async () => {
    const cwd = project({ 'staging.har': har([{ url: `${API}/pets`, body: JSON.stringify([PET]) }]) })
    const test = await createContractRun(
      { specBasePath: '.', specs: ['petstore'], sidecarDir: 'sidecars' },
      { root: cwd, io: { out: () => {}, err: () => {}, env: {} } },
    )
    test.assertResponse({
      request: { method: 'GET', path: '/v1/health' },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: { status: 'ok' } },
    })
    await test.finish()
    const recorded = await traffic(cwd, '--spec=petstore.json', '--sidecar-dir=sidecars', 'staging.har')
    expect(recorded.code).toBe(0)
    expect(recorded.stdout).not.toContain('[petstore] endpoints')
    expect(readdirSync(join(cwd, 'sidecars')).filter((file) => file.startsWith('part-'))).toHaveLength(2)
    const merged = await runCaptured(
      ['coverage:merge', '--sidecar-dir=sidecars', '--json-output=merged.json', '--console-output=all'],
      { cwd },
    )
    expect(merged.stderr).toBe('')
    expect(merged.code).toBe(0)
    expect(merged.stdout).toContain('✓ GET /health')
    expect(merged.stdout).toContain('◐ GET /pets  (1/2 responses)')
  })

  describe('bad input', () => {
    it('refuses a file that is not HAR or NDJSON, naming it and what was expected (exit 2)', async () => {
      const cwd = project({ 'notes.txt': 'GET /pets\n', 'data.json': '{"pets":[]}' })
      const text = await traffic(cwd, '--spec=petstore.json', 'notes.txt')
      expect(text.code).toBe(2)
      expect(text.stderr).toContain(
        '[OpenAPI Traffic] notes.txt: is not HAR or NDJSON; expected a HAR 1.2 file (a JSON object with log.entries) or NDJSON (one { request, response } object per line).\n',
      )
      const json = await traffic(cwd, '--spec=petstore.json', 'data.json')
      expect(json.code).toBe(2)
      expect(json.stderr).toContain(
        '[OpenAPI Traffic] data.json: is JSON but not HAR: it has no log.entries; expected',
      )
      const missing = await traffic(cwd, '--spec=petstore.json', 'gone.har')
      expect(missing.code).toBe(2)
      expect(missing.stderr).toBe('[OpenAPI Traffic] gone.har: no such file (<tmp>/gone.har).\n')
      expect(missing.stdout).toBe('')
    })

    it('reports a truncated HAR after checking its complete entries (exit 2)', async () => {
      const whole = har([
        { url: `${API}/pets`, body: JSON.stringify([PET]) },
        { url: `${API}/pets`, body: JSON.stringify([PET]) },
      ])
      const cwd = project({ 'cut.har': whole.slice(0, whole.lastIndexOf('"timings"')) })
      const run = await traffic(cwd, '--spec=petstore.json', 'cut.har')
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(
        '[OpenAPI Traffic] cut.har: ends before the HAR document does (truncated after 1 complete entry).\n',
      )
      expect(run.stdout).toContain('cut.har: 1 entry, 1 API call(s) checked (0 failed)')
    })

    it('counts an entry without a response (an aborted request), a status of 0 and a body left out, never a failure', async () => {
      const entries = JSON.parse(har([{ url: `${API}/pets`, noResponse: true }, { url: `${API}/pets` }]))
      entries.log.entries[1].response.status = 0
      // Saved without content: the body has a size but no text.
      entries.log.entries.push({
        ...entries.log.entries[1],
        response: {
          ...entries.log.entries[1].response,
          status: 200,
          content: { size: 120, mimeType: 'application/json' },
        },
      })
      const cwd = project({ 'aborted.har': JSON.stringify(entries) })
      const run = await traffic(cwd, '--spec=petstore.json', 'aborted.har')
      expect(run.code).toBe(0)
      expect(run.stdout).toContain(
        'aborted.har: 3 entries, 0 API call(s) checked (0 failed), 0 not under an API server (pages, assets, analytics), 2 without a response, 1 whose body was not recorded, 0 unreadable.',
      )
    })

    it('names an entry whose base64 body does not decode, and checks the others (exit 2)', async () => {
      const entries = JSON.parse(
        har([
          { url: `${API}/pets`, body: '[]', base64: true },
          { url: `${API}/pets`, body: JSON.stringify([PET]) },
        ]),
      )
      entries.log.entries[0].response.content.text = 'not base64!'
      const cwd = project({ 'bad.har': JSON.stringify(entries) })
      const run = await traffic(cwd, '--spec=petstore.json', 'bad.har')
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(
        '[OpenAPI Traffic] entry 1 GET https://api.example.com/v1/pets has a response body that does not decode: content.encoding is base64 but content.text is not base64.\n',
      )
      expect(run.stdout).toContain(
        'bad.har: 2 entries, 1 API call(s) checked (0 failed), 0 not under an API server (pages, assets, analytics), 0 without a response, 1 unreadable.',
      )
    })

    it('reports a 200 MB body without holding it in memory, and checks the other entries (exit 2)', async () => {
      const cwd = project({})
      const path = join(cwd, 'large.har')
      const [head, tail] = har([
        { url: `${API}/pets`, body: JSON.stringify([PET]) },
        { url: `${API}/pets/1/photo`, type: 'image/png', body: 'BODY', base64: false },
      ]).split('BODY')
      const file = openSync(path, 'w')
      writeSync(file, head ?? '')
      const megabyte = Buffer.alloc(1024 * 1024, 'a')
      for (let index = 0; index < 200; index++) writeSync(file, megabyte)
      writeSync(file, tail ?? '')
      closeSync(file)
      const before = process.memoryUsage().rss
      const run = await traffic(cwd, '--spec=petstore.json', 'large.har')
      const grown = process.memoryUsage().rss - before
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(
        '[OpenAPI Traffic] entry 2 is 200.0 MiB, over the limit of 32.0 MiB for one entry (--max-entry-bytes); it was not read.\n',
      )
      expect(run.stdout).toContain('large.har: 2 entries, 1 API call(s) checked (0 failed)')
      // Reading the body whole would take its bytes several times over (file, text, parsed string).
      expect(grown).toBeLessThan(150 * 1024 * 1024)
    }, 60_000)

    it.each([
      [
        ['--spec=petstore.json', '--specs=petstore', 'a.har'],
        '--spec names the spec file: leave out --spec-base-path and --specs, or --spec.',
      ],
      [
        ['--spec=petstore.json', '--base-url=staging', 'a.har'],
        "--base-url must be an absolute URL (https://api.example.com/v2) or a path (/v2, any host), got 'staging'.",
      ],
      [
        ['--spec=petstore.json', '--max-entry-bytes=1k', 'a.har'],
        "--max-entry-bytes must be a positive integer, got '1k'.",
      ],
    ])('refuses %j (exit 2)', async (args, message) => {
      const cwd = project({ 'a.har': har([]) })
      const run = await traffic(cwd, ...args)
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(`[OpenAPI Traffic] ${message}\n`)
    })

    it('names a bad option as its flag, as coverage:merge does', async () => {
      const cwd = project({ 'a.har': har([]) })
      const run = await traffic(cwd, '--spec=petstore.json', '--strict-required=always', 'a.har')
      expect(run.code).toBe(2)
      expect(run.stderr).toContain('--strict-required')
      expect(run.stderr).not.toContain('createContractRun()')
    })
  })
})
