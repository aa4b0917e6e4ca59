import { execFileSync, spawn } from 'node:child_process'
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
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

  it('writes the same way without the flush (flush: false), mode included', () => {
    const path = join(root, 'unflushed', 'envelope.json')
    writeFileAtomic(path, 'first', { flush: false, mode: 0o600 })
    writeFileAtomic(path, 'second', { flush: false, mode: 0o600 })
    expect(readFileSync(path, 'utf8')).toBe('second')
    expect(readdirSync(join(root, 'unflushed'))).toEqual(['envelope.json'])
    expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it.each<{ name: string; setup: () => string; reason: RegExp }>([
    {
      name: 'a parent that is a file',
      setup: () => {
        const file = join(root, 'plain-file')
        writeFileSync(file, 'x')
        return join(file, 'report.json')
      },
      reason: /plain-file is a file, not a folder$/,
    },
    {
      // A character device that is always full: the write fails with ENOSPC, which the message says once.
      name: 'a full device',
      setup: () => '/dev/full',
      reason: /: ENOSPC: no space left on device, write$/,
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

  it('follows a symlink: the target is replaced, the link is kept', () => {
    const dir = join(root, 'linked')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'real.json'), 'old')
    symlinkSync('real.json', join(dir, 'link.json'))
    writeFileAtomic(join(dir, 'link.json'), 'new')
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true)
    expect(readlinkSync(join(dir, 'link.json'))).toBe('real.json')
    expect(readFileSync(join(dir, 'real.json'), 'utf8')).toBe('new')
    expect(readdirSync(dir).sort()).toEqual(['link.json', 'real.json'])
  })

  it('refuses a dangling symlink with a coded error, leaving it in place', () => {
    const link = join(root, 'dangling.json')
    symlinkSync(join(root, 'missing', 'target.json'), link)
    expect(() => writeFileAtomic(link, 'x')).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_COVERAGE_WRITE_FAILED',
        message: `Cannot write ${link}: a symlink whose target cannot be reached (ENOENT)`,
      }),
    )
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
  })

  it('writes through to a character device and never renames over it', () => {
    writeFileAtomic('/dev/null', 'discarded')
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true)
  })

  it('refuses a FIFO that nobody reads at once, instead of blocking, and keeps it', () => {
    const fifo = join(root, 'nobody.fifo')
    execFileSync('mkfifo', [fifo])
    expect(() => writeFileAtomic(fifo, 'x')).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_COVERAGE_WRITE_FAILED',
        message: `Cannot write ${fifo}: a FIFO that nobody reads`,
      }),
    )
    expect(statSync(fifo).isFIFO()).toBe(true)
  })

  it('writes through to a FIFO its reader drains, past the pipe buffer', { timeout: 20_000 }, async () => {
    const fifo = join(root, 'read.fifo')
    execFileSync('mkfifo', [fifo])
    // The reader copies to a file, so it never waits for this (blocked) process to read its output.
    const out = join(root, 'read.out')
    const reader = spawn('sh', ['-c', 'cat "$0" > "$1"', fifo, out])
    const done = new Promise((resolve) => reader.on('close', resolve))
    const content = 'x'.repeat(1_000_000)
    // `cat` opens the FIFO shortly after it starts: until then there is no reader.
    for (let attempt = 0; ; attempt++) {
      try {
        writeFileAtomic(fifo, content)
        break
      } catch (error) {
        if (attempt > 500) throw error
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }
    await done
    expect(readFileSync(out, 'utf8')).toBe(content)
    expect(statSync(fifo).isFIFO()).toBe(true)
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
