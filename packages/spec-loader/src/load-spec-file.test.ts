import { fixturePath, specsDir } from '@contracttool/fixtures'
import { isContractToolError, isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { SpecErrorCode } from './errors.js'
import { loadSpecFile, loadSpecFileSync } from './load-spec-file.js'
import { readSpecDocument } from './read-spec-document.js'
import { resolvePointer } from './resolve-pointer.js'
import { EXTERNAL_DOCUMENTS_KEY } from './types.js'

/** Every `$ref` string in keyword position of a bundled document (walks everything; fine for fixtures). */
function allRefs(value: JsonValue): string[] {
  const refs: string[] = []
  const stack: JsonValue[] = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (Array.isArray(node)) stack.push(...node)
    else if (isObject(node)) {
      if (typeof node.$ref === 'string') refs.push(node.$ref)
      stack.push(...Object.values(node))
    }
  }
  return refs
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise
  } catch (error) {
    if (!isContractToolError(error)) throw error
    return { code: error.code, message: error.message.replaceAll(specsDir, '<specs>') }
  }
  throw new Error('expected the load to fail')
}

describe('loadSpecFile on the petstore fixtures', () => {
  const table = [
    {
      file: 'petstore-3.0.yaml',
      want: { version: '3.0', openapi: '3.0.3', dialect: 'draft-07', operations: 8 },
    },
    {
      file: 'petstore-3.1.json',
      want: { version: '3.1', openapi: '3.1.0', dialect: '2020-12', operations: 8 },
    },
    {
      file: 'petstore-3.2.yaml',
      want: { version: '3.2', openapi: '3.2.0', dialect: '2020-12', operations: 12 },
    },
  ]
  for (const { file, want } of table) {
    it(`loads ${file}`, async () => {
      const spec = await loadSpecFile(fixturePath(file))
      expect({
        name: spec.name,
        version: spec.version,
        openapi: spec.openapi,
        dialect: spec.defaultDialect,
        operations: spec.operations.length,
        sourcePath: spec.sourcePath,
        warnings: spec.warnings,
      }).toEqual({
        name: file.replace(/\.(json|yaml)$/, ''),
        version: want.version,
        openapi: want.openapi,
        dialect: want.dialect,
        operations: want.operations,
        sourcePath: fixturePath(file),
        warnings: [],
      })
      expect(spec.operationsByPath.get('/pets/{petId}')?.get('GET')?.operationId).toBe('getPet')
    })
  }

  it('indexes 3.2 QUERY and additionalOperations with their method spelled as written', async () => {
    const spec = await loadSpecFile(fixturePath('petstore-3.2.yaml'))
    expect(spec.operations.map((operation) => operation.key)).toEqual([
      'GET /pets',
      'POST /pets',
      'GET /pets/mine',
      'QUERY /pets/search',
      'GET /pets/stream',
      'GET /pets/{petId}',
      'DELETE /pets/{petId}',
      'PATCH /pets/{petId}',
      'COPY /pets/{petId}',
      'copy /pets/{petId}',
      'GET /pets/{petId}/photo',
      'GET /health',
    ])
    const copy = spec.operationsByPath.get('/pets/{petId}')?.get('copy')
    expect(copy?.isAdditional).toBe(true)
    expect(copy?.pointer).toBe('#/paths/~1pets~1{petId}/additionalOperations/copy')
  })

  it('follows parameter and response refs while indexing, and keeps schema refs', async () => {
    const spec = await loadSpecFile(fixturePath('petstore-3.1.json'))
    const getPet = spec.operationsByPath.get('/pets/{petId}')?.get('GET')
    expect(getPet?.parameters.map((parameter) => (isObject(parameter) ? parameter.name : null))).toEqual([
      'petId',
      'X-Request-Id',
    ])
    expect(getPet?.responses).toMatchObject({
      '404': {
        description: 'No pet has this id.',
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    })
    expect(getPet?.securitySource).toBe('root')
    expect(spec.operationsByPath.get('/health')?.get('GET')?.security).toEqual([])
  })

  it('gives the same result synchronously', async () => {
    const path = fixturePath('petstore-3.0.yaml')
    const [asynchronous, synchronous] = [await loadSpecFile(path), loadSpecFileSync(path)]
    expect(synchronous.document).toEqual(asynchronous.document)
    expect(synchronous.operations.map((operation) => operation.key)).toEqual(
      asynchronous.operations.map((operation) => operation.key),
    )
  })

  it('takes the name from options', async () => {
    const spec = await loadSpecFile(fixturePath('petstore-3.1.json'), { name: 'front' })
    expect(spec.name).toBe('front')
  })
})

describe('loadSpecFile bundles multi-file specs', () => {
  it('mounts each referenced file once and rewrites every ref to a local pointer', async () => {
    const spec = await loadSpecFile(fixturePath('multi-file/openapi.yaml'))
    const mounted = spec.document[EXTERNAL_DOCUMENTS_KEY]
    expect(Object.keys(isObject(mounted) ? mounted : {})).toEqual([
      'parameters/pet-id.yaml',
      'responses.json',
      'schemas/error.json',
      'schemas/nested/address.json',
      'schemas/nested/category.yaml',
      'schemas/nested/owner.yaml',
      'schemas/pet.yaml',
    ])
    const refs = allRefs(spec.document)
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of refs) {
      expect(ref.startsWith('#/')).toBe(true)
      expect(resolvePointer(spec.document, ref)).toBeDefined()
    }
    expect(refs).toContain('#/x-contracttool-external/schemas~1pet.yaml/Tag')
    expect(refs).toContain('#/x-contracttool-external/schemas~1nested~1category.yaml')
  })

  it('resolves refs inside a subfolder relative to that subfolder', async () => {
    const spec = await loadSpecFile(fixturePath('multi-file/openapi.yaml'))
    const owner = resolvePointer(spec.document, '#/x-contracttool-external/schemas~1nested~1owner.yaml/Owner')
    expect(owner).toMatchObject({
      properties: {
        address: { $ref: '#/x-contracttool-external/schemas~1nested~1address.json' },
        pets: { items: { $ref: '#/x-contracttool-external/schemas~1pet.yaml/Pet' } },
      },
    })
  })

  it('follows whole-file refs while indexing', async () => {
    const spec = await loadSpecFile(fixturePath('multi-file/openapi.yaml'))
    const getPet = spec.operationsByPath.get('/pets/{petId}')?.get('GET')
    expect(getPet?.parameters).toEqual([
      { name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64', minimum: 1 } },
    ])
  })

  it('names mounted files relative to a wider root', async () => {
    const spec = await loadSpecFile(fixturePath('multi-file/openapi.yaml'), { root: specsDir })
    const mounted = spec.document[EXTERNAL_DOCUMENTS_KEY]
    expect(Object.keys(isObject(mounted) ? mounted : {})).toContain('multi-file/schemas/pet.yaml')
  })
})

describe('loadSpecFile loads recursive schemas', () => {
  for (const file of ['recursive-3.0.yaml', 'recursive-3.1.json']) {
    it(`loads ${file} with its self and mutual recursion intact`, async () => {
      const spec = await loadSpecFile(fixturePath(file))
      expect(
        resolvePointer(spec.document, '#/components/schemas/TreeNode/properties/children/items'),
      ).toEqual({
        $ref: '#/components/schemas/TreeNode',
      })
      expect(resolvePointer(spec.document, '#/components/schemas/B/properties/a')).toEqual({
        $ref: '#/components/schemas/A',
      })
      expect(spec.operations).toHaveLength(4)
    })
  }
})

describe('loadSpecFile refuses malformed fixtures with a coded error', () => {
  const table: { file: string; code: string }[] = [
    { file: 'empty.json', code: SpecErrorCode.MalformedJson },
    { file: 'empty.yaml', code: SpecErrorCode.MalformedYaml },
    { file: 'invalid-json.json', code: SpecErrorCode.MalformedJson },
    { file: 'invalid-yaml.yaml', code: SpecErrorCode.MalformedYaml },
    { file: 'list-root.yaml', code: SpecErrorCode.NonMappingRoot },
    { file: 'scalar-root.json', code: SpecErrorCode.NonMappingRoot },
    { file: 'openapi-2.0.json', code: SpecErrorCode.UnsupportedVersion },
    { file: 'swagger-2.0.yaml', code: SpecErrorCode.UnsupportedVersion },
    { file: 'version-no-patch.json', code: SpecErrorCode.UnsupportedVersion },
    { file: 'version-number.yaml', code: SpecErrorCode.UnsupportedVersion },
    { file: 'version-3.3.0.json', code: SpecErrorCode.UnsupportedVersion },
    { file: 'missing-openapi.yaml', code: SpecErrorCode.UnsupportedVersion },
    { file: 'ref-missing-file.yaml', code: SpecErrorCode.RefFileNotFound },
    { file: 'ref-missing-pointer.yaml', code: SpecErrorCode.RefNotFound },
    { file: 'ref-outside-root.yaml', code: SpecErrorCode.RefOutsideRoot },
    { file: 'ref-non-string.yaml', code: SpecErrorCode.RefNonString },
    { file: 'ref-bare-fragment.yaml', code: SpecErrorCode.RefBareFragment },
    { file: 'ref-remote.yaml', code: SpecErrorCode.RefRemoteDisallowed },
    { file: 'ref-file-scheme.yaml', code: SpecErrorCode.RefFileScheme },
    { file: 'ref-empty.yaml', code: SpecErrorCode.RefEmpty },
    { file: 'ref-root-pointer.yaml', code: SpecErrorCode.RefRootPointer },
    { file: 'ref-non-object-target.yaml', code: SpecErrorCode.RefNonObjectTarget },
    { file: 'ref-cycle.yaml', code: SpecErrorCode.RefCircular },
    { file: 'unsupported-dialect.json', code: SpecErrorCode.UnsupportedDialect },
    { file: 'unsupported-extension.txt', code: SpecErrorCode.UnsupportedExtension },
  ]
  for (const { file, code } of table) {
    it(`${file} → ${code}`, async () => {
      const path = fixturePath(`malformed/${file}`)
      const got = await failure(loadSpecFile(path))
      expect(got.code).toBe(code)
      expect(got.message).toContain(`spec '${file.replace(/\.[a-z]+$/, '')}' (<specs>/malformed/${file})`)
      let syncCode: string | undefined
      try {
        loadSpecFileSync(path)
      } catch (error) {
        syncCode = isContractToolError(error) ? error.code : 'not a ContractToolError'
      }
      expect(syncCode).toBe(code)
    })
  }

  it('loads a template naming one placeholder twice (left to the doctor)', async () => {
    const spec = await loadSpecFile(fixturePath('malformed/duplicate-placeholders.yaml'))
    expect(spec.paths).toEqual(['/a/{id}/b/{id}'])
  })

  it('says where and what, with line and column for parse errors', async () => {
    const messages = await Promise.all(
      [
        'empty.json',
        'invalid-json.json',
        'invalid-yaml.yaml',
        'list-root.yaml',
        'version-number.yaml',
        'missing-openapi.yaml',
        'swagger-2.0.yaml',
        'ref-missing-file.yaml',
        'ref-missing-pointer.yaml',
        'ref-outside-root.yaml',
        'ref-cycle.yaml',
        'unsupported-dialect.json',
      ].map(async (file) => (await failure(loadSpecFile(fixturePath(`malformed/${file}`)))).message),
    )
    expect(messages).toMatchInlineSnapshot(`
      [
        "spec 'empty' (<specs>/malformed/empty.json): the file is empty; expected a JSON document, received 0 bytes of content.",
        "spec 'invalid-json' (<specs>/malformed/invalid-json.json): malformed JSON at line 5, column 70: Expected double-quoted property name",
        "spec 'invalid-yaml' (<specs>/malformed/invalid-yaml.yaml): malformed YAML at line 11, column 1: unexpected end of the stream within a flow collection",
        "spec 'list-root' (<specs>/malformed/list-root.yaml): the document must be a mapping (an object of OpenAPI fields), received a list.",
        "spec 'version-number' (<specs>/malformed/version-number.yaml): unsupported OpenAPI version 3 (number). The required \`openapi\` field must be a major.minor.patch string in a supported version family: 3.0.x, 3.1.x, or 3.2.x. Quote it in the document, for example "3.0.3".",
        "spec 'missing-openapi' (<specs>/malformed/missing-openapi.yaml): unsupported OpenAPI version <missing>. The required \`openapi\` field must be a major.minor.patch string in a supported version family: 3.0.x, 3.1.x, or 3.2.x.",
        "spec 'swagger-2.0' (<specs>/malformed/swagger-2.0.yaml): this is a Swagger 2.0 document (swagger: "2.0"), which is not supported; expected an \`openapi\` field with a major.minor.patch string in a supported version family: 3.0.x, 3.1.x, or 3.2.x. Convert it to OpenAPI 3 first (for example with swagger2openapi).",
        "spec 'ref-missing-file' (<specs>/malformed/ref-missing-file.yaml) at #/paths/~1pets/get/responses/200/content/application~1json/schema: $ref "./schemas/absent.yaml#/Pet" points to a missing file: <specs>/malformed/schemas/absent.yaml.",
        "spec 'ref-missing-pointer' (<specs>/malformed/ref-missing-pointer.yaml) at #/paths/~1pets/get/responses/200/content/application~1json/schema: unresolvable $ref "#/components/schemas/Absent": no value at that pointer in <specs>/malformed/ref-missing-pointer.yaml.",
        "spec 'ref-outside-root' (<specs>/malformed/ref-outside-root.yaml) at #/paths/~1pets/get/responses/200/content/application~1json/schema: $ref "../outside/pet.yaml#/Pet" resolves to <specs>/outside/pet.yaml, outside the local-ref root <specs>/malformed; expected a file inside it.",
        "spec 'ref-cycle' (<specs>/malformed/ref-cycle.yaml) at #/components/schemas/B: circular $ref: #/components/schemas/A -> #/components/schemas/B -> #/components/schemas/A never reaches a value; expected the chain to end in an object.",
        "spec 'unsupported-dialect' (<specs>/malformed/unsupported-dialect.json) at #/jsonSchemaDialect: unsupported JSON Schema dialect "https://example.com/schemas/my-dialect". Supported dialects are the OpenAPI 3.1 base dialect and JSON Schema Draft 06, Draft 07, 2019-09, or 2020-12.",
      ]
    `)
  })

  it('reaches a file outside the folder when root widens it', async () => {
    const spec = await loadSpecFile(fixturePath('malformed/ref-outside-root.yaml'), { root: specsDir })
    expect(Object.keys(spec.document[EXTERNAL_DOCUMENTS_KEY] ?? {})).toEqual(['outside/pet.yaml'])
  })

  it('refuses a missing file and a wrong extension', async () => {
    expect(await failure(loadSpecFile(`${specsDir}/absent.yaml`))).toEqual({
      code: SpecErrorCode.SpecNotFound,
      message: "spec 'absent' (<specs>/absent.yaml): OpenAPI spec file not found (or not a regular file).",
    })
    expect((await failure(loadSpecFile(specsDir))).code).toBe(SpecErrorCode.UnsupportedExtension)
  })

  it('refuses a non-string path as misuse', async () => {
    expect((await failure(loadSpecFile(42 as unknown as string))).code).toBe(SpecErrorCode.InvalidOption)
  })
})

describe('readSpecDocument', () => {
  it('parses a file the loader refuses, as written', () => {
    const raw = readSpecDocument(fixturePath('malformed/ref-missing-pointer.yaml')) as JsonObject
    expect(raw.openapi).toBe('3.1.0')
    expect(Object.keys(raw.paths as JsonObject)).toEqual(['/pets'])
  })

  it.each([
    ['malformed/unsupported-extension.txt', SpecErrorCode.UnsupportedExtension],
    ['malformed/invalid-yaml.yaml', SpecErrorCode.MalformedYaml],
    ['malformed/absent.json', SpecErrorCode.SpecUnreadable],
  ])('%s: %s', (file, code) => {
    expect(() => readSpecDocument(`${specsDir}/${file}`)).toThrow(expect.objectContaining({ code }))
  })
})

describe('loadSpecFile applies an OpenAPI 3.2 $self', () => {
  // "The `$self` field provides the self-assigned URI of this document, which also serves as its base URI"
  // (OpenAPI 3.2.0, OpenAPI Object): an absolute reference under it names a file of this description.
  it('reads an absolute reference under the $self folder from the file beside the entry, in every file', () => {
    const spec = loadSpecFileSync(fixturePath('self/openapi.yaml'), { name: 'self' })
    expect(spec.warnings).toEqual([])
    const byUrl = spec.operationsByPath.get('/pets/{petId}')?.get('GET')?.responses as JsonObject
    const relative = spec.operationsByPath.get('/pets')?.get('GET')?.responses as JsonObject
    const schemaOf = (responses: JsonObject, ...path: string[]) =>
      path.reduce<JsonValue | undefined>(
        (node, key) => (isObject(node) ? node[key] : undefined),
        ((responses['200'] as JsonObject).content as JsonObject)['application/json'],
      )
    const absoluteRef = (schemaOf(byUrl, 'schema') as JsonObject).$ref as string
    const relativeRef = (schemaOf(relative, 'schema', 'items') as JsonObject).$ref as string
    // Both spellings name the same file, mounted once.
    expect(absoluteRef).toBe(relativeRef)
    const pet = resolvePointer(spec.document, absoluteRef) as JsonObject
    expect(pet.required).toEqual(['id', 'name'])
    const owner = resolvePointer(
      spec.document,
      ((pet.properties as JsonObject).owner as JsonObject).$ref as string,
    )
    expect(owner).toMatchObject({ required: ['name'] })
  })

  it('still refuses an absolute reference outside the $self folder as remote', () => {
    let caught: unknown
    try {
      loadSpecFileSync(fixturePath('self/outside-self.yaml'), { name: 'outside' })
    } catch (error) {
      caught = error
    }
    expect(isContractToolError(caught) && caught.code).toBe(SpecErrorCode.RefRemoteDisallowed)
  })
})
