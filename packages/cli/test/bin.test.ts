import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { describe, expect, it } from 'vitest'
import { tempDir } from './temp-dir.test-kit.js'

const cliDir = resolve(import.meta.dirname, '..')
const { bin: bins } = JSON.parse(readFileSync(join(cliDir, 'package.json'), 'utf8')) as {
  bin: { contracttool: string }
}
const bin = join(cliDir, bins.contracttool)
const built = join(cliDir, 'dist/cli.js')
/** The packages a published `contracttool` pulls from this workspace. */
const WORKSPACE_PACKAGES = [
  'cli',
  'spec-loader',
  'matcher',
  'validator',
  'coverage',
  'strict-required',
  'stubgen',
  'harness',
  'exchange',
  'pattern',
  'kernel',
]

function run(file: string, args: readonly string[], cwd = cliDir) {
  const result = spawnSync(process.execPath, [file, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('the built bin', () => {
  it('exists (turbo builds it before these tests; run `pnpm turbo run build --filter=contracttool...` otherwise)', () => {
    expect(existsSync(built)).toBe(true)
  })

  it('starts with a shebang and prints help and version without colour when piped', () => {
    expect(execFileSync('head', ['-c', '20', bin], { encoding: 'utf8' })).toBe('#!/usr/bin/env node\n')
    const help = run(bin, ['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('contracttool doctor')
    expect(help.stdout).not.toContain('\u001b[')
    expect(run(bin, ['--version']).stdout).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('runs doctor on a fixture and exits 0', () => {
    const result = run(bin, ['doctor', `--spec=${fixturePath('petstore-3.1.json')}`])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Verdict: COMPATIBLE')
  })

  it('exits 2 with the message on stderr for a usage error', () => {
    const result = run(bin, ['stubs'])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      '[contracttool] --spec=<path> is required (or a contracttool.config.* naming specBasePath and specs).',
    )
  })
})

describe('the built bin with contracttool.config.*', () => {
  /** A project whose config (written as `file`) names `openapi/petstore.json`. */
  function project(file: string, content: string): string {
    const cwd = tempDir()
    mkdirSync(join(cwd, 'openapi'))
    copyFileSync(fixturePath('petstore-3.1.json'), join(cwd, 'openapi/petstore.json'))
    writeFileSync(join(cwd, file), content)
    return cwd
  }

  it('imports an .mjs config with Node itself', () => {
    const cwd = project(
      'contracttool.config.mjs',
      "export default { specBasePath: 'openapi', specs: ['petstore'] }\n",
    )
    const result = run(bin, ['doctor'], cwd)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('openapi/petstore.json (OpenAPI 3.1.0')
  })

  it('loads a TypeScript config where Node strips types, and says why not elsewhere', () => {
    const cwd = project(
      'contracttool.config.ts',
      "const specs: string[] = ['petstore']\nexport default { specBasePath: 'openapi', specs }\n",
    )
    const result = run(bin, ['doctor'], cwd)
    // `process.features.typescript` is set (to 'strip' or 'transform') where Node runs .ts files itself.
    if ((process.features as { typescript?: unknown }).typescript) {
      expect(result.code).toBe(0)
      expect(result.stdout).toContain('openapi/petstore.json (OpenAPI 3.1.0')
    } else {
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(
        // The harness's words, as every runner prints them.
        `FATAL: [contracttool] contracttool.config.ts cannot be loaded: Node ${process.version} does not run TypeScript by itself (Node 22.18 and later do); rename it to contracttool.config.mjs or .json. Fix the file or remove it; the runner's own options can carry the same keys.\n`,
      )
    }
  })
})

describe('a packed install', () => {
  it('runs `contracttool doctor` from tarballs installed with npm, as `pnpm dlx contracttool` would', () => {
    const packs = tempDir('contracttool-pack-')
    for (const name of WORKSPACE_PACKAGES) {
      execFileSync('pnpm', ['pack', '--pack-destination', packs], {
        cwd: resolve(cliDir, '..', name),
        stdio: 'ignore',
      })
    }
    const tarballs = readdirSync(packs).filter((file) => file.endsWith('.tgz'))
    expect(tarballs).toHaveLength(WORKSPACE_PACKAGES.length)
    const project = join(packs, 'project')
    mkdirSync(project)
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'contracttool-smoke', private: true }),
    )
    // Third-party dependencies come from the registry; every @contracttool package comes from a tarball.
    execFileSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--loglevel=error',
        ...tarballs.map((t) => join(packs, t)),
      ],
      { cwd: project, stdio: 'ignore' },
    )
    const result = spawnSync(
      join(project, 'node_modules/.bin/contracttool'),
      ['doctor', `--spec=${fixturePath('petstore-3.1.json')}`],
      {
        cwd: project,
        encoding: 'utf8',
      },
    )
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('petstore-3.1.json (OpenAPI 3.1.0, 8 operations, 16 responses)')
  }, 180_000)
})
