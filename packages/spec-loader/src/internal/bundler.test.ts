import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { isContractToolError } from '@contracttool/kernel'
import { afterAll, describe, expect, it } from 'vitest'
import { SpecErrorCode } from '../errors.js'
import { loadSpecFile, loadSpecFileSync } from '../load-spec-file.js'
import { loadSpecFromValue } from '../load-spec-from-value.js'
import { resolvePointer } from '../resolve-pointer.js'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** Writes `files` (path → text or JSON value) into a fresh folder and returns its path. */
function project(files: Record<string, string | JsonValue>): string {
  const dir = mkdtempSync(join(tmpdir(), 'contracttool-bundle-'))
  dirs.push(dir)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content))
  }
  return dir
}

function openapi(extra: JsonObject, version = '3.1.0'): JsonObject {
  return { openapi: version, info: { title: 'T', version: '1' }, paths: {}, ...extra }
}

function schemas(map: JsonObject, version?: string): JsonObject {
  return openapi({ components: { schemas: map } }, version)
}

function failureOf(run: () => unknown): { code: string; message: string } {
  try {
    run()
  } catch (error) {
    if (!isContractToolError(error)) throw error
    return { code: error.code, message: error.message }
  }
  throw new Error('expected a failure')
}

describe('internal refs', () => {
  it('keeps them as written and checks their targets', () => {
    const given = schemas({
      Pet: { type: 'object', properties: { tag: { $ref: '#/components/schemas/Tag' } } },
      Tag: { type: 'string' },
      'a/b~c d': { type: 'integer' },
      Escaped: { $ref: '#/components/schemas/a~1b~0c%20d' },
    })
    const spec = loadSpecFromValue(given, { name: 'inline' })
    expect(spec.document).toEqual(given)
  })

  const table: { name: string; ref: JsonValue; code: string }[] = [
    { name: 'empty', ref: '', code: SpecErrorCode.RefEmpty },
    { name: 'number', ref: 42, code: SpecErrorCode.RefNonString },
    { name: 'null', ref: null, code: SpecErrorCode.RefNonString },
    { name: 'object', ref: { $ref: '#/x' }, code: SpecErrorCode.RefNonString },
    { name: 'root #', ref: '#', code: SpecErrorCode.RefRootPointer },
    { name: 'root #/', ref: '#/', code: SpecErrorCode.RefRootPointer },
    { name: 'bare fragment', ref: '#foo', code: SpecErrorCode.RefBareFragment },
    { name: 'missing target', ref: '#/components/schemas/Absent', code: SpecErrorCode.RefNotFound },
    { name: 'string target', ref: '#/info/title', code: SpecErrorCode.RefNonObjectTarget },
    { name: 'list target', ref: '#/components/schemas/Pet/required', code: SpecErrorCode.RefNonObjectTarget },
    {
      name: 'out of range index',
      ref: '#/components/schemas/Pet/required/5',
      code: SpecErrorCode.RefNotFound,
    },
    { name: 'relative file', ref: './pet.yaml', code: SpecErrorCode.RefRequiresSourceFile },
    { name: 'file scheme', ref: 'file:///etc/pet.yaml', code: SpecErrorCode.RefFileScheme },
    { name: 'remote', ref: 'https://example.com/pet.json', code: SpecErrorCode.RefRemoteDisallowed },
    { name: 'other scheme', ref: 'urn:example:pet', code: SpecErrorCode.RefRemoteDisallowed },
  ]
  for (const { name, ref, code } of table) {
    it(`refuses ${name}`, () => {
      const given = schemas({
        Pet: { type: 'object', required: ['id'], properties: { id: { $ref: ref } } },
      })
      const got = failureOf(() => loadSpecFromValue(given, { name: 'inline' }))
      expect(got.code).toBe(code)
      expect(got.message).toContain("spec 'inline' (<value>) at #/components/schemas/Pet/properties/id:")
    })
  }

  it('accepts a boolean schema target in 3.1 but not in 3.0', () => {
    const given = (version: string) =>
      schemas({ Anything: { properties: { x: { $ref: '#/components/schemas/Any' } } }, Any: true }, version)
    expect(loadSpecFromValue(given('3.1.0'), { name: 'b' }).version).toBe('3.1')
    expect(failureOf(() => loadSpecFromValue(given('3.0.3'), { name: 'b' })).code).toBe(
      SpecErrorCode.RefNonObjectTarget,
    )
  })

  it('accepts recursive schemas and refuses only ref chains that never reach a value', () => {
    const recursive = schemas({
      Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
      Alias: { $ref: '#/components/schemas/Node' },
      AliasOfAlias: { $ref: '#/components/schemas/Alias' },
    })
    expect(loadSpecFromValue(recursive, { name: 'r' }).document).toEqual(recursive)
    const chain = schemas({
      A: { $ref: '#/components/schemas/B' },
      B: { $ref: '#/components/schemas/C' },
      C: { $ref: '#/components/schemas/A', description: 'siblings do not make it a value' },
    })
    expect(failureOf(() => loadSpecFromValue(chain, { name: 'c' }))).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_REF_CIRCULAR",
        "message": "spec 'c' (<value>) at #/components/schemas/C: circular $ref: #/components/schemas/A -> #/components/schemas/B -> #/components/schemas/C -> #/components/schemas/A never reaches a value; expected the chain to end in an object.",
      }
    `)
    const self = schemas({ Self: { $ref: '#/components/schemas/Self' } })
    expect(failureOf(() => loadSpecFromValue(self, { name: 's' })).code).toBe(SpecErrorCode.RefCircular)
  })

  it('keeps $ref siblings as written', () => {
    const given = schemas({
      Pet: { type: 'object' },
      Named: { $ref: '#/components/schemas/Pet', description: 'kept', required: ['name'] },
    })
    expect(loadSpecFromValue(given, { name: 's' }).document.components).toEqual(given.components)
  })
})

describe('what is data and what is a name', () => {
  it('reads nothing inside default, example, enum, const, list examples, example values and extensions', () => {
    const bad = { $ref: 42 }
    const given = openapi({
      'x-vendor': { $ref: './nowhere.yaml' },
      paths: {
        '/pets': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      default: bad,
                      example: bad,
                      enum: [bad],
                      const: bad,
                      examples: [bad],
                      'x-extra': bad,
                    },
                    example: bad,
                    examples: { one: { value: bad }, two: { dataValue: bad, serializedValue: '{}' } },
                  },
                },
              },
            },
          },
        },
      },
    })
    expect(loadSpecFromValue(given, { name: 'data' }).document).toEqual(given)
  })

  it('reads keys of user-named maps as names: a property called $ref is a property', () => {
    const given = schemas({
      Odd: {
        type: 'object',
        properties: {
          $ref: { type: 'string' },
          default: { $ref: '#/components/schemas/Odd' },
          enum: { type: 'array', items: { $ref: '#/components/schemas/Odd' } },
        },
      },
    })
    expect(loadSpecFromValue(given, { name: 'names' }).document).toEqual(given)
    const broken = schemas({ Odd: { properties: { default: { $ref: '#/nowhere' } } } })
    expect(failureOf(() => loadSpecFromValue(broken, { name: 'names' })).code).toBe(SpecErrorCode.RefNotFound)
  })

  it('follows refs in an examples map entry but not in its value', () => {
    const given = openapi({
      components: {
        examples: { Cat: { value: { $ref: 'not a ref, data' } } },
        parameters: {
          Kind: {
            name: 'kind',
            in: 'query',
            schema: { type: 'string' },
            examples: { cat: { $ref: '#/nope' } },
          },
        },
      },
    })
    expect(failureOf(() => loadSpecFromValue(given, { name: 'ex' })).code).toBe(SpecErrorCode.RefNotFound)
  })

  it('keeps {} and [] apart', () => {
    const given = openapi({
      security: [{}],
      components: { schemas: { Empty: {}, List: { type: 'array', items: {}, example: [] } } },
    })
    const spec = loadSpecFromValue(given, { name: 'empty' })
    expect(spec.document.security).toEqual([{}])
    expect(resolvePointer(spec.document, '#/components/schemas/List/example')).toEqual([])
  })
})

describe('external file refs', () => {
  const petYaml = 'Pet:\n  type: object\n  properties:\n    tag:\n      $ref: "#/Tag"\nTag:\n  type: string\n'

  it('mounts files and rewrites refs, including refs back into the entry file', async () => {
    const dir = project({
      'openapi.json': schemas({
        Pet: { $ref: './schemas/pet.yaml#/Pet' },
        Owner: { $ref: 'schemas/owner.json' },
        Local: { type: 'object' },
      }),
      'schemas/pet.yaml': petYaml,
      'schemas/owner.json': {
        type: 'object',
        properties: {
          pet: { $ref: './pet.yaml#/Pet' },
          local: { $ref: '../openapi.json#/components/schemas/Local' },
        },
      },
    })
    const spec = await loadSpecFile(join(dir, 'openapi.json'))
    expect(spec.document.components).toEqual({
      schemas: {
        Pet: { $ref: '#/x-contracttool-external/schemas~1pet.yaml/Pet' },
        Owner: { $ref: '#/x-contracttool-external/schemas~1owner.json' },
        Local: { type: 'object' },
      },
    })
    expect(spec.document['x-contracttool-external']).toEqual({
      'schemas/owner.json': {
        type: 'object',
        properties: {
          pet: { $ref: '#/x-contracttool-external/schemas~1pet.yaml/Pet' },
          local: { $ref: '#/components/schemas/Local' },
        },
      },
      'schemas/pet.yaml': {
        Pet: {
          type: 'object',
          properties: { tag: { $ref: '#/x-contracttool-external/schemas~1pet.yaml/Tag' } },
        },
        Tag: { type: 'string' },
      },
    })
    expect(loadSpecFileSync(join(dir, 'openapi.json')).document).toEqual(spec.document)
  })

  it('percent-encodes mount keys so pointer readers get the file name back', async () => {
    const dir = project({
      'openapi.yaml': `openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: './my%20schemas/pet%25.json'\n`,
      'my schemas/pet%.json': { type: 'object' },
    })
    const spec = await loadSpecFile(join(dir, 'openapi.yaml'))
    const ref = (spec.document.components as { schemas: { Pet: { $ref: string } } }).schemas.Pet.$ref
    expect(ref).toBe('#/x-contracttool-external/my%20schemas~1pet%25.json')
    expect(resolvePointer(spec.document, ref)).toEqual({ type: 'object' })
  })

  it('rewrites discriminator mapping references of mounted files', async () => {
    const dir = project({
      'openapi.json': schemas({ Pet: { $ref: './pet.json' } }),
      'pet.json': {
        oneOf: [{ $ref: './cat.json' }, { $ref: '#/$defs/Dog' }],
        discriminator: {
          propertyName: 'kind',
          mapping: { cat: './cat.json', dog: '#/$defs/Dog', fish: 'Fish' },
        },
        $defs: { Dog: { type: 'object' } },
      },
      'cat.json': { type: 'object' },
    })
    const spec = await loadSpecFile(join(dir, 'openapi.json'))
    expect(resolvePointer(spec.document, '#/x-contracttool-external/pet.json/discriminator/mapping')).toEqual(
      {
        cat: '#/x-contracttool-external/cat.json',
        dog: '#/x-contracttool-external/pet.json/$defs/Dog',
        fish: 'Fish',
      },
    )
  })

  it('leaves mapping values that name files nothing else loads as written', async () => {
    const dir = project({
      'openapi.json': schemas({
        Pet: {
          oneOf: [{ $ref: './cat.json' }],
          discriminator: {
            propertyName: 'kind',
            mapping: { cat: './cat.json', gone: 'models/gone.yml', odd: './x.json#y' },
          },
        },
      }),
      'cat.json': { type: 'object' },
    })
    const spec = await loadSpecFile(join(dir, 'openapi.json'))
    expect(resolvePointer(spec.document, '#/components/schemas/Pet/discriminator/mapping')).toEqual({
      cat: '#/x-contracttool-external/cat.json',
      gone: 'models/gone.yml',
      odd: './x.json#y',
    })
  })

  const failures: { name: string; files: Record<string, string | JsonValue>; code: string }[] = [
    {
      name: 'a missing pointer in another file, named with that ref',
      files: { 'openapi.json': schemas({ Pet: { $ref: './pet.yaml#/Absent' } }), 'pet.yaml': petYaml },
      code: SpecErrorCode.RefNotFound,
    },
    {
      name: 'a missing pointer inside a mounted file',
      files: {
        'openapi.json': schemas({ Pet: { $ref: './pet.yaml#/Pet' } }),
        'pet.yaml': 'Pet:\n  $ref: "#/Nope"\n',
      },
      code: SpecErrorCode.RefNotFound,
    },
    {
      name: 'an empty fragment after a file',
      files: { 'openapi.json': schemas({ Pet: { $ref: './pet.yaml#' } }), 'pet.yaml': petYaml },
      code: SpecErrorCode.RefBareFragment,
    },
    {
      name: 'a bare fragment after a file',
      files: { 'openapi.json': schemas({ Pet: { $ref: './pet.yaml#Pet' } }), 'pet.yaml': petYaml },
      code: SpecErrorCode.RefBareFragment,
    },
    {
      name: 'a root pointer after a file',
      files: { 'openapi.json': schemas({ Pet: { $ref: './pet.yaml#/' } }), 'pet.yaml': petYaml },
      code: SpecErrorCode.RefRootPointer,
    },
    {
      name: 'a whole-file ref to the entry itself',
      files: { 'openapi.json': schemas({ Pet: { $ref: './openapi.json' } }) },
      code: SpecErrorCode.RefRootPointer,
    },
    {
      name: 'a target that is not JSON or YAML',
      files: { 'openapi.json': schemas({ Pet: { $ref: './pet.txt' } }), 'pet.txt': 'type: object' },
      code: SpecErrorCode.UnsupportedExtension,
    },
    {
      name: 'a folder named like a file',
      files: { 'openapi.json': schemas({ Pet: { $ref: './dir.yaml' } }), 'dir.yaml/inner.txt': 'x' },
      code: SpecErrorCode.RefFileUnreadable,
    },
    {
      name: 'malformed YAML in a referenced file',
      files: {
        'openapi.json': schemas({ Pet: { $ref: './pet.yaml#/Pet' } }),
        'pet.yaml': 'Pet: [unclosed\n',
      },
      code: SpecErrorCode.MalformedYaml,
    },
    {
      name: 'an empty referenced file',
      files: { 'openapi.json': schemas({ Pet: { $ref: './pet.json' } }), 'pet.json': '' },
      code: SpecErrorCode.MalformedJson,
    },
    {
      name: 'a chain through two files that never reaches a value',
      files: {
        'openapi.json': schemas({ Pet: { $ref: './a.json' } }),
        'a.json': { $ref: './b.json' },
        'b.json': { $ref: './a.json' },
      },
      code: SpecErrorCode.RefCircular,
    },
  ]
  for (const { name, files, code } of failures) {
    it(`refuses ${name}`, async () => {
      const dir = project(files)
      await expect(loadSpecFile(join(dir, 'openapi.json'))).rejects.toMatchObject({ code })
      expect(failureOf(() => loadSpecFileSync(join(dir, 'openapi.json'))).code).toBe(code)
    })
  }

  it('names the referencing file, the ref and the referenced file in messages', async () => {
    const dir = project({
      'openapi.json': schemas({ Pet: { $ref: './pet.yaml#/Pet' } }),
      'pet.yaml': 'Pet:\n  properties:\n    a:\n      $ref: "#/Nope"\nOther: [unclosed\n',
    })
    const parse = failureOf(() => loadSpecFileSync(join(dir, 'openapi.json'))).message.replaceAll(
      dir,
      '<dir>',
    )
    expect(parse).toMatchInlineSnapshot(
      `"spec 'openapi' (<dir>/pet.yaml): malformed YAML (referenced by $ref './pet.yaml#/Pet') at line 6, column 1: unexpected end of the stream within a flow collection"`,
    )
    writeFileSync(join(dir, 'pet.yaml'), 'Pet:\n  properties:\n    a:\n      $ref: "#/Nope"\n')
    const missing = failureOf(() => loadSpecFileSync(join(dir, 'openapi.json'))).message.replaceAll(
      dir,
      '<dir>',
    )
    expect(missing).toMatchInlineSnapshot(
      `"spec 'openapi' (<dir>/pet.yaml) at #/Pet/properties/a: unresolvable $ref "#/Nope": no value at that pointer in <dir>/pet.yaml."`,
    )
  })

  it('refuses a referenced file that leaves the root through a symbolic link', async () => {
    const outside = project({ 'pet.json': { type: 'object' } })
    const dir = project({ 'openapi.json': schemas({ Pet: { $ref: './linked.json' } }) })
    symlinkSync(join(outside, 'pet.json'), join(dir, 'linked.json'))
    const got = failureOf(() => loadSpecFileSync(join(dir, 'openapi.json')))
    expect(got.code).toBe(SpecErrorCode.RefOutsideRoot)
    expect(got.message).toContain('through a symbolic link')
    await expect(loadSpecFile(join(dir, 'openapi.json'))).rejects.toMatchObject({
      code: SpecErrorCode.RefOutsideRoot,
    })
  })

  it('mounts a file reached by two spellings once', async () => {
    const dir = project({
      'openapi.json': schemas({ A: { $ref: './pet.json' }, B: { $ref: 'sub/../pet.json' } }),
      'pet.json': { type: 'object' },
      'sub/.keep': '',
    })
    const spec = await loadSpecFile(join(dir, 'openapi.json'))
    expect(Object.keys(spec.document['x-contracttool-external'] ?? {})).toEqual(['pet.json'])
  })
})

describe('YAML specifics', () => {
  it('shares aliased nodes without walking them twice, and refuses an alias inside its own anchor', async () => {
    const dir = project({
      'shared.yaml': [
        'openapi: 3.1.0',
        'info: {title: T, version: "1"}',
        'paths: {}',
        'components:',
        '  schemas:',
        '    A: &shape',
        '      type: object',
        '      properties:',
        '        b: {$ref: "./b.yaml"}',
        '    B: *shape',
        '',
      ].join('\n'),
      'b.yaml': 'type: string\n',
      'loop.yaml':
        'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    A: &a\n      items: *a\n',
    })
    const spec = await loadSpecFile(join(dir, 'shared.yaml'))
    expect(resolvePointer(spec.document, '#/components/schemas/B/properties/b')).toEqual({
      $ref: '#/x-contracttool-external/b.yaml',
    })
    expect(failureOf(() => loadSpecFileSync(join(dir, 'loop.yaml'))).code).toBe(SpecErrorCode.MalformedYaml)
  })

  it('reads merge keys, keeps dates as strings and an unquoted 3.0 as a number', async () => {
    const dir = project({
      'merge.yaml': [
        'openapi: 3.0.3',
        'info: {title: T, version: "1"}',
        'paths: {}',
        'components:',
        '  schemas:',
        '    Base: &base {type: object, description: base}',
        '    Child:',
        '      <<: *base',
        '      description: child',
        '      example: {born: 2024-01-01}',
        '',
      ].join('\n'),
    })
    const spec = await loadSpecFile(join(dir, 'merge.yaml'))
    expect(resolvePointer(spec.document, '#/components/schemas/Child')).toEqual({
      type: 'object',
      description: 'child',
      example: { born: '2024-01-01' },
    })
  })
})

describe(`a spec's own ${'x-contracttool-external'} member`, () => {
  it('is refused when referenced files would be mounted over it, never overwritten', () => {
    const dir = project({
      'openapi.json': {
        ...schemas({ Pet: { $ref: './pet.json' } }),
        'x-contracttool-external': { mine: { note: 'kept by the author' } },
      },
      'pet.json': { type: 'object' },
    })
    const got = failureOf(() => loadSpecFileSync(join(dir, 'openapi.json')))
    expect(got.code).toBe(SpecErrorCode.ReservedMember)
    expect(got.message).toContain(
      `at #/x-contracttool-external: the document declares x-contracttool-external itself, the member the loader mounts referenced files under ("${join(dir, 'pet.json')}"); expected the member to be left to the loader. Rename it.`,
    )
  })

  it('is kept as written when nothing is mounted (a document bundled before loads again)', () => {
    const given = {
      ...schemas({ Pet: { $ref: '#/x-contracttool-external/pet.json' } }),
      'x-contracttool-external': { 'pet.json': { type: 'object' } },
    }
    expect(loadSpecFromValue(given, { name: 'bundled' }).document).toEqual(given)
  })
})
