import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { preloadRunSpecs } from '@contracttool/harness'
import { afterAll, describe, expect, it } from 'vitest'
import { jestChecks } from './jest-checks.js'

const dir = mkdtempSync(join(tmpdir(), 'contracttool-jest-checks-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('jestChecks.readSpecCache', () => {
  it("gives every test file of a worker the same spec of a run's cache file, and a new run's spec after it", async () => {
    writeFileSync(
      join(dir, 'pets.json'),
      JSON.stringify({ openapi: '3.1.0', info: { title: 'pets', version: '1' }, paths: {} }),
    )
    const options = { specBasePath: dir, specs: ['pets'] }
    const first = (await preloadRunSpecs(options, join(dir, 'run-1'))).specCache.pets
    const second = (await preloadRunSpecs(options, join(dir, 'run-2'))).specCache.pets
    if (first === undefined || second === undefined) throw new Error('no spec cache was written')

    const spec = jestChecks.readSpecCache(first, 'pets')
    expect(spec?.name).toBe('pets')
    expect(jestChecks.readSpecCache(first, 'pets')).toBe(spec)
    const next = jestChecks.readSpecCache(second, 'pets')
    expect(next?.name).toBe('pets')
    expect(next).not.toBe(spec)
    expect(jestChecks.readSpecCache(second, 'pets')).toBe(next)
  })

  it('gives the spec read again when a later run finds its files changed, in the same cache folder', async () => {
    const file = join(dir, 'shop.json')
    const write = (version: string, seconds: number) => {
      writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'shop', version }, paths: {} }))
      utimesSync(file, seconds, seconds)
    }
    const options = { specBasePath: dir, specs: ['shop'] }
    const infoVersion = (entry: Parameters<typeof jestChecks.readSpecCache>[0]) =>
      (jestChecks.readSpecCache(entry, 'shop')?.document as { info?: { version?: string } } | undefined)?.info
        ?.version
    write('1', 1_000_000)
    const first = (await preloadRunSpecs(options, join(dir, 'kept'))).specCache.shop
    if (first === undefined) throw new Error('no spec cache was written')
    expect(infoVersion(first)).toBe('1')
    write('2', 2_000_000)
    const second = (await preloadRunSpecs(options, join(dir, 'kept'))).specCache.shop
    if (second === undefined) throw new Error('no spec cache was written')
    expect(second.file).toBe(first.file)
    expect(infoVersion(second)).toBe('2')
  })
})
