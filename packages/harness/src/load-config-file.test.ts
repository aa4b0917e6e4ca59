import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfigFile } from './load-config-file.js'

let dir: string | undefined
const project = (files: Record<string, string>) => {
  dir = mkdtempSync(join(tmpdir(), 'contracttool-config-'))
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)
  return dir
}
const importModule = (path: string) => import(path)

afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

describe('loadConfigFile', () => {
  it('returns undefined when the project has no config file', async () => {
    expect(await loadConfigFile(project({}), importModule)).toBeUndefined()
  })

  it('reads JSON, and prefers .mjs over .json', async () => {
    expect(
      await loadConfigFile(project({ 'contracttool.config.json': '{"specs":["a"]}' }), importModule),
    ).toEqual({
      source: 'contracttool.config.json',
      values: { specs: ['a'] },
    })
    const both = project({
      'contracttool.config.json': '{}',
      'contracttool.config.mjs': 'export default { specs: ["m"] }',
    })
    expect(await loadConfigFile(both, importModule)).toEqual({
      source: 'contracttool.config.mjs',
      values: { specs: ['m'] },
    })
  })

  it.each([
    [
      'malformed JSON',
      { 'contracttool.config.json': '{ specs: ' },
      /contracttool.config.json cannot be read as JSON/,
    ],
    [
      'a module without a default export',
      { 'contracttool.config.mjs': 'export const specs = []' },
      /must `export default` an object of options, got undefined/,
    ],
    [
      'a module that throws',
      { 'contracttool.config.mjs': 'throw new Error("boom")' },
      /contracttool.config.mjs failed to load: boom/,
    ],
  ])('stops with CONTRACTTOOL_HARNESS_CONFIG_FILE_INVALID on %s', async (_name, files, message) => {
    const load = loadConfigFile(project(files), importModule)
    await expect(load).rejects.toThrow(message)
    await expect(loadConfigFile(dir!, importModule)).rejects.toMatchObject({
      code: 'CONTRACTTOOL_HARNESS_CONFIG_FILE_INVALID',
    })
  })
})
