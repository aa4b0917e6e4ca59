import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { describe, expect, it } from 'vitest'
import { HarnessErrorCode } from './errors.js'

const packageDir = join(import.meta.dirname, '..')
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')

describeErrorCodeTable(packageDir, HarnessErrorCode, 'CONTRACTTOOL_HARNESS_')

describe('README example', () => {
  it('runs as a plain Node script against the built package and prints the coverage report', () => {
    const script = /```js\n(\/\/ contract-run\.mjs[^\n]*\n[\s\S]*?)```/.exec(readme)?.[1]
    if (script === undefined) throw new Error('README has no js block starting with // contract-run.mjs')
    const dir = mkdtempSync(join(tmpdir(), 'contracttool-harness-readme-'))
    try {
      mkdirSync(join(dir, 'openapi'))
      cpSync(fixturePath('petstore-3.1.json'), join(dir, 'openapi', 'petstore.json'))
      mkdirSync(join(dir, 'node_modules', '@contracttool'), { recursive: true })
      symlinkSync(packageDir, join(dir, 'node_modules', '@contracttool', 'harness'), 'dir')
      for (const name of ['express', 'supertest']) {
        symlinkSync(join(packageDir, 'node_modules', name), join(dir, 'node_modules', name), 'dir')
      }
      writeFileSync(join(dir, 'contract-run.mjs'), script)
      const child = spawnSync(process.execPath, ['contract-run.mjs'], {
        cwd: dir,
        env: { PATH: process.env.PATH, NO_COLOR: '1' },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(child.stderr).toBe('')
      expect(child.status).toBe(0)
      expect(child.stdout).toContain('OpenAPI Contract Test Coverage')
      expect(child.stdout).toMatch(/\[petstore\] endpoints: 1\/\d+ fully covered/)
      expect(child.stdout).toContain('GET /health')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
