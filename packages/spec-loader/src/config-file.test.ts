import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CONFIG_FILE_NAMES, readConfigFile } from './config-file.js'
import { SpecErrorCode } from './errors.js'
import { findSpecFile } from './load-spec.js'

let dir: string | undefined
const project = (files: Record<string, string>) => {
  dir = mkdtempSync(join(tmpdir(), 'contracttool-config-'))
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), content)
  }
  return dir
}

afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('readConfigFile', () => {
  it('returns undefined when the project has no config file', async () => {
    expect(await readConfigFile(project({ 'package.json': '{}' }))).toBeUndefined()
  })

  it('reads JSON, and modules through Node by default', async () => {
    expect(await readConfigFile(project({ 'contracttool.config.json': '{"specs":["a"]}' }))).toEqual({
      source: 'contracttool.config.json',
      values: { specs: ['a'] },
    })
    expect(
      await readConfigFile(project({ 'contracttool.config.js': 'export default { specBasePath: "api" }' })),
    ).toEqual({ source: 'contracttool.config.js', values: { specBasePath: 'api' } })
  })

  it('takes the first file in CONFIG_FILE_NAMES order', async () => {
    expect(CONFIG_FILE_NAMES).toEqual([
      'contracttool.config.ts',
      'contracttool.config.js',
      'contracttool.config.mjs',
      'contracttool.config.json',
    ])
    const root = project({
      'contracttool.config.json': '{"specs":["json"]}',
      'contracttool.config.mjs': 'export default { specs: ["mjs"] }',
    })
    expect((await readConfigFile(root))?.source).toBe('contracttool.config.mjs')
  })

  it('imports through the given importModule', async () => {
    const seen: string[] = []
    const root = project({ 'contracttool.config.ts': 'export default { specs: [] as string[] }' })
    const config = await readConfigFile(root, {
      importModule: async (path) => {
        seen.push(path)
        return { default: { specs: ['from-runner'] } }
      },
    })
    expect(seen).toEqual([join(root, 'contracttool.config.ts')])
    expect(config).toEqual({ source: 'contracttool.config.ts', values: { specs: ['from-runner'] } })
  })

  it.each([
    [
      'malformed JSON',
      { 'contracttool.config.json': '{ specs: ' },
      /^contracttool.config.json cannot be read as JSON: /,
    ],
    [
      'JSON that is not an object',
      { 'contracttool.config.json': '["petstore"]' },
      /^contracttool.config.json must hold an object of options, got list\.$/,
    ],
    [
      'a module without a default export',
      { 'contracttool.config.mjs': 'export const specs = []' },
      /^contracttool.config.mjs must `export default` an object of options, got undefined\.$/,
    ],
    [
      'a module exporting a list',
      { 'contracttool.config.mjs': 'export default ["petstore"]' },
      /got list\.$/,
    ],
    [
      'a module that throws',
      { 'contracttool.config.mjs': 'throw new Error("boom")' },
      /^contracttool.config.mjs failed to load: boom\.$/,
    ],
  ])('refuses %s with CONTRACTTOOL_CONFIG_FILE_INVALID, naming the file', async (_name, files, message) => {
    const root = project(files)
    const failure = await readConfigFile(root).catch((error: unknown) => error)
    expect(failure).toMatchObject({
      code: SpecErrorCode.ConfigFileInvalid,
      message: expect.stringMatching(message),
    })
    expect((failure as { file: string }).file).toMatch(/^contracttool\.config\.(json|mjs)$/)
  })

  it('explains a TypeScript config Node cannot import', async () => {
    const root = project({ 'contracttool.config.ts': 'export default { specs: [] }' })
    const unknownExtension = Object.assign(new TypeError('Unknown file extension ".ts"'), {
      code: 'ERR_UNKNOWN_FILE_EXTENSION',
    })
    await expect(
      readConfigFile(root, { importModule: () => Promise.reject(unknownExtension) }),
    ).rejects.toMatchObject({
      code: SpecErrorCode.ConfigFileInvalid,
      message: expect.stringMatching(
        /^contracttool\.config\.ts cannot be loaded: Node v\d+\.\d+\.\d+ does not run TypeScript by itself .*rename it to contracttool\.config\.mjs or \.json\.$/,
      ),
    })
  })
})

describe('findSpecFile', () => {
  it('names the file loadSpec reads: .json before .yaml before .yml', () => {
    const root = project({ 'openapi/a.yaml': 'openapi: 3.1.0', 'openapi/a.yml': '', 'openapi/b.yml': '' })
    expect(findSpecFile('a', { basePath: join(root, 'openapi') })).toBe(join(root, 'openapi', 'a.yaml'))
    expect(findSpecFile('b', { basePath: join(root, 'openapi') })).toBe(join(root, 'openapi', 'b.yml'))
  })

  it('refuses what loadSpec refuses', () => {
    const root = project({ 'openapi/a.json': '{}', 'secret.json': '{}' })
    for (const name of ['missing', '../secret']) {
      expect(() => findSpecFile(name, { basePath: join(root, 'openapi') })).toThrow(
        expect.objectContaining({ code: SpecErrorCode.SpecNotFound }),
      )
    }
  })
})
