import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compilePattern } from './compile-pattern.js'

describe('README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const example = readme.slice(readme.indexOf('```ts'), readme.indexOf('```\n', readme.indexOf('```ts') + 5))
  const claims = [...example.matchAll(/^(.+?) \/\/ (true|false|undefined)$/gm)]

  it('opens with an example whose every commented result is what the engine answers', () => {
    expect(claims.length).toBe(4)
    for (const [, expression, want] of claims) {
      // The example's own lines, run against the engine.
      const run = new Function('compilePattern', 'nested', `return ${expression}`)
      const got = run(compilePattern, compilePattern('^(a+)+$'))
      expect([expression, String(got)]).toEqual([expression, want])
    }
  })
})
