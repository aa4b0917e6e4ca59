import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { specsDir } from '@contracttool/fixtures'
import { isContractToolError } from '@contracttool/kernel'
import { afterAll, describe, expect, it } from 'vitest'
import { SpecErrorCode } from './errors.js'
import type { LoadSpecOptions } from './load-options.js'
import { SpecRegistry } from './spec-registry.js'

const dir = mkdtempSync(join(tmpdir(), 'contracttool-registry-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(title: string): void {
  writeFileSync(
    join(dir, 'api.json'),
    JSON.stringify({ openapi: '3.1.0', info: { title, version: '1' }, paths: {} }),
  )
}

describe('SpecRegistry', () => {
  it('loads once and serves the same object from get and load', async () => {
    const registry = new SpecRegistry({ basePath: specsDir })
    expect(registry.has('petstore-3.1')).toBe(false)
    const first = registry.get('petstore-3.1')
    expect(registry.has('petstore-3.1')).toBe(true)
    expect(registry.get('petstore-3.1')).toBe(first)
    expect(await registry.load('petstore-3.1')).toBe(first)
    expect(registry.basePath).toBe(specsDir)
  })

  it('shares one load between concurrent callers', async () => {
    const registry = new SpecRegistry({ basePath: specsDir })
    const [a, b] = await Promise.all([registry.load('petstore-3.0'), registry.load('petstore-3.0')])
    expect(a).toBe(b)
    expect(registry.get('petstore-3.0')).toBe(a)
  })

  it('reads the file again after clear()', async () => {
    write('before')
    const registry = new SpecRegistry({ basePath: dir })
    expect(registry.get('api').document.info).toMatchObject({ title: 'before' })
    write('after')
    expect(registry.get('api').document.info).toMatchObject({ title: 'before' })
    registry.clear()
    expect(registry.has('api')).toBe(false)
    expect((await registry.load('api')).document.info).toMatchObject({ title: 'after' })
  })

  it('does not keep a load that finishes after clear()', async () => {
    write('stale')
    const registry = new SpecRegistry({ basePath: dir })
    const loading = registry.load('api')
    registry.clear()
    await loading
    expect(registry.has('api')).toBe(false)
  })

  it('does not cache failures', async () => {
    const registry = new SpecRegistry({ basePath: dir })
    await expect(registry.load('later')).rejects.toMatchObject({ code: SpecErrorCode.SpecNotFound })
    writeFileSync(join(dir, 'later.yaml'), 'openapi: 3.2.0\ninfo: {title: later, version: "1"}\npaths: {}\n')
    expect((await registry.load('later')).version).toBe('3.2')
  })

  it('checks its options when created', () => {
    const table: { given: unknown; code: string }[] = [
      { given: {}, code: SpecErrorCode.BasePathNotConfigured },
      { given: { basePath: '' }, code: SpecErrorCode.BasePathNotConfigured },
      {
        given: { basePath: dir, remoteRefs: { allowedHosts: ['http://x'] } },
        code: SpecErrorCode.InvalidOption,
      },
    ]
    for (const { given, code } of table) {
      let got: string | undefined
      try {
        new SpecRegistry(given as LoadSpecOptions)
      } catch (error) {
        got = isContractToolError(error) ? error.code : 'not a ContractToolError'
      }
      expect(got).toBe(code)
    }
  })
})
