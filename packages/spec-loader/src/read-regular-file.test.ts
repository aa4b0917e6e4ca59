import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isContractToolError } from '@contracttool/kernel'
import { afterAll, describe, expect, it } from 'vitest'
import { SpecErrorCode } from './errors.js'
import { loadSpecFile, loadSpecFileSync } from './load-spec-file.js'
import { readRegularFile, readRegularFileSync } from './read-regular-file.js'

const dir = mkdtempSync(join(tmpdir(), 'contracttool-read-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const fifo = join(dir, 'pipe.json')
execFileSync('mkfifo', [fifo])
writeFileSync(join(dir, 'small.json'), '{"a":1}')

describe('readRegularFile', () => {
  const table: { name: string; path: string; maxBytes?: number; want: unknown }[] = [
    { name: 'a regular file', path: join(dir, 'small.json'), want: { ok: true, text: '{"a":1}' } },
    {
      name: 'a file over the limit (7 bytes, limit 6)',
      path: join(dir, 'small.json'),
      maxBytes: 6,
      want: { ok: false, code: undefined, reason: 'it holds 7 bytes, over the limit of 6 bytes' },
    },
    {
      name: 'a FIFO, without waiting for a writer',
      path: fifo,
      want: { ok: false, code: undefined, reason: 'it is a FIFO (named pipe), not a regular file' },
    },
    {
      name: '/dev/zero, without reading a byte',
      path: '/dev/zero',
      want: { ok: false, code: undefined, reason: 'it is a character device, not a regular file' },
    },
    {
      name: 'a folder',
      path: dir,
      want: { ok: false, code: undefined, reason: 'it is a folder, not a regular file' },
    },
    { name: 'a missing file', path: join(dir, 'missing.json'), want: { ok: false, code: 'ENOENT' } },
  ]
  for (const { name, path, maxBytes, want } of table) {
    it(`reads ${name} (sync and async alike)`, async () => {
      expect(readRegularFileSync(path, maxBytes)).toMatchObject(want as object)
      expect(await readRegularFile(path, maxBytes)).toMatchObject(want as object)
    })
  }
})

describe('a $ref to something that is not a regular file', () => {
  const spec = join(dir, 'openapi.json')
  writeFileSync(
    spec,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Pipe', version: '1' },
      paths: {},
      components: { schemas: { Piped: { $ref: './pipe.json' } } },
    }),
  )

  it('is refused at once by both loaders, not read until a writer comes (limit: no wait at all)', async () => {
    for (const load of [() => loadSpecFileSync(spec), () => loadSpecFile(spec)]) {
      let got: { code: string; message: string } | undefined
      try {
        await load()
      } catch (error) {
        if (isContractToolError(error)) got = { code: error.code, message: error.message }
      }
      expect(got?.code).toBe(SpecErrorCode.RefFileUnreadable)
      expect(got?.message).toContain(
        `$ref "./pipe.json" points to ${fifo}, which cannot be read (it is a FIFO (named pipe), not a regular file).`,
      )
    }
  })
})
