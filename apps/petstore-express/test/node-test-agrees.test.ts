import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The app's contract suite through Vitest (src/pets.test.ts, src/health.test.ts) and through node:test
 * (node-test/*.test.mjs, the same calls), both reading contracttool.config.json: the same coverage JSON but
 * for its timestamp, and the same console report. Then node:test in two shards, merged by
 * `contracttool coverage:merge`: the same again.
 */

const APP = resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)
const VITEST = join(APP, 'node_modules/vitest/vitest.mjs')
const CONTRACTTOOL = join(APP, 'node_modules/contracttool/bin/contracttool.js')
const NODE_TEST = [
  '--import',
  '@contracttool/node-test/register',
  '--test-reporter=@contracttool/node-test/reporter',
  '--test',
  'node-test/health.test.mjs',
  'node-test/pets.test.mjs',
]
const VITEST_CONFIG = `import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [contractTesting()],
  test: { name: 'petstore-express', include: ['src/pets.test.ts', 'src/health.test.ts'] },
})
`

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

function run(cwd: string, args: readonly string[]): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', CI: 'true' },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', fail)
    child.on('close', (code) => done({ code, stdout, stderr }))
  })
}

/** The coverage report's lines: from its title through the last endpoint row. */
function coverageReport(stdout: string): string {
  const lines = stdout.split('\n')
  const start = lines.indexOf('OpenAPI Contract Test Coverage')
  const legend = lines.findIndex((line, i) => i > start && line.startsWith('Legend:'))
  let end = legend + 1
  while (end < lines.length && lines[end]?.startsWith('  ')) end++
  return start === -1 || legend === -1 ? '' : lines.slice(start, end).join('\n')
}

/** A coverage JSON with its timestamp blanked. */
function coverageJson(path: string): string {
  return readFileSync(path, 'utf8').replace(/"generated_at": ?"[^"]*"/, '"generated_at":""')
}

describe('the same suite under Vitest and node:test', () => {
  let dir: string
  const runs: Record<'vitest' | 'node' | 'shard1' | 'shard2' | 'merge', Run> = {} as never

  beforeAll(async () => {
    if (!existsSync(join(APP, 'dist/app.js'))) {
      throw new Error(
        'Missing build output: dist/app.js. Build the app first: pnpm --filter @contracttool/demo-petstore-express build',
      )
    }
    require.resolve('@contracttool/node-test/register')
    mkdirSync(join(APP, '.runs'), { recursive: true })
    dir = mkdtempSync(join(APP, '.runs', 'agree-'))
    for (const part of ['src', 'openapi', 'node-test', 'dist', 'contracttool.config.json']) {
      cpSync(join(APP, part), join(dir, part), { recursive: true })
    }
    writeFileSync(join(dir, 'vitest.agree.config.ts'), VITEST_CONFIG)
    const keep = (name: string) =>
      renameSync(join(dir, 'reports/coverage.json'), join(dir, `reports/${name}.json`))
    runs.vitest = await run(dir, [VITEST, 'run', '--config', 'vitest.agree.config.ts'])
    keep('vitest')
    runs.node = await run(dir, NODE_TEST)
    keep('node')
    runs.shard1 = await run(dir, ['--test-shard=1/2', ...NODE_TEST])
    runs.shard2 = await run(dir, ['--test-shard=2/2', ...NODE_TEST])
    runs.merge = await run(dir, [CONTRACTTOOL, 'coverage:merge', '--json-output=reports/merge.json'])
  })

  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  })

  it('runs green under every runner', () => {
    for (const [name, { code, stderr }] of Object.entries(runs))
      expect(`${name}: ${code}`, stderr).toBe(`${name}: 0`)
    for (const shard of [runs.shard1, runs.shard2]) {
      expect(shard.stderr).toContain("[OpenAPI Coverage] NOTE: wrote this run's observations to")
    }
  })

  it('writes the same coverage JSON, but for its timestamp', () => {
    const vitest = coverageJson(join(dir, 'reports/vitest.json'))
    expect(vitest).toContain('"schema_version": 3')
    expect(coverageJson(join(dir, 'reports/node.json'))).toBe(vitest)
    expect(coverageJson(join(dir, 'reports/merge.json'))).toBe(vitest)
  })

  it('prints the same console report', () => {
    const vitest = coverageReport(runs.vitest.stdout)
    expect(vitest).toContain('[petstore] endpoints: 6/7 fully covered')
    expect(coverageReport(runs.node.stdout)).toBe(vitest)
    expect(coverageReport(runs.merge.stdout)).toBe(vitest)
  })
})
