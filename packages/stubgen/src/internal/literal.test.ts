import type { JsonValue } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { renderLiteral } from './literal.js'

// Evaluates generated code the way the stub file will run it.
function evaluate(code: string): unknown {
  return new Function(`return (${code})`)()
}

describe('renderLiteral', () => {
  it.each([
    ['inline', JSON.parse('{"__proto__": {"admin": true}, "id": 1}')],
    ['multi-line', JSON.parse(`{"__proto__": {"admin": true}, "text": "${'x'.repeat(80)}"}`)],
  ])('writes a __proto__ key (%s) as an own property, never as the prototype', (_, value) => {
    const code = renderLiteral(value as JsonValue, '')
    expect(code).toContain("['__proto__']: ")
    const result = evaluate(code) as Record<string, unknown>
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expect(Object.hasOwn(result, '__proto__')).toBe(true)
    expect(result).toStrictEqual(value)
  })

  it('escapes every control character, so the code shows them and keeps their value', () => {
    const text = 'a\u001b[31mred\u0007\u0000\r\n::error::x\u2028\u0085\u202e'
    const code = renderLiteral({ [text]: text }, '')
    // Only the layout of a multi-line literal puts raw newlines in the code.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    expect(code).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/)
    expect(evaluate(code)).toStrictEqual({ [text]: text })
  })
})
