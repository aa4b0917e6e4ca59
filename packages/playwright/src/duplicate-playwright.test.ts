import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const PACKAGE = resolve(import.meta.dirname, '..')

describe('a second copy of @playwright/test', () => {
  // Playwright marks the process its copy runs in; loading another copy in it is what two installed
  // versions lead to. The built entry is loaded as a user's test file loads it.
  it.each(['index.cjs', 'index.js'])('is named, with what to do, when %s loads it', (entry) => {
    const file = join(PACKAGE, 'dist', entry)
    expect(existsSync(file), 'build the package first').toBe(true)
    const load = entry.endsWith('.cjs')
      ? `require(${JSON.stringify(file)})`
      : `await import(${JSON.stringify(file)})`
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `process.__pw_initiator__ = 'Error\\n    at the copy running the tests'
import { createRequire } from 'node:module'
const require = createRequire(${JSON.stringify(file)})
try { ${load} } catch (error) { console.log(JSON.stringify({ name: error.name, code: error.code, message: error.message, stack: error.stack })) }`,
      ],
      { encoding: 'utf8' },
    )
    const error = JSON.parse(child.stdout) as { name: string; code: string; message: string; stack: string }
    expect(error.code).toBe('CONTRACTTOOL_PLAYWRIGHT_DUPLICATE_PLAYWRIGHT')
    expect(error.message).toMatch(
      /^@contracttool\/playwright loaded a second copy of @playwright\/test \(.+@playwright[/\\]test[/\\]index\.js\): Playwright runs the tests from another copy/,
    )
    expect(error.message).not.toContain('Requiring @playwright/test second time')
    expect(error.stack).toBe(error.message)
  })
})
