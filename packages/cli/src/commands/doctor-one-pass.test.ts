import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCaptured } from '../../test/run-captured.test-kit.js'
import { tempDir } from '../../test/temp-dir.test-kit.js'

// Like a linter, one run reports every problem: each use of an unresolved `$ref`, and the structural
// findings of the rest of the document, which the loader never reaches once a reference fails.
const SPEC = `openapi: 3.0.3
info:
  title: Two problems
  version: 1.0.0
servers:
  - url: https://api.example.com/{version}
paths:
  /pets:
    get:
      responses:
        '20O':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Missing'
  /pets/{petId}:
    get:
      parameters:
        - name: petId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Missing'
components:
  schemas:
    Pet:
      type: object
      properties:
        example:
          $ref: '#/components/schemas/Gone'
`

describe('contracttool doctor in one pass', () => {
  it('lists every use of an unresolved $ref and still checks the rest of the document', async () => {
    const cwd = tempDir()
    writeFileSync(join(cwd, 'api.yaml'), SPEC)
    const run = await runCaptured(['doctor', '--spec=api.yaml', '--format=json'], { cwd })
    expect(run.code).toBe(1)
    const issues = JSON.parse(run.stdout).issues as { category: string; message: string; pointer: string }[]
    const summary = issues.map((issue) => `${issue.category} ${issue.pointer}: ${issue.message}`)
    const file = join(cwd, 'api.yaml')
    expect(summary.filter((line) => line.includes('$ref'))).toEqual([
      // The loader's own error, at the first reference it could not resolve.
      `references #/components/schemas/Pet/properties/example: spec 'api' (${file}) at #/components/schemas/Pet/properties/example: unresolvable $ref "#/components/schemas/Gone": no value at that pointer in ${file}.`,
      // Every other use, the same pointer used twice included.
      'references #/paths/~1pets/get/responses/20O/content/application~1json/schema: unresolvable $ref "#/components/schemas/Missing" at #/paths/~1pets/get/responses/20O/content/application~1json/schema: no value at that pointer.',
      'references #/paths/~1pets~1{petId}/get/responses/200/content/application~1json/schema: unresolvable $ref "#/components/schemas/Missing" at #/paths/~1pets~1{petId}/get/responses/200/content/application~1json/schema: no value at that pointer.',
    ])
    // Found on the document as written, although the loader stopped at the first reference.
    expect(summary).toContain(
      "structure #/paths/~1pets/get/responses/20O: Response key '20O' of GET /pets is not an HTTP status (100-599), a range (1XX-5XX) or 'default': no response ever matches it.",
    )
    expect(summary).toContain(
      'structure null: servers[0].url "https://api.example.com/{version}" uses variable {version}, which servers[0].variables does not define: request paths cannot be matched through this server.',
    )
    expect(readFileSync(join(cwd, 'api.yaml'), 'utf8')).toBe(SPEC)
  })
})
