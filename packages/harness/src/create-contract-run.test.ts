import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import axios from 'axios'
import express from 'express'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { ContractAssertionError } from './contract-assertion-error.js'
import { type ContractRunSettings, createContractRun } from './create-contract-run.js'
import { HarnessErrorCode } from './errors.js'

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'items', version: '1' },
  paths: {
    '/health': {
      get: {
        responses: {
          '200': {
            description: 'up',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status'],
                  properties: { status: { type: 'string', format: 'health-word' } },
                },
              },
            },
          },
        },
      },
    },
    '/items/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'an item',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id'],
                  properties: { id: { type: 'integer' }, note: { type: 'string' } },
                },
              },
            },
          },
          '404': { description: 'no such item' },
        },
      },
    },
  },
}

const app = express()
app.get('/health', (_req, res) => {
  res.json({ status: 'ok' })
})
app.get('/items/:id', (req, res) => {
  if (req.params.id === '0') res.json({ id: 'zero' })
  else res.json({ id: Number(req.params.id), note: 'kept', internal: true })
})

const BASE = { specBasePath: 'openapi', specs: ['items'], defaultSpec: 'items' } as const

let dirs: string[] = []
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  dirs = []
})

/** A project root with `openapi/items.json` and the given files. */
function project(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'contracttool-harness-'))
  dirs.push(root)
  mkdirSync(join(root, 'openapi'))
  writeFileSync(join(root, 'openapi', 'items.json'), JSON.stringify(SPEC))
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content)
  return root
}

/** Settings that print into arrays instead of the process's streams. */
function captured(root: string): { settings: ContractRunSettings; out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  return {
    settings: {
      root,
      io: {
        out: (text) => out.push(text),
        err: (line) => err.push(line),
        env: {},
        color: false,
        toolVersion: '9.9.9',
      },
    },
    out,
    err,
  }
}

describe('createContractRun', () => {
  it('prints the coverage report and writes the reports the options ask for', async () => {
    const root = project()
    const { settings, out, err } = captured(root)
    const run = await createContractRun({ ...BASE, jsonOutput: 'reports/coverage.json' }, settings)
    run.assertResponse(await request(app).get('/health'))
    expect(await run.finish()).toEqual({ exitCode: 0 })
    expect(out.join('')).toContain('[items] endpoints: 1/2 fully covered (50%), 0 partial, 1 uncovered')
    expect(err).toEqual([])
    const json = JSON.parse(readFileSync(join(root, 'reports/coverage.json'), 'utf8'))
    expect(json).toMatchObject({ schema_version: 3 })
    expect(JSON.stringify(json)).toContain('"9.9.9"')
  })

  it('reads contracttool.config.json under the root; its own options win, key by key', async () => {
    const root = project({
      'contracttool.config.json': JSON.stringify({
        ...BASE,
        minEndpointCoverage: 100,
        minCoverageStrict: true,
      }),
    })
    const finish = async (options: object) => {
      const { settings, err } = captured(root)
      const run = await createContractRun(options, settings)
      run.assertResponse(await request(app).get('/health'))
      return { ...(await run.finish()), err }
    }
    expect(await finish({ minEndpointCoverage: 40 })).toEqual({ exitCode: 0, err: [] })
    const fromFile = await finish({})
    expect(fromFile.exitCode).toBe(1)
    expect(fromFile.err.join('\n')).toContain('[OpenAPI Coverage] FAIL:')
  })

  it('fails a check as the matchers do, with the validator message and a diff', async () => {
    const run = await createContractRun(BASE, captured(project()).settings)
    const res = await request(app).get('/items/0')
    let thrown: unknown
    try {
      run.assertResponse(res)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ContractAssertionError)
    expect((thrown as ContractAssertionError).message).toContain('GET /items/{id} 200 application/json')
    expect((thrown as ContractAssertionError).message).toContain('[/id] must be integer, received "zero"')
    expect((thrown as ContractAssertionError).result?.outcome).toBe('failure')
  })

  it('checks the request a response answers', async () => {
    const run = await createContractRun(BASE, captured(project()).settings)
    expect(() => run.assertRequest({ request: { method: 'GET', path: '/items/abc' } })).toThrow(
      /\[path\.id\] must be integer, received "abc"/,
    )
  })

  it('checks the response and the request of an axios call, with the http and the fetch adapter', async () => {
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      for (const adapter of ['http', 'fetch'] as const) {
        const run = await createContractRun(BASE, captured(project()).settings)
        const client = axios.create({ baseURL, adapter })
        const seven = await client.get('/items/7')
        expect(() => run.assertResponse(seven)).not.toThrow()
        const zero = await client.get('/items/0')
        expect(() => run.assertResponse(zero)).toThrow('[/id] must be integer, received "zero"')
        const abc = await client.get('/items/abc', { validateStatus: () => true })
        expect(() => run.assertRequest(abc)).toThrow(
          /^GET \/items\/\{id\} request[\s\S]*\[path\.id\] must be integer, received "abc"/,
        )
      }
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('checks every item of a JSON Lines or event-stream body axios received, as text or parsed', async () => {
    const root = project()
    cpSync(fixturePath('streams-3.2.yaml'), join(root, 'openapi', 'streams.yaml'))
    const streams = express()
    const tom = { id: 1, name: 'Tom', kind: 'cat' }
    streams.get('/pets/export', (req, res) => {
      // One line reads as one JSON value: axios parses it unless asked for text.
      const pets = req.query.one === undefined ? [tom, { ...tom, id: 2, kind: 'hamster' }] : [tom]
      res.type('application/jsonl').send(pets.map((pet) => `${JSON.stringify(pet)}\n`).join(''))
    })
    streams.get('/pets/events', (_req, res) => {
      res
        .type('text/event-stream')
        .send(`event: added\ndata: ${JSON.stringify(tom)}\n\nevent: added\ndata: {"id":2}\n\n`)
    })
    const server = streams.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const run = await createContractRun(
        { specBasePath: 'openapi', specs: ['streams'], defaultSpec: 'streams' },
        captured(root).settings,
      )
      for (const adapter of ['http', 'fetch'] as const) {
        const client = axios.create({ baseURL, adapter })
        const one = await client.get('/pets/export?one')
        expect(() => run.assertResponse(one)).not.toThrow()
        for (const responseType of ['json', 'text'] as const) {
          const two = await client.get('/pets/export', { responseType })
          expect(() => run.assertResponse(two)).toThrow(/item 1 \(line 2\): \[\/1\/kind\] must be one of/)
          const events = await client.get('/pets/events', { responseType })
          expect(() => run.assertResponse(events)).toThrow(
            'item 1 (line 4): [/1/data/name] required property is missing',
          )
        }
      }
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('names the runner option in the strict gates advice', async () => {
    const root = project()
    const { settings, err } = captured(root)
    const run = await createContractRun(
      { ...BASE, strictRequired: 'warn', strictAdditionalProperties: 'warn' },
      settings,
    )
    run.assertResponse(await request(app).get('/items/1'))
    run.assertResponse(await request(app).get('/items/2'))
    expect(await run.finish()).toEqual({ exitCode: 0 })
    const text = err.join('\n')
    expect(text).toContain("or set `strictRequired: 'off'` if intentional.")
    expect(text).toContain(
      "Configuration: createContractRun({ strictRequired: 'warn' | 'fail' | 'off' }) or strictRequired in contracttool.config.*",
    )
    expect(text).toContain("or set `strictAdditionalProperties: 'off'`.")
    expect(text).not.toMatch(/strict_required = off|strict_additional_properties = off/)
  })

  it('fails the run on a report that cannot be written, and still writes the others', async () => {
    const root = project()
    mkdirSync(join(root, 'taken.json'))
    const { settings, err } = captured(root)
    const run = await createContractRun(
      { ...BASE, jsonOutput: 'taken.json', outputFile: 'reports/coverage.md' },
      settings,
    )
    run.assertResponse(await request(app).get('/health'))
    expect(await run.finish()).toEqual({ exitCode: 1 })
    expect(err).toEqual([
      `[OpenAPI Coverage] FATAL: Cannot write ${join(root, 'taken.json')}: a directory exists at this path`,
    ])
    expect(readFileSync(join(root, 'reports/coverage.md'), 'utf8')).toContain('/health')
  })

  it('writes no line that starts a workflow command, even from an OS error naming a hostile path', async () => {
    const root = project()
    const hostile = 'taken\n::error title=a::b.json'
    mkdirSync(join(root, hostile))
    const { settings, err } = captured(root)
    const run = await createContractRun({ ...BASE, jsonOutput: hostile }, settings)
    run.assertResponse(await request(app).get('/health'))
    expect(await run.finish()).toEqual({ exitCode: 1 })
    expect(err).toEqual([
      `[OpenAPI Coverage] FATAL: Cannot write ${join(root, 'taken')}\n\\u003a:error title=a::b.json: a directory exists at this path`,
    ])
  })

  it('prints the table on a partial run that recorded nothing, with the NOTE, and writes no report', async () => {
    const root = project()
    const { settings, out, err } = captured(root)
    const run = await createContractRun({ ...BASE, jsonOutput: 'reports/coverage.json' }, settings)
    expect(await run.finish({ partialReasons: ['-t nothing'] })).toEqual({ exitCode: 0 })
    expect(out.join('')).toContain('[items] endpoints: 0/2 fully covered (0%), 0 partial, 2 uncovered')
    expect(err[0]).toMatch(
      /^\[OpenAPI Coverage\] NOTE: the coverage threshold gate is skipped on partial runs \(-t nothing\)/,
    )
    expect(existsSync(join(root, 'reports'))).toBe(false)
  })

  it('writes a sidecar instead of reports when sidecarDir is set', async () => {
    const root = project()
    const { settings, out, err } = captured(root)
    const run = await createContractRun(
      { ...BASE, sidecarDir: 'sidecars', jsonOutput: 'coverage.json' },
      settings,
    )
    run.assertResponse(await request(app).get('/health'))
    expect(await run.finish()).toEqual({ exitCode: 0 })
    expect(out).toEqual([])
    expect(readdirSync(join(root, 'sidecars'))).toEqual([
      expect.stringMatching(/^part-run-\d+-\d+-\d+\.json$/),
    ])
    expect(err[0]).toContain('contracttool coverage:merge --sidecar-dir')
    expect(existsSync(join(root, 'coverage.json'))).toBe(false)
  })

  it.each([
    [
      'a wrong type',
      { ...BASE, specs: 'items' },
      /option 'specs' \(createContractRun\(\)\) must be an array/,
    ],
    ['an unknown key', { ...BASE, spec: 'items' }, /unknown option 'spec' in createContractRun\(\)/],
    ['a missing specBasePath', { specs: ['items'] }, /createContractRun\(\{ specBasePath: 'openapi'/],
  ])('rejects %s with CONTRACTTOOL_HARNESS_INVALID_OPTION', async (_name, options, message) => {
    const created = createContractRun(options as never, captured(project()).settings)
    await expect(created).rejects.toThrow(message)
    await expect(created).rejects.toMatchObject({ code: HarnessErrorCode.InvalidOption })
  })

  it('rejects a spec that does not load with CONTRACTTOOL_HARNESS_SPEC_LOAD_FAILED', async () => {
    const created = createContractRun({ ...BASE, specs: ['items', 'missing'] }, captured(project()).settings)
    await expect(created).rejects.toMatchObject({
      code: HarnessErrorCode.SpecLoadFailed,
      message: expect.stringMatching(
        /^FATAL: \[contracttool\] spec 'missing' configured in specs is not loadable/,
      ),
    })
  })

  it('escapes control characters of spec text in the FATAL message (two lines, none a workflow command)', async () => {
    const evil = {
      openapi: '3.1.0',
      info: { title: 'Evil', version: '1' },
      paths: { '/a': { get: { responses: { '200': { $ref: './m\n::error::pwned\u001b[31m.json' } } } } },
    }
    const root = project({ 'openapi/evil.json': JSON.stringify(evil) })
    const created = createContractRun({ ...BASE, specs: ['items', 'evil'] }, captured(root).settings)
    const error = (await created.catch((reason: unknown) => reason)) as Error
    const lines = error.message.split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain('/openapi/m\\n::error::pwned\\u001b[31m.json.')
    expect(error.message).not.toContain('\u001b')
  })

  it('checks the formats the formats option defines', async () => {
    const run = await createContractRun(
      { ...BASE, formats: { 'health-word': (value) => value === 'up' } },
      captured(project()).settings,
    )
    const res = await request(app).get('/health')
    expect(() => run.assertResponse(res)).toThrow('must match format "health-word"')
    await run.finish()
  })

  it('checks the formats of a formats module, named in contracttool.config.*, functions that import helpers too', async () => {
    const root = project({
      'contracttool.config.json': JSON.stringify({ formats: './formats.mjs' }),
      'formats.mjs':
        "import { words } from './words.mjs'\nexport default { 'health-word': (value) => words.includes(value) }\n",
      'words.mjs': "export const words = ['up']\n",
    })
    const run = await createContractRun(BASE, captured(root).settings)
    const res = await request(app).get('/health')
    expect(() => run.assertResponse(res)).toThrow('must match format "health-word"')
    await run.finish()
  })

  it('names a formats module that does not load, or exports no formats', async () => {
    const root = project({
      'broken.mjs': 'export default {',
      'empty.mjs': 'export const other = 1\n',
    })
    const failure = (formats: string) =>
      createContractRun({ ...BASE, formats }, captured(root).settings).catch((error: unknown) => error)
    expect(await failure('./broken.mjs')).toMatchObject({
      code: HarnessErrorCode.InvalidOption,
      message: expect.stringMatching(
        /^FATAL: \[contracttool\] option 'formats' names the module .*broken\.mjs, which did not load: /,
      ),
    })
    expect(await failure('./empty.mjs')).toMatchObject({
      message: expect.stringContaining(
        "empty.mjs, which has neither a default export nor a 'formats' export",
      ),
    })
    expect(await failure('./missing.mjs')).toMatchObject({
      message: expect.stringContaining(
        "option 'formats' (createContractRun()) names the module './missing.mjs', and there is no file",
      ),
    })
  })

  it('checks against the only spec of specs without defaultSpec', async () => {
    const run = await createContractRun(
      { specBasePath: 'openapi', specs: ['items'] },
      captured(project()).settings,
    )
    run.assertResponse(await request(app).get('/health'))
    await run.finish()
  })

  it('names the spec problems of a check and refuses checks after finish()', async () => {
    const root = project({ 'openapi/orders.json': JSON.stringify(SPEC) })
    const run = await createContractRun(
      { specBasePath: 'openapi', specs: ['items', 'orders'] },
      captured(root).settings,
    )
    const res = await request(app).get('/health')
    expect(() => run.assertResponse(res)).toThrowError(
      expect.objectContaining({ code: HarnessErrorCode.NoSpecBound }),
    )
    expect(() => run.assertResponse(res, { spec: 'item' })).toThrowError(
      expect.objectContaining({
        code: HarnessErrorCode.SpecNotConfigured,
        message: expect.stringContaining("Did you mean 'items'?"),
      }),
    )
    run.assertResponse(res, { spec: 'items' })
    await run.finish()
    expect(() => run.assertResponse(res, { spec: 'items' })).toThrowError(
      expect.objectContaining({ code: HarnessErrorCode.RunFinished }),
    )
    await expect(run.finish()).rejects.toMatchObject({ code: HarnessErrorCode.RunFinished })
  })
})
