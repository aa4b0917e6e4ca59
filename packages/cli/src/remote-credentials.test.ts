import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { loadSpecFile } from '@contracttool/spec-loader'
import { validateResponse } from '@contracttool/validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../test/temp-dir.test-kit.js'
import { renderDoctorJson } from './render-doctor-json.js'
import { renderDoctorText } from './render-doctor-text.js'
import { runDoctor } from './run-doctor.js'

// A remote schema with a format the validator does not know (a doctor finding) and a type a body can break.
const petSchema = JSON.stringify({
  Pet: { type: 'object', properties: { name: { type: 'string', format: 'pet-name' } } },
})

let server: Server
let host: string
beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(petSchema)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** Writes a spec whose `GET /pet` 200 JSON response has `schema`, with `components`; returns its path. */
function writePetSpec(schema: object, components?: object): string {
  const path = join(tempDir(), 'openapi.json')
  const content = { 'application/json': { schema } }
  writeFileSync(
    path,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Pet', version: '1' },
      paths: { '/pet': { get: { responses: { '200': { description: 'ok', content } } } } },
      ...(components === undefined ? {} : { components }),
    }),
  )
  return path
}

describe('credentials in a remote $ref URL', () => {
  it('appear in no output: spec document, violation schema paths, doctor findings', async () => {
    const path = writePetSpec({ $ref: `http://user:hunter2@${host}/pet.json?token=t0k3n#/Pet` })
    const remoteRefs = { allowedHosts: ['127.0.0.1'] }
    const spec = await loadSpecFile(path, { remoteRefs })
    const result = validateResponse(spec, {
      method: 'GET',
      path: '/pet',
      status: 200,
      contentType: 'application/json',
      body: { name: 42 },
    })
    expect(result.outcome).toBe('failure')
    expect(result.violations[0]?.schemaPath).toContain('%5Bredacted%5D@')
    const report = await runDoctor([path], { remoteRefs })
    const outputs = [
      JSON.stringify(spec.document),
      JSON.stringify(result),
      renderDoctorJson(report),
      renderDoctorText(report, { color: false }),
    ]
    expect(renderDoctorJson(report)).toContain("format 'pet-name'")
    for (const output of outputs) expect(output).not.toMatch(/hunter2|t0k3n/)
  })
})

describe('credentials in a discriminator mapping URL', () => {
  it('appear in no violation, warning or doctor finding', async () => {
    const secretUrl = 'https://user:hunter2@schemas.example/dog.json?token=t0k3n'
    const path = writePetSpec(
      { $ref: '#/components/schemas/Pet' },
      {
        schemas: {
          Pet: {
            oneOf: [{ $ref: '#/components/schemas/Cat' }],
            discriminator: { propertyName: 'kind', mapping: { dog: secretUrl } },
          },
          Cat: { type: 'object', properties: { kind: { type: 'string' } } },
        },
      },
    )
    const spec = await loadSpecFile(path)
    const warnings: string[] = []
    const result = validateResponse(
      spec,
      { method: 'GET', path: '/pet', status: 200, contentType: 'application/json', body: { kind: 'dog' } },
      { onWarning: (message) => warnings.push(message) },
    )
    expect(result.outcome).toBe('failure')
    expect(result.message).toContain(
      "'https://[redacted]@schemas.example/dog.json?token=[redacted]' does not resolve to a schema in the spec",
    )
    const report = await runDoctor([path])
    const text = renderDoctorText(report, { color: false })
    expect(text).toContain(
      "Malformed 'discriminator.mapping[dog]': 'https://[redacted]@schemas.example/dog.json?token=[redacted]' does not resolve",
    )
    for (const output of [
      result.message,
      JSON.stringify(result),
      ...warnings,
      renderDoctorJson(report),
      text,
    ])
      expect(output).not.toMatch(/hunter2|t0k3n/)
  })
})
