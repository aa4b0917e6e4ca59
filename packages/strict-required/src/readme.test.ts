import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { describe, expect, it } from 'vitest'
import { specWithResponse, successResult } from './build-test-spec.test-kit.js'
import { evaluateStrictAdditionalProperties, evaluateStrictRequired } from './evaluate-strict.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'
import { StrictAdditionalPropertiesTracker, StrictRequiredTracker } from './strict-tracker.js'

const packageDir = join(import.meta.dirname, '..')
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')

describeErrorCodeTable(packageDir, StrictRequiredErrorCode, {
  prefixes: ['CONTRACTTOOL_'],
  codesName: 'StrictRequiredErrorCode',
})

/** The fenced `text` blocks of the README, in order. */
function textBlocks(): string[] {
  return [...readme.matchAll(/```text\n([\s\S]*?)\n```/g)].map((match) => match[1] as string)
}

describe('README examples', () => {
  it('shows the block the first example really prints', () => {
    const spec = specWithResponse(
      { type: 'object', required: ['id', 'status'], properties: { id: {}, status: {}, note: {} } },
      { path: '/orders/{id}', name: 'orders' },
    )
    const tracker = new StrictRequiredTracker()
    const result = successResult({ specName: 'orders', matchedPath: '/orders/{id}' })
    tracker.record(result, { id: 1, status: 'open', note: 'gift' })
    tracker.record(result, { id: 2, status: 'paid', note: '' })
    expect(evaluateStrictRequired([spec], tracker, 'warn').message).toBe(textBlocks()[0])
  })

  it('shows the block strict additional properties really prints', () => {
    const line = { type: 'object', properties: { sku: {} } }
    const spec = specWithResponse(
      { type: 'object', properties: { items: { type: 'array', items: line } } },
      { path: '/orders', name: 'orders' },
    )
    const tracker = new StrictAdditionalPropertiesTracker()
    const result = successResult({ specName: 'orders', matchedPath: '/orders' })
    for (let i = 0; i < 3; i++) tracker.record(spec, result, { items: [{ sku: 'a', internal_score: i }] })
    expect(evaluateStrictAdditionalProperties([spec], tracker, 'warn').message).toBe(textBlocks()[1])
  })
})

/** The fenced `ts` block of the README that starts with `// <file>`. */
function codeBlock(file: string): string {
  const match = readme.match(
    new RegExp(`\`\`\`ts\n(// ${file.replaceAll('.', '\\.')}[^\n]*\n[\\s\\S]*?)\`\`\``),
  )
  if (match?.[1] === undefined) throw new Error(`README has no ts block starting with // ${file}`)
  return match[1]
}

const childTests = `import { expect, it } from 'vitest'

it('raises a per-call warning', () => {
  process.emitWarning('[OpenAPI Strict Required per-call] WARN: GET /pets  200  application/json: drift', 'ContractToolWarning')
  expect(1).toBe(1)
})

it('raises nothing', () => {
  expect(1).toBe(1)
})

it('raises another kind of warning', () => {
  process.emitWarning('unrelated', 'OtherWarning')
})
`

interface JsonReport {
  readonly testResults: readonly {
    readonly assertionResults: readonly {
      readonly title: string
      readonly status: string
      readonly failureMessages: readonly string[]
    }[]
  }[]
}

describe('README per-call recipe', () => {
  it('fails exactly the Vitest test that raised a ContractToolWarning, in a real Vitest run', {
    timeout: 120_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'contracttool-recipe-'))
    try {
      const vitestDir = dirname(createRequire(import.meta.url).resolve('vitest/package.json'))
      mkdirSync(join(dir, 'node_modules'))
      symlinkSync(vitestDir, join(dir, 'node_modules', 'vitest'), 'dir')
      writeFileSync(join(dir, 'vitest.setup.ts'), codeBlock('vitest.setup.ts'))
      writeFileSync(join(dir, 'vitest.config.ts'), codeBlock('vitest.config.ts'))
      writeFileSync(join(dir, 'recipe.test.ts'), childTests)
      // The child must not believe it runs inside this Vitest worker.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_OPTIONS'),
      )
      const child = spawnSync(
        process.execPath,
        [join(vitestDir, 'vitest.mjs'), 'run', '--reporter=json', '--outputFile=report.json'],
        { cwd: dir, env: { ...env, CI: '1', FORCE_COLOR: '0' }, encoding: 'utf8', timeout: 110_000 },
      )
      expect(child.status, child.stderr).toBe(1)
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as JsonReport
      const outcomes = report.testResults.flatMap((file) =>
        file.assertionResults.map((test) => ({
          title: test.title,
          status: test.status,
          failedWith: test.failureMessages.join('').split('\n')[0],
        })),
      )
      expect(outcomes).toEqual([
        {
          title: 'raises a per-call warning',
          status: 'failed',
          failedWith:
            'Error: [OpenAPI Strict Required per-call] WARN: GET /pets  200  application/json: drift',
        },
        { title: 'raises nothing', status: 'passed', failedWith: '' },
        { title: 'raises another kind of warning', status: 'passed', failedWith: '' },
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
