import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const COMPARE = join(import.meta.dirname, 'compare.mjs')
const worktrees = () => execFileSync('git', ['worktree', 'list', '--porcelain'], { encoding: 'utf8' })

/** Runs bench:compare with `args`, which must be refused before anything is checked out or built. */
function refused(args) {
  try {
    execFileSync(process.execPath, [COMPARE, ...args], { encoding: 'utf8', stdio: 'pipe', timeout: 30_000 })
  } catch (error) {
    return { status: error.status, stdout: error.stdout, stderr: error.stderr }
  }
  throw new Error(`bench:compare ${args.join(' ')} was not refused`)
}

describe('the bench:compare command line', () => {
  it.each([
    {
      args: ['--rounds', '3'],
      message: "bench:compare: --rounds must be an integer of at least 5 (fewer give no 95% bounds), got '3'",
    },
    { args: ['--quick'], message: "bench:compare: Unknown option '--quick'" },
    {
      args: ['no-such-commit-anywhere'],
      message: "bench:compare: 'no-such-commit-anywhere' names no commit of this repository",
    },
  ])('refuses $args with its usage and exit 2, checking out nothing', ({ args, message }) => {
    const before = worktrees()
    const { status, stdout, stderr } = refused(args)
    expect(status).toBe(2)
    expect(stderr).toContain(message)
    expect(stderr).toContain('usage: node src/compare.mjs [<commit>] [--rounds N]')
    expect(stdout).toBe('')
    expect(worktrees()).toBe(before)
  })
})
