import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { specsDir } from '@contracttool/fixtures'
import { isContractToolError } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { SpecErrorCode } from './errors.js'
import type { LoadSpecOptions } from './load-options.js'
import { loadSpec, loadSpecSync } from './load-spec.js'

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'contracttool-spec-loader-'))
}

function minimal(title: string): string {
  return JSON.stringify({ openapi: '3.1.0', info: { title, version: '1' }, paths: {} })
}

function syncFailure(run: () => unknown): { code: string; message: string } {
  try {
    run()
  } catch (error) {
    if (!isContractToolError(error)) throw error
    return { code: error.code, message: error.message }
  }
  throw new Error('expected the load to fail')
}

describe('loadSpec finds the file by name', () => {
  it('prefers .json over .yaml over .yml', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'both.yaml'), 'openapi: 3.1.0\ninfo: {title: yaml, version: "1"}\npaths: {}\n')
    writeFileSync(join(dir, 'both.yml'), 'openapi: 3.1.0\ninfo: {title: yml, version: "1"}\npaths: {}\n')
    writeFileSync(join(dir, 'only.yml'), 'openapi: 3.1.0\ninfo: {title: only yml, version: "1"}\npaths: {}\n')
    const table = [
      { name: 'shadow', basePath: specsDir, want: 'shadow (json)' },
      { name: 'both', basePath: dir, want: 'yaml' },
      { name: 'only', basePath: dir, want: 'only yml' },
    ]
    for (const { name, basePath, want } of table) {
      const spec = await loadSpec(name, { basePath })
      expect(spec.document.info).toMatchObject({ title: want })
      expect(loadSpecSync(name, { basePath }).document.info).toMatchObject({ title: want })
    }
  })

  it('accepts names in subfolders and bundles their refs against the base path', async () => {
    const spec = await loadSpec('multi-file/openapi', { basePath: specsDir })
    expect(spec.name).toBe('multi-file/openapi')
    expect(Object.keys(spec.document['x-contracttool-external'] ?? {})).toContain(
      'multi-file/schemas/pet.yaml',
    )
  })

  it('answers names that could leave the base path exactly like a missing spec', async () => {
    const given = [
      '../fixtures/specs/shadow',
      'a/../../shadow',
      '/etc/passwd',
      'C:/Windows/win',
      'sha\0dow',
      '',
    ]
    for (const name of given) {
      const got = syncFailure(() => loadSpecSync(name, { basePath: specsDir }))
      expect(got.code).toBe(SpecErrorCode.SpecNotFound)
      expect(got.message).toContain('(tried extensions: .json, .yaml, .yml)')
      await expect(loadSpec(name, { basePath: specsDir })).rejects.toMatchObject({
        code: SpecErrorCode.SpecNotFound,
      })
    }
  })

  it('says which file it looked for and hints at names given with an extension', () => {
    const dir = tempDir()
    const messages = ['petstore', 'petstore.yaml'].map((name) =>
      syncFailure(() => loadSpecSync(name, { basePath: dir })).message.replaceAll(dir, '<base>'),
    )
    expect(messages).toMatchInlineSnapshot(`
      [
        "OpenAPI spec not found: <base>/petstore (tried extensions: .json, .yaml, .yml). Place "petstore.json", .yaml or .yml in the base path, or check specBasePath.",
        "OpenAPI spec not found: <base>/petstore.yaml (tried extensions: .json, .yaml, .yml). Spec names are given without extension: try "petstore".",
      ]
    `)
  })

  it('refuses a spec whose real path leaves the base path through a symbolic link', async () => {
    const outside = tempDir()
    writeFileSync(join(outside, 'secret.json'), minimal('outside'))
    const base = tempDir()
    symlinkSync(join(outside, 'secret.json'), join(base, 'linked.json'))
    const got = syncFailure(() => loadSpecSync('linked', { basePath: base }))
    expect(got.code).toBe(SpecErrorCode.SpecNotFound)
    expect(got.message).toContain('resolves outside the base path (symbolic link) and was refused')
    await expect(loadSpec('linked', { basePath: base })).rejects.toMatchObject({
      code: SpecErrorCode.SpecNotFound,
    })
  })

  it('follows a symbolic link that stays inside the base path', async () => {
    const base = tempDir()
    mkdirSync(join(base, 'real'))
    writeFileSync(join(base, 'real', 'api.json'), minimal('inside'))
    symlinkSync(join(base, 'real', 'api.json'), join(base, 'api.json'))
    const spec = await loadSpec('api', { basePath: base })
    expect(spec.document.info).toMatchObject({ title: 'inside' })
    expect(spec.sourcePath).toBe(join(base, 'api.json'))
  })

  it('skips a folder named like a spec', async () => {
    const base = tempDir()
    mkdirSync(join(base, 'api.json'))
    writeFileSync(join(base, 'api.yaml'), 'openapi: 3.0.3\ninfo: {title: yaml, version: "1"}\npaths: {}\n')
    expect((await loadSpec('api', { basePath: base })).version).toBe('3.0')
  })
})

describe('loadSpec checks its options', () => {
  const table: { given: unknown; code: string }[] = [
    { given: undefined, code: SpecErrorCode.BasePathNotConfigured },
    { given: {}, code: SpecErrorCode.BasePathNotConfigured },
    { given: { basePath: '' }, code: SpecErrorCode.BasePathNotConfigured },
    { given: { basePath: '   ' }, code: SpecErrorCode.BasePathNotConfigured },
    { given: { basePath: 42 }, code: SpecErrorCode.BasePathNotConfigured },
    { given: { basePath: '/nonexistent/contracttool' }, code: SpecErrorCode.SpecNotFound },
    {
      given: { basePath: specsDir, remoteRefs: { allowedHosts: ['https://x.test'] } },
      code: SpecErrorCode.InvalidOption,
    },
  ]
  for (const { given, code } of table) {
    it(`${JSON.stringify(given)} → ${code}`, async () => {
      const options = given as LoadSpecOptions
      expect(syncFailure(() => loadSpecSync('shadow', options)).code).toBe(code)
      await expect(loadSpec('shadow', options)).rejects.toMatchObject({ code })
    })
  }

  it('explains an unset base path', () => {
    expect(syncFailure(() => loadSpecSync('shadow', { basePath: '' })).message).toMatchInlineSnapshot(
      `"spec base path not configured: expected options.basePath (specBasePath in the runner's options or contracttool.config.*) to name the folder holding the specs, received ""."`,
    )
  })

  it('refuses a non-string name as misuse', () => {
    expect(syncFailure(() => loadSpecSync(7 as unknown as string, { basePath: specsDir })).code).toBe(
      SpecErrorCode.InvalidOption,
    )
  })
})
