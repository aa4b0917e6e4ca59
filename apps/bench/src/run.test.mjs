import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const RUN = join(import.meta.dirname, 'run.mjs')

/** Runs the bench with `args`, which must be refused before any case starts. */
function refused(args) {
  try {
    execFileSync(process.execPath, [RUN, ...args], { encoding: 'utf8', stdio: 'pipe', timeout: 30_000 })
  } catch (error) {
    return { status: error.status, stdout: error.stdout, stderr: error.stderr }
  }
  throw new Error(`bench ${args.join(' ')} was not refused`)
}

describe('the bench command line', () => {
  it.each([
    { args: ['--help'], message: "bench: Unknown option '--help'" },
    { args: ['--repeats', 'x'], message: "bench: --repeats must be a positive integer, got 'x'" },
    { args: ['--repeats', '0'], message: "bench: --repeats must be a positive integer, got '0'" },
    { args: ['--only', 'load,nothing'], message: "bench: --only names no scenario 'nothing'" },
  ])('refuses $args with its usage and exit 2, running nothing', ({ args, message }) => {
    const { status, stdout, stderr } = refused(args)
    expect(status).toBe(2)
    expect(stderr).toContain(message)
    expect(stderr).toContain('usage: node src/run.mjs [--smoke]')
    expect(stdout).toBe('')
  })
})
