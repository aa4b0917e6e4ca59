import { describe, expect, it } from 'vitest'
import { htmlText, markdownCode, markdownText, terminalText, xmlAttribute, xmlText } from './output-text.js'

const HOSTILE = {
  command: '/x\n::error title=a::b',
  ansi: '\u001b[31mred',
  markdown: 'a`<img src=x>`**b**',
  cr: 'a\rb',
  bidi: 'a\u202eb',
} as const

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
const COMMAND_LINE = /^[ \t]*::/m

describe('terminalText', () => {
  it.each([
    ['plain text', 'GET /pets/{petId} 200 application/json', 'GET /pets/{petId} 200 application/json'],
    ['a newline starting a workflow command', HOSTILE.command, '/x\\n::error title=a::b'],
    ['a workflow command at the start', '::error::x', '\\u003a:error::x'],
    ['a workflow command after spaces', '  ::warning::x', '  \\u003a:warning::x'],
    ['one colon at the start', ':a::b', ':a::b'],
    ['ESC', HOSTILE.ansi, '\\u001b[31mred'],
    ['CR, BEL, NUL', 'a\rb\u0007c\u0000d', 'a\\rb\\u0007c\\u0000d'],
    ['tab, DEL and C1 CSI', '\t\u007f\u009b', '\\t\\u007f\\u009b'],
    ['line separators and bidi controls', '\u2028\u2029\u202e\u2066', '\\u2028\\u2029\\u202e\\u2066'],
    ['non-ASCII text', 'héllo 😀 ü', 'héllo 😀 ü'],
  ])('%s', (_, given, want) => {
    expect(terminalText(given)).toBe(want)
    expect(terminalText(given)).not.toMatch(RAW_CONTROL)
    expect(terminalText(given)).not.toMatch(/[\n\u2028\u2029]/)
    expect(terminalText(given)).not.toMatch(COMMAND_LINE)
  })
})

describe('markdownText', () => {
  it.each([
    ['plain text', 'listPets', 'listPets'],
    ['HTML and emphasis in backticks', HOSTILE.markdown, 'a\\`&lt;img src=x&gt;\\`\\*\\*b\\*\\*'],
    ['a pipe and a newline in a table cell', 'a|b\nc', 'a\\|b<br>c'],
    ['ESC, BEL and CR', 'a\u001b[31m\u0007\r', 'a\\u001b\\[31m\\u0007\\r'],
    ['a bidi override', HOSTILE.bidi, 'a\\u202eb'],
  ])('%s', (_, given, want) => {
    expect(markdownText(given)).toBe(want)
    expect(markdownText(given)).not.toMatch(RAW_CONTROL)
    expect(markdownText(given)).not.toMatch(/<(?!br>)/)
  })
})

describe('markdownCode', () => {
  it.each([
    ['plain text', 'GET /pets', '`GET /pets`'],
    ['backticks inside', HOSTILE.markdown, '``a`<img src=x>`**b**``'],
    ['a backtick at the end', 'a`', '`` a` ``'],
    ['a run of two backticks', 'a``b', '```a``b```'],
    ['a pipe and a newline', 'a|b\nc', '`a\\|b\\nc`'],
    [
      'a workflow command and ESC',
      `${HOSTILE.command}${HOSTILE.ansi}`,
      '`/x\\n::error title=a::b\\u001b[31mred`',
    ],
  ])('%s', (_, given, want) => {
    expect(markdownCode(given)).toBe(want)
    expect(markdownCode(given)).not.toMatch(RAW_CONTROL)
    expect(markdownCode(given)).not.toContain('\n')
  })
})

describe('xmlText, xmlAttribute, htmlText', () => {
  it.each([
    ['xmlText', xmlText, 'hits=1 operationId=a<b>&c', 'hits=1 operationId=a&lt;b&gt;&amp;c'],
    [
      'xmlText',
      xmlText,
      `hits=1 operationId=x${HOSTILE.command}`,
      'hits=1 operationId=x/x\n&#58;:error title=a::b',
    ],
    ['xmlText', xmlText, `${HOSTILE.ansi}${HOSTILE.cr}`, '\uFFFD[31mreda&#13;b'],
    ['xmlAttribute', xmlAttribute, `"${HOSTILE.command}'`, '&quot;/x&#10;&#58;:error title=a::b&apos;'],
    ['htmlText', htmlText, HOSTILE.markdown, 'a`&lt;img src=x&gt;`**b**'],
    ['htmlText', htmlText, `${HOSTILE.command}"`, '/x\n&#58;:error title=a::b&quot;'],
  ])('%s, case %#', (_, render, given, want) => {
    expect(render(given)).toBe(want)
    expect(render(given)).not.toMatch(COMMAND_LINE)
    expect(render(given)).not.toMatch(RAW_CONTROL)
    expect(render(given)).not.toContain('<')
  })
})
