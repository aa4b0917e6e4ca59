import type { JsonValue } from '@contracttool/kernel'
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
  lines.push('// Each test starts skipped: make it pass, then delete its `ctx.skip` line.')
  lines.push(...renderImports(model))
  lines.push('')
  lines.push(`openApiSpec(${quote(model.specName)})`)
  if (model.adapter === 'fetch' && !model.appImport.isFactory) {
    lines.push('', 'const appFetch = contractFetch(app)')
  }
  for (const testCase of model.cases) {
    lines.push('', ...renderTest(model, testCase))
  }
  return `${lines.join('\n')}\n`
}

function renderImports(model: FileModel): string[] {
  const imports: string[] = []
  if (model.adapter === 'fetch') imports.push("import { contractFetch } from '@contracttool/fetch'")
  imports.push("import { openApiSpec } from '@contracttool/vitest'")
  if (model.adapter === 'supertest') imports.push("import request from 'supertest'")
  imports.push("import { expect, test } from 'vitest'")
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
  if (exportName === 'default') return `import ${local} from ${quote(specifier)}`
  return exportName === local
    ? `import { ${local} } from ${quote(specifier)}`
    : `import { ${exportName} as ${local} } from ${quote(specifier)}`
}

function renderTest(model: FileModel, testCase: TestCaseModel): string[] {
  const body: string[] = []
  body.push(`ctx.skip(${quote(skipNote(model, testCase))})`)
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
    if (model.adapter === 'supertest') body.push(...renderSupertest(request, testCase))
    if (model.adapter === 'fastify') body.push(...renderInject(request, testCase))
    if (model.adapter === 'fetch') body.push(...renderFetch(request, testCase))
  }
  for (const comment of testCase.statusComments) body.push(`// ${oneLine(comment)}`)
  const statusOf = {
    plain: 'res.response.status',
    supertest: 'res.status',
    fastify: 'res.statusCode',
    fetch: 'res.status',
  }
  body.push(`expect(${statusOf[model.adapter]}).toBe(${testCase.status})`)
  body.push('expect(res).toMatchOpenApiSchema()')
  const indented = body.flatMap((block) => block.split('\n')).map((line) => (line === '' ? '' : `  ${line}`))
  return [`test(${quote(testCase.title)}, async (ctx) => {`, ...indented, '})']
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
    `  request: { method: ${quote(model.method)}, path: ${quote(model.path)} },`,
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
    `// ${body.mediaType}: the client sets the Content-Type itself, with the part boundary.`,
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

function renderSupertest(request: RequestModel, testCase: TestCaseModel): string[] {
  const start = FIXED_SUPERTEST_METHODS.has(request.method)
    ? `const res = await request(app)\n  .${request.method.toLowerCase()}(${quote(request.url)})`
    : `const res = await new request.Test(app, ${quote(request.method)}, ${quote(request.url)})`
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
      chain.push(`// ${body.mediaType}: supertest sets the Content-Type itself, with the part boundary.`)
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

function renderInject(request: RequestModel, testCase: TestCaseModel): string[] {
  const lines = [
    'const res = await app.inject({',
    `  method: ${quote(request.method)},`,
    `  url: ${quote(request.url)},`,
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

function renderFetch(request: RequestModel, testCase: TestCaseModel): string[] {
  const lines = [`const res = await appFetch(${quote(request.url)}, {`, `  method: ${quote(request.method)},`]
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
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
}
