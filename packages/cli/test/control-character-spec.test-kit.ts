import { writeFileSync } from 'node:fs'

/** The `$ref` of `writeControlCharacterSpec`: a file name holding a newline, a workflow command and a terminal sequence. */
export const CONTROL_CHARACTER_REF = './m\n::error::pwned\u001b[31m.json'

/** Writes a spec at `path` whose only `$ref` names a missing file through `CONTROL_CHARACTER_REF`. */
export function writeControlCharacterSpec(path: string): void {
  writeFileSync(
    path,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Evil', version: '1' },
      paths: { '/a': { get: { responses: { '200': { $ref: CONTROL_CHARACTER_REF } } } } },
    }),
  )
}
