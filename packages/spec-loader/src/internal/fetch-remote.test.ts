import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isContractToolError } from '@contracttool/kernel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SpecErrorCode } from '../errors.js'
import type { RemoteRefOptions } from '../load-options.js'
import { loadSpecFile, loadSpecFileSync } from '../load-spec-file.js'
import { resolvePointer } from '../resolve-pointer.js'

interface Route {
  readonly status?: number
  readonly headers?: Record<string, string>
  readonly body?: string
  /** Sends the body in chunks without Content-Length. */
  readonly chunked?: boolean
  /** Never answers (`headers`), or sends the headers and the first chunk, then nothing (`body`). */
  readonly stall?: 'headers' | 'body'
}

const routes: Record<string, Route> = {
  '/schemas/pet.json': {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Pet: { type: 'object', properties: { tag: { $ref: './tag.yaml#/Tag' } } } }),
  },
  '/schemas/tag.yaml': { headers: { 'content-type': 'text/plain' }, body: 'Tag:\n  type: string\n' },
  '/typed': {
    headers: { 'content-type': 'application/schema+json; charset=utf-8' },
    body: '{"type":"integer"}',
  },
  '/yaml-typed': { headers: { 'content-type': 'application/yaml' }, body: 'type: boolean\n' },
  '/html': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
  '/redirect.json': { status: 302, headers: { location: '/schemas/pet.json?token=s3cr3t' } },
  '/missing.json': { status: 404, body: 'not here' },
  '/big.json': {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ padding: 'x'.repeat(4000) }),
  },
  '/stream.json': { chunked: true, body: JSON.stringify({ padding: 'y'.repeat(4000) }) },
  '/silent.json': { stall: 'headers' },
  '/stalled.json': { stall: 'body', body: '{"type":' },
  '/elsewhere.json': {
    headers: { 'content-type': 'application/json' },
    body: '{"$ref":"http://other.test/x.json"}',
  },
}

let server: Server
let origin: string
const requests: { url: string; authorization: string | undefined }[] = []
const dirs: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization })
    const route = routes[(request.url ?? '').split('?')[0] ?? '']
    if (route === undefined) {
      response.writeHead(404).end()
      return
    }
    if (route.stall === 'headers') return
    if (route.stall === 'body') {
      response.writeHead(200, { 'content-type': 'application/json' }).write(route.body ?? '')
      return
    }
    if (route.chunked === true) {
      response.writeHead(route.status ?? 200, { 'content-type': 'application/json', ...route.headers })
      const body = route.body ?? ''
      for (let offset = 0; offset < body.length; offset += 500)
        response.write(body.slice(offset, offset + 500))
      response.end()
      return
    }
    response.writeHead(route.status ?? 200, route.headers).end(route.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A spec whose schema `Remote` refers to `ref`; given several refs, one schema per entry. */
function specReferencing(ref: string | Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'contracttool-remote-'))
  dirs.push(dir)
  const path = join(dir, 'openapi.json')
  const refs = typeof ref === 'string' ? { Remote: ref } : ref
  const schemas = Object.fromEntries(Object.entries(refs).map(([name, target]) => [name, { $ref: target }]))
  writeFileSync(
    path,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Remote', version: '1' },
      paths: {},
      components: { schemas },
    }),
  )
  return path
}

async function failure(run: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await run
  } catch (error) {
    if (!isContractToolError(error)) throw error
    const port = origin.split(':')[2] ?? ''
    const message = error.message
      .replace(/\(\/[^)]*openapi\.json\)/, '(<spec>)')
      .replaceAll(origin, '<origin>')
      .replaceAll(`:${port}`, ':<port>')
    return { code: error.code, message }
  }
  throw new Error('expected a failure')
}

const allowLocal: RemoteRefOptions = { allowedHosts: ['127.0.0.1'] }

describe('remote refs', () => {
  it('fetches allowed documents and resolves their own refs against their URL', async () => {
    const spec = await loadSpecFile(specReferencing(`${origin}/schemas/pet.json#/Pet`), {
      remoteRefs: allowLocal,
    })
    const petKey = `${origin}/schemas/pet.json`.replaceAll('/', '~1')
    expect(resolvePointer(spec.document, '#/components/schemas/Remote')).toEqual({
      $ref: `#/x-contracttool-external/${petKey}/Pet`,
    })
    const tag = resolvePointer(spec.document, `#/x-contracttool-external/${petKey}/Pet/properties/tag`)
    expect(tag).toEqual({
      $ref: `#/x-contracttool-external/${`${origin}/schemas/tag.yaml`.replaceAll('/', '~1')}/Tag`,
    })
  })

  it('picks the format from the Content-Type when the URL has no extension', async () => {
    const json = await loadSpecFile(specReferencing(`${origin}/typed`), { remoteRefs: allowLocal })
    const yaml = await loadSpecFile(specReferencing(`${origin}/yaml-typed`), { remoteRefs: allowLocal })
    expect(Object.values(json.document['x-contracttool-external'] ?? {})).toEqual([{ type: 'integer' }])
    expect(Object.values(yaml.document['x-contracttool-external'] ?? {})).toEqual([{ type: 'boolean' }])
  })

  it('uses the injected fetch', async () => {
    const seen: string[] = []
    const fetchSpy: typeof fetch = (input, init) => {
      seen.push(String(input))
      return fetch(input, init)
    }
    await loadSpecFile(specReferencing(`${origin}/typed`), { remoteRefs: { ...allowLocal, fetch: fetchSpy } })
    expect(seen).toEqual([`${origin}/typed`])
  })

  it('matches hosts case-insensitively and ignores a trailing dot', async () => {
    const seen: string[] = []
    const serve: typeof fetch = async (input) => {
      seen.push(String(input))
      return new Response('{"type":"string"}', { headers: { 'content-type': 'application/json' } })
    }
    const spec = await loadSpecFile(specReferencing('https://Schemas.Example.COM./pet'), {
      remoteRefs: { allowedHosts: ['schemas.example.com.'], fetch: serve },
    })
    expect(seen).toEqual(['https://schemas.example.com./pet'])
    expect(Object.values(spec.document['x-contracttool-external'] ?? {})).toEqual([{ type: 'string' }])
  })

  const failures: {
    name: string
    ref: string
    options?: RemoteRefOptions
    code: string
    snapshot?: string
  }[] = [
    { name: 'without an allowlist', ref: '/typed', code: SpecErrorCode.RefRemoteDisallowed },
    {
      name: 'a host not on the list',
      ref: '/typed',
      options: { allowedHosts: ['schemas.example.com'] },
      code: SpecErrorCode.RefRemoteHostDisallowed,
    },
    {
      name: 'a nested ref to another host',
      ref: '/elsewhere.json',
      code: SpecErrorCode.RefRemoteHostDisallowed,
    },
    { name: 'a redirect', ref: '/redirect.json', code: SpecErrorCode.RefRemoteFetchFailed },
    { name: 'a 404', ref: '/missing.json', code: SpecErrorCode.RefRemoteFetchFailed },
    { name: 'an HTML page', ref: '/html', code: SpecErrorCode.UnsupportedExtension },
    {
      name: 'a document over the cap by Content-Length',
      ref: '/big.json',
      options: { ...allowLocal, maxBytes: 1000 },
      code: SpecErrorCode.RefRemoteTooLarge,
    },
    {
      name: 'a streamed document over the cap',
      ref: '/stream.json',
      options: { ...allowLocal, maxBytes: 1000 },
      code: SpecErrorCode.RefRemoteTooLarge,
    },
  ]
  for (const { name, ref, options, code } of failures) {
    it(`refuses ${name}`, async () => {
      const remoteRefs = name === 'without an allowlist' ? undefined : (options ?? allowLocal)
      const got = await failure(loadSpecFile(specReferencing(`${origin}${ref}`), { remoteRefs }))
      expect(got.code).toBe(code)
    })
  }

  it('never follows a redirect and redacts credentials and query values in messages', async () => {
    requests.length = 0
    const ref = `${origin.replace('http://', 'http://user:pa55@')}/redirect.json?token=abc&plain#/Pet`
    const got = await failure(loadSpecFile(specReferencing(ref), { remoteRefs: allowLocal }))
    expect(requests).toEqual([
      {
        url: '/redirect.json?token=abc&plain',
        authorization: `Basic ${Buffer.from('user:pa55').toString('base64')}`,
      },
    ])
    expect(got.message).not.toMatch(/pa55|abc|s3cr3t/)
    expect(got.message).toMatchInlineSnapshot(
      `"spec 'openapi' (<spec>) at #/components/schemas/Remote: remote $ref "http://[redacted]@127.0.0.1:<port>/redirect.json?token=[redacted]&plain#/Pet": fetching http://[redacted]@127.0.0.1:<port>/redirect.json?token=[redacted]&plain returned redirect status 302 (Location: http://[redacted]@127.0.0.1:<port>/schemas/pet.json?token=[redacted]); redirects are not followed, reference the final URL instead."`,
    )
  })

  it('mounts a remote document under its URL without credentials, so no pointer carries them', async () => {
    const withSecrets = `${origin.replace('http://', 'http://user:pa55@')}/schemas/pet.json`
    const spec = await loadSpecFile(specReferencing(`${withSecrets}?token=abc#/Pet`), {
      remoteRefs: allowLocal,
    })
    const key = `http://[redacted]@${origin.slice('http://'.length)}/schemas/pet.json?token=[redacted]`
    expect(Object.keys(spec.document['x-contracttool-external'] ?? {})).toContain(key)
    const ref = (resolvePointer(spec.document, '#/components/schemas/Remote') as { $ref: string }).$ref
    expect(ref.startsWith('#/x-contracttool-external/http:~1~1%5Bredacted%5D@')).toBe(true)
    expect(resolvePointer(spec.document, ref)).toMatchObject({ type: 'object' })
    expect(JSON.stringify(spec.document)).not.toMatch(/pa55|abc/)
  })

  it('keeps two URLs apart that differ only in their credentials', async () => {
    const path = specReferencing({
      A: `${origin}/typed?key=a`,
      B: `${origin}/yaml-typed?key=b`,
      C: `${origin}/typed?key=c`,
    })
    const twice = await loadSpecFile(path, { remoteRefs: allowLocal })
    const external = twice.document['x-contracttool-external'] as Record<string, unknown>
    expect(
      Object.keys(external)
        .map((key) => key.replace(origin, '<origin>'))
        .sort(),
    ).toEqual([
      '<origin>/typed?key=[redacted]',
      '<origin>/typed?key=[redacted] (2)',
      '<origin>/yaml-typed?key=[redacted]',
    ])
    expect(JSON.stringify(twice.document)).not.toMatch(/key=[abc]/)
  })

  it('reports the byte cap with the limit', async () => {
    const got = await failure(
      loadSpecFile(specReferencing(`${origin}/stream.json`), {
        remoteRefs: { ...allowLocal, maxBytes: 1000 },
      }),
    )
    expect(got.message).toContain('sent more than 1000 bytes, the limit (remoteRefs.maxBytes)')
  })

  for (const [name, ref] of [
    ['a server that never answers', '/silent.json'],
    ['a server that stalls in the body', '/stalled.json'],
  ] as const) {
    it(`gives up on ${name} after remoteRefs.timeoutMs (limit: 200 ms here, 30 s by default)`, async () => {
      const got = await failure(
        loadSpecFile(specReferencing(`${origin}${ref}`), { remoteRefs: { ...allowLocal, timeoutMs: 200 } }),
      )
      expect(got.code).toBe(SpecErrorCode.RefRemoteFetchFailed)
      expect(got.message).toContain(
        `fetching <origin>${ref} took longer than 200 ms (remoteRefs.timeoutMs); nothing of it was used.`,
      )
    })
  }

  it('refuses remote refs in the synchronous loader, saying which loader fetches them', () => {
    let code: string | undefined
    let message = ''
    try {
      loadSpecFileSync(specReferencing(`${origin}/typed`), { remoteRefs: allowLocal })
    } catch (error) {
      code = isContractToolError(error) ? error.code : undefined
      message = error instanceof Error ? error.message : ''
    }
    expect(code).toBe(SpecErrorCode.RefRemoteDisallowed)
    expect(message).toContain('cannot be fetched by the synchronous loader; use loadSpec()')
  })
})

describe('remoteRefs options', () => {
  const table: { given: unknown }[] = [
    { given: { allowedHosts: 'example.com' } },
    { given: { allowedHosts: ['https://example.com'] } },
    { given: { allowedHosts: ['example.com:8080'] } },
    { given: { allowedHosts: ['example.com/schemas'] } },
    { given: { allowedHosts: ['user@example.com'] } },
    { given: { allowedHosts: [''] } },
    { given: { allowedHosts: [42] } },
    { given: { allowedHosts: ['example.com'], maxBytes: 0 } },
    { given: { allowedHosts: ['example.com'], maxBytes: 1.5 } },
    { given: { allowedHosts: ['example.com'], fetch: 'fetch' } },
    { given: { allowedHosts: ['example.com'], timeoutMs: 0 } },
    { given: { allowedHosts: ['example.com'], timeoutMs: 2 ** 31 } },
    { given: { allowedHosts: ['example.com'], timeoutMs: '5s' } },
    { given: null },
  ]
  for (const { given } of table) {
    it(`refuses ${JSON.stringify(given)}`, async () => {
      const got = await failure(
        loadSpecFile(specReferencing('#/info'), { remoteRefs: given as RemoteRefOptions }),
      )
      expect(got.code).toBe(SpecErrorCode.InvalidOption)
    })
  }

  it('explains what an entry must look like', async () => {
    const got = await failure(
      loadSpecFile(specReferencing('#/info'), { remoteRefs: { allowedHosts: ['https://example.com/'] } }),
    )
    expect(got.message).toMatchInlineSnapshot(
      `"remoteRefs: allowedHosts entries must be bare host names such as 'schemas.example.com' (no scheme, port, path or credentials), received "https://example.com/"."`,
    )
  })
})
