import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { appendStepSummary } from './append-step-summary.js'
import { writeFileAtomic, writeReport } from './write-file-atomic.js'

const root = mkdtempSync(join(tmpdir(), 'contracttool-write-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('writeFileAtomic', () => {
  it('creates parent directories and replaces the file without leaving temp files', () => {
    const path = join(root, 'a', 'b', 'report.json')
    writeFileAtomic(path, 'first')
    writeFileAtomic(path, 'second')
    expect(readFileSync(path, 'utf8')).toBe('second')
    expect(readdirSync(join(root, 'a', 'b'))).toEqual(['report.json'])
  })

  it.each<{ name: string; setup: () => string; reason: RegExp }>([
    {
      name: 'a parent that is a file',
      setup: () => {
        const file = join(root, 'plain-file')
        writeFileSync(file, 'x')
        return join(file, 'report.json')
      },
      reason: /ENOTDIR|EEXIST/,
    },
    {
      name: 'a directory at the target path',
      setup: () => {
        const dir = join(root, 'is-a-dir')
        mkdirSync(dir, { recursive: true })
        return dir
      },
      reason: /a directory exists at this path/,
    },
  ])('reports $name with a coded error naming the path', ({ setup, reason }) => {
    const path = setup()
    let caught: unknown
    try {
      writeFileAtomic(path, 'x')
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({ code: 'CONTRACTTOOL_COVERAGE_WRITE_FAILED', file: path })
    expect((caught as Error).message).toMatch(new RegExp(`^Cannot write ${path.replaceAll('/', '\\/')}: `))
    expect((caught as Error).message).toMatch(reason)
  })

  it('rejects an empty path', () => {
    expect(() => writeFileAtomic('', 'x')).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_COVERAGE_INVALID_ARGUMENT' }),
    )
  })
})

describe('writeReport', () => {
  it('skips empty reports and writes the others', () => {
    const path = join(root, 'reports', 'coverage.md')
    expect(writeReport(path, '')).toBe(false)
    expect(readdirSync(root)).not.toContain('reports')
    expect(writeReport(path, '# report\n')).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe('# report\n')
  })
})

describe('appendStepSummary', () => {
  it('appends to $GITHUB_STEP_SUMMARY with a separating newline', () => {
    const path = join(root, 'summary.md')
    writeFileSync(path, 'before\n')
    expect(appendStepSummary('## A', { GITHUB_STEP_SUMMARY: path })).toBe(path)
    appendStepSummary('## B', { GITHUB_STEP_SUMMARY: path })
    expect(readFileSync(path, 'utf8')).toBe('before\n## A\n## B\n')
  })

  it('does nothing without the variable or without content', () => {
    expect(appendStepSummary('## A', {})).toBeUndefined()
    expect(appendStepSummary('', { GITHUB_STEP_SUMMARY: join(root, 'never.md') })).toBeUndefined()
    expect(readdirSync(root)).not.toContain('never.md')
  })

  it('reports an unwritable summary path', () => {
    const file = join(root, 'file-parent')
    writeFileSync(file, 'x')
    expect(() => appendStepSummary('## A', { GITHUB_STEP_SUMMARY: join(file, 'summary.md') })).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_COVERAGE_WRITE_FAILED', file: join(file, 'summary.md') }),
    )
  })
})
