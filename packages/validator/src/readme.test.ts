import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFileSync } from '@contracttool/spec-loader'
import { describeErrorCodeTable } from '@contracttool/test-kit'
import { describe, expect, it } from 'vitest'
import { validateResponse } from './validate-response.js'
import { ValidatorErrorCode } from './validator-error-code.js'

describeErrorCodeTable(join(import.meta.dirname, '..'), ValidatorErrorCode, {
  prefixes: ['CONTRACTTOOL_'],
  codesName: 'ValidatorErrorCode',
})

describe('README example', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

  it('opens with an example whose printed output is what the validator prints', () => {
    const example = readme.slice(
      readme.indexOf('```ts'),
      readme.indexOf('```\n', readme.indexOf('```ts') + 5),
    )
    const printed = [...example.matchAll(/^\/\/ {1,3}(.*)$/gm)]
      .map((match) => match[0].replace(/^\/\/ /, ''))
      .join('\n')
    // The example's spec is the petstore fixture under the name 'petstore'.
    const spec = loadSpecFileSync(fixturePath('petstore-3.0.yaml'), { name: 'petstore' })
    const result = validateResponse(spec, {
      method: 'GET',
      path: '/pets/7',
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { id: '7', name: '', kind: 'dog', secret: 'x' },
    })
    expect(example).toContain("body: { id: '7', name: '', kind: 'dog', secret: 'x' }")
    expect(result.message).toBe(printed)
  })
})

describe('README streams example', () => {
  it('shows the message validateResponse gives for a broken event', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const spec = loadSpecFileSync(fixturePath('streams-3.2.yaml'), { name: 'streams' })
    const result = validateResponse(spec, {
      method: 'GET',
      path: '/pets/events',
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: 'event: added\ndata: {"id":1,"name":"Tom","kind":"cat"}\n\nevent: removed\ndata: {"id":1,"name":"Tom","kind":"cow"}\n\n',
    })
    expect(readme).toContain(`\`\`\`text\n${result.message}\n\`\`\``)
  })
})
