import type { JsonValue } from '@contracttool/kernel'
import { terminalText } from '@contracttool/kernel/internal'
import type { StubRunner } from '../types.js'
import type { FileModel, TestCaseModel } from './file-model.js'
import { quote, renderKey, renderLiteral } from './literal.js'
import type { RequestModel } from './request-model.js'
import { scalarText } from './request-model.js'

const FIXED_SUPERTEST_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])

/** Renders one stub file. Output depends only on the model, so two runs give identical bytes. */
export function renderStubFile(model: FileModel): string {
  const lines: string[] = []
  const opId = model.operationId === undefined ? '' : ` (operationId ${oneLine(model.operationId)})`
  lines.push(`// Contract tests for ${oneLine(model.endpoint)}${opId}, scaffolded by \`contracttool stubs\`.`)
  lines.push(`// Each test starts skipped: make it pass, then ${UNSKIP[model.runner]}.`)
  lines.push(...renderImports(model))
  lines.push('')
  // Playwright binds a spec with a fixture option; the other runners with `openApiSpec()`.
  lines.push(
    model.runner === 'playwright'
      ? `test.use({ openApiSpec: ${quote(model.specName)} })`
      : `openApiSpec(${quote(model.specName)})`,
  )
  if (model.adapter === 'fetch' && !model.appImport.isFactory) {
    lines.push('', 'const appFetch = contractFetch(app)')
  }
  // A Fastify app holds its server until closed: a shared one is closed once the file's tests are done.
  if (model.adapter === 'fastify' && !model.appImport.isFactory) {
    lines.push('', `${AFTER_ALL[model.runner]}(() => app.close())`)
  }
  for (const testCase of model.cases) {
    lines.push('', ...renderTest(model, testCase))
  }
  return `${lines.join('\n')}\n`
}

// How a skipped stub is turned on, per runner.
const UNSKIP: Readonly<Record<StubRunner, string>> = {
  vitest: 'delete its `ctx.skip` line',
  jest: 'change its `test.skip` to `test`',
  'node-test': 'delete its `skip` option',
  mocha: 'change its `it.skip` to `it`',
  playwright: 'change its `test.skip` to `test`',
}

// The hook that runs once after a file's tests.
const AFTER_ALL: Readonly<Record<StubRunner, string>> = {
  vitest: 'afterAll',
  jest: 'afterAll',
  'node-test': 'after',
  mocha: 'after',
  playwright: 'test.afterAll',
}

// Runners whose tests assert with `expect(res).toMatchOpenApiSchema()`; the others call the assertion function.
function hasMatchers(runner: StubRunner): boolean {
  return runner === 'vitest' || runner === 'jest' || runner === 'playwright'
}

/** `import { a } from 'x'`, or `const { a } = require('x')` in a CommonJS file. */
function importLine(model: FileModel, names: readonly string[], from: string, isDefault = false): string {
  const list = isDefault ? (names[0] ?? '') : `{ ${names.join(', ')} }`
  return model.moduleFormat === 'cjs'
    ? `const ${list} = require(${quote(from)})`
    : `import ${list} from ${quote(from)}`
}

function renderImports(model: FileModel): string[] {
  const imports: string[] = []
  const runner = model.runner
  const closesShared = model.adapter === 'fastify' && !model.appImport.isFactory
  if (runner === 'node-test') {
    imports.push(importLine(model, ['assert'], 'node:assert/strict', true))
    imports.push(importLine(model, closesShared ? ['after', 'test'] : ['test'], 'node:test'))
  }
  if (runner === 'mocha') imports.push(importLine(model, ['assert'], 'node:assert/strict', true))
  if (model.adapter === 'fetch') imports.push(importLine(model, ['contractFetch'], '@contracttool/fetch'))
  const binding = `@contracttool/${runner}`
  // Playwright's binding is its own `test` and `expect`, extended with the contract fixtures and matchers.
  if (runner === 'playwright') imports.push(importLine(model, ['expect', 'test'], binding))
  else {
    imports.push(
      importLine(
        model,
        hasMatchers(runner) ? ['openApiSpec'] : ['assertResponseMatchesOpenApiSchema', 'openApiSpec'],
        binding,
      ),
    )
  }
  if (model.adapter === 'supertest') imports.push(importLine(model, ['request'], 'supertest', true))
  if (runner === 'vitest')
    imports.push(
      importLine(model, closesShared ? ['afterAll', 'expect', 'test'] : ['expect', 'test'], 'vitest'),
    )
  if (model.adapter !== 'plain') imports.push(appImportLine(model))
  return imports
}

/** The local name the app (or its factory) is bound to. */
function appBinding(model: FileModel): string {
  return model.appImport.isFactory ? 'createApp' : 'app'
}

function appImportLine(model: FileModel): string {
  const { specifier, exportName } = model.appImport
  const local = appBinding(model)
  if (model.moduleFormat === 'cjs') {
    if (exportName === 'default') return `const ${local} = require(${quote(specifier)})`
    return exportName === local
      ? `const { ${local} } = require(${quote(specifier)})`
      : `const { ${exportName}: ${local} } = require(${quote(specifier)})`
  }
  if (exportName === 'default') return `import ${local} from ${quote(specifier)}`
  return exportName === local
    ? `import { ${local} } from ${quote(specifier)}`
    : `import { ${exportName} as ${local} } from ${quote(specifier)}`
}

function renderTest(model: FileModel, testCase: TestCaseModel): string[] {
  const body: string[] = []
  const note = skipNote(model, testCase)
  if (model.runner === 'vitest') body.push(`ctx.skip(${quote(note)})`)
  else if (model.runner !== 'node-test') body.push(`// ${oneLine(note)}`)
  const todos = [...(model.request?.todos ?? []), ...testCase.todos]
  for (const todo of todos) body.push(`// TODO: ${oneLine(todo)}`)
  if (model.appImport.isFactory && model.adapter !== 'plain') {
    body.push('const app = await createApp()')
    if (model.adapter === 'fetch') body.push('const appFetch = contractFetch(app)')
  }
  if (model.adapter === 'plain') body.push(...renderExchange(model, testCase))
  else if (model.request !== undefined) {
    const request = model.request
    if (request.body?.kind === 'multipart' && model.adapter !== 'supertest')
      body.push(...renderFormData(request))
    // A 404 asks for what no example names: an id the spec shows may well exist in the app.
    const url = testCase.status === 404 ? request.missingUrl : request.url
    if (model.adapter === 'supertest') body.push(...renderSupertest(request, testCase, url))
    if (model.adapter === 'fastify') body.push(...renderInject(request, testCase, url))
    if (model.adapter === 'fetch') body.push(...renderFetch(request, testCase, url))
  }
  for (const comment of testCase.statusComments) body.push(`// ${oneLine(comment)}`)
  const statusOf = {
    plain: 'res.response.status',
    supertest: 'res.status',
    fastify: 'res.statusCode',
    fetch: 'res.status',
  }
  const status = statusOf[model.adapter]
  if (model.runner === 'node-test' || model.runner === 'mocha')
    body.push(`assert.equal(${status}, ${testCase.status})`)
  else body.push(`expect(${status}).toBe(${testCase.status})`)
  body.push(
    model.runner === 'playwright'
      ? 'await expect(res).toMatchOpenApiSchema()'
      : hasMatchers(model.runner)
        ? 'expect(res).toMatchOpenApiSchema()'
        : 'assertResponseMatchesOpenApiSchema(res)',
  )
  if (model.adapter === 'fastify' && model.appImport.isFactory) body.push('await app.close()')
  const indented = body.flatMap((block) => block.split('\n')).map((line) => (line === '' ? '' : `  ${line}`))
  const title = quote(testCase.title)
  const opening = {
    vitest: `test(${title}, async (ctx) => {`,
    jest: `test.skip(${title}, async () => {`,
    'node-test': `test(${title}, { skip: ${quote(note)} }, async () => {`,
    mocha: `it.skip(${title}, async () => {`,
    playwright: `test.skip(${title}, async () => {`,
  }
  return [opening[model.runner], ...indented, '})']
}

function skipNote(model: FileModel, testCase: TestCaseModel): string {
  const what =
    testCase.contentType === '*'
      ? `${testCase.status} without content`
      : `${testCase.status} ${testCase.concreteType}`
  if (model.adapter === 'plain') {
    return `TODO: replace the hand-built exchange with a real ${what} response, then delete this line`
  }
  return `TODO: arrange for the app to answer ${what} here, then delete this line`
}

/**
 * The exchange shape the matchers accept from tests that send no request:
 * `{ request: { method, path }, response: { status, headers, body } }`.
 */
function renderExchange(model: FileModel, testCase: TestCaseModel): string[] {
  const headers: [string, string][] = []
  if (testCase.concreteType !== undefined) headers.push(['content-type', testCase.concreteType])
  for (const [name, value] of testCase.exchange.headers) headers.push([name.toLowerCase(), value])
  const lines = [
    'const res = {',
    `  request: { method: ${quote(model.method)}, path: ${quote(testCase.status === 404 ? model.missingPath : model.path)} },`,
    '  response: {',
    `    status: ${testCase.status},`,
    `    headers: ${renderHeaders(headers, '    ')},`,
  ]
  const body = testCase.exchange.body
  if (body !== undefined) {
    if (body.isTodo)
      lines.push('    // TODO: the spec has no example for this response body; fill in a valid one.')
    const value: JsonValue = testCase.exchange.isJson ? body.value : scalarText(body.value)
    lines.push(`    body: ${renderLiteral(value, '    ')},`)
  }
  lines.push('  },', '}')
  return lines
}

function renderHeaders(headers: readonly (readonly [string, string])[], indent: string): string {
  if (headers.length === 0) return '{}'
  const inline = `{ ${headers.map(([k, v]) => `${renderKey(k)}: ${quote(v)}`).join(', ')} }`
  if (inline.length <= 72) return inline
  return `{\n${headers.map(([k, v]) => `${indent}  ${renderKey(k)}: ${quote(v)},\n`).join('')}${indent}}`
}

function requestHeaders(
  request: RequestModel,
  testCase: TestCaseModel,
  withContentType: boolean,
): [string, string][] {
  const headers: [string, string][] = request.headers.map(([k, v]) => [k, v])
  if (testCase.concreteType !== undefined) headers.push(['Accept', testCase.concreteType])
  if (withContentType && request.body !== undefined && request.body.kind !== 'multipart') {
    headers.push(['Content-Type', request.body.mediaType])
  }
  return headers
}

/** Builds `form` for multipart bodies (fetch and inject take a FormData and set the boundary themselves). */
function renderFormData(request: RequestModel): string[] {
  const body = request.body
  if (body === undefined) return []
  const lines = [
    `// ${oneLine(body.mediaType)}: the client sets the Content-Type itself, with the part boundary.`,
    'const form = new FormData()',
  ]
  for (const [name, value] of formFields(body.value.value, body.fileFields)) {
    lines.push(`form.append(${quote(name)}, ${quote(value)})`)
  }
  for (const name of body.fileFields) {
    lines.push(`form.append(${quote(name)}, new File(['TODO'], ${quote(`${name}.bin`)}))`)
  }
  return lines
}

function formFields(value: JsonValue, skip: readonly string[]): [string, string][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return []
  return Object.entries(value)
    .filter(([name]) => !skip.includes(name))
    .map(([name, v]) => [name, scalarText(v)])
}

function formLiteral(value: JsonValue): string {
  const fields = formFields(value, [])
  if (fields.length === 0) return '{}'
  return `{ ${fields.map(([k, v]) => `${renderKey(k)}: ${quote(v)}`).join(', ')} }`
}

function isScalarJson(value: JsonValue): boolean {
  return typeof value !== 'object' || value === null
}

function renderSupertest(request: RequestModel, testCase: TestCaseModel, url: string): string[] {
  const start = FIXED_SUPERTEST_METHODS.has(request.method)
    ? `const res = await request(app)\n  .${request.method.toLowerCase()}(${quote(url)})`
    : `const res = await new request.Test(app, ${quote(request.method)}, ${quote(url)})`
  const chain: string[] = []
  for (const [name, value] of requestHeaders(request, testCase, true))
    chain.push(`.set(${quote(name)}, ${quote(value)})`)
  const body = request.body
  if (body !== undefined) {
    const value = body.value.value
    if (body.kind === 'json') {
      chain.push(
        isScalarJson(value)
          ? `.send(JSON.stringify(${renderLiteral(value, '  ')}))`
          : `.send(${renderLiteral(value, '  ')})`,
      )
    } else if (body.kind === 'form') {
      chain.push(`.send(${formLiteral(value)})`)
    } else if (body.kind === 'multipart') {
      chain.push(
        `// ${oneLine(body.mediaType)}: supertest sets the Content-Type itself, with the part boundary.`,
      )
      for (const [name, v] of formFields(value, body.fileFields))
        chain.push(`.field(${quote(name)}, ${quote(v)})`)
      for (const name of body.fileFields)
        chain.push(`.attach(${quote(name)}, Buffer.from('TODO'), ${quote(`${name}.bin`)})`)
    } else {
      chain.push(`.send(${quote(scalarText(value))})`)
    }
  }
  if (chain.length === 0) return [start.replace('\n  ', '')]
  const lines = start.split('\n')
  for (const link of chain) lines.push(`  ${link}`)
  return lines
}

function renderInject(request: RequestModel, testCase: TestCaseModel, url: string): string[] {
  const lines = [
    'const res = await app.inject({',
    `  method: ${quote(request.method)},`,
    `  url: ${quote(url)},`,
  ]
  const headers = requestHeaders(request, testCase, true)
  if (headers.length > 0) lines.push(`  headers: ${renderHeaders(headers, '  ')},`)
  const body = request.body
  if (body !== undefined) {
    const value = body.value.value
    if (body.kind === 'json') {
      lines.push(
        isScalarJson(value)
          ? `  payload: JSON.stringify(${renderLiteral(value, '  ')}),`
          : `  payload: ${renderLiteral(value, '  ')},`,
      )
    } else if (body.kind === 'form') {
      lines.push(`  payload: new URLSearchParams(${formLiteral(value)}).toString(),`)
    } else if (body.kind === 'multipart') {
      lines.push('  payload: form,')
    } else {
      lines.push(`  payload: ${quote(scalarText(value))},`)
    }
  }
  lines.push('})')
  return lines
}

function renderFetch(request: RequestModel, testCase: TestCaseModel, url: string): string[] {
  const lines = [`const res = await appFetch(${quote(url)}, {`, `  method: ${quote(request.method)},`]
  const headers = requestHeaders(request, testCase, true)
  if (headers.length > 0) lines.push(`  headers: ${renderHeaders(headers, '  ')},`)
  const body = request.body
  if (body !== undefined) {
    const value = body.value.value
    if (body.kind === 'json') lines.push(`  body: JSON.stringify(${renderLiteral(value, '  ')}),`)
    else if (body.kind === 'form') lines.push(`  body: new URLSearchParams(${formLiteral(value)}),`)
    else if (body.kind === 'multipart') lines.push('  body: form,')
    else lines.push(`  body: ${quote(scalarText(value))},`)
  }
  lines.push('})')
  return lines
}

/** Comments must stay on one line whatever the spec author wrote. */
// A comment line of generated code: line breaks in spec text fold to a space, other control characters
// (a terminal sequence, a bidi override that makes code read differently than it runs) show as escapes.
function oneLine(text: string): string {
  return terminalText(text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' '))
}
