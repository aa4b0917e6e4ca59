import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { removeOtherCaches } from '../internal/sealed-cache.js'

/** How every schema code folder's name starts: a run removes the folders of other versions by it. */
export const SCHEMA_CODE_PREFIX = 'schema-code-'

/**
 * Main process: the folder of `cacheDir` (a folder of the project's own) that keeps the schema code of the
 * validator this harness runs with (`useSchemaCodeFolder()`), named after that validator's build, its Ajv
 * and the Node version, so that code another version generated is never read; the folders of other
 * versions are removed (one per reinstall would pile up otherwise). Undefined when the validator
 * or its Ajv cannot be found: test files then keep their schema code for the run only.
 *
 * @example
 * const schemaCodeDir = schemaCodeFolder(join(root, 'node_modules', '.cache', 'contracttool'))
 */
export function schemaCodeFolder(cacheDir: string): string | undefined {
  try {
    const validator = createRequire(import.meta.url).resolve('@contracttool/validator')
    const { version: ajv } = createRequire(validator)('ajv/package.json') as { version: string }
    const { size, mtimeMs } = statSync(validator)
    const stamp = createHash('sha256')
      .update(
        `${validator}\u0000${size}\u0000${mtimeMs}\u0000${ajv}\u0000${process.version}\u0000${process.arch}`,
      )
      .digest('hex')
      .slice(0, 16)
    const name = `${SCHEMA_CODE_PREFIX}${stamp}`
    removeOtherCaches(cacheDir, [SCHEMA_CODE_PREFIX], [name])
    return join(cacheDir, name)
  } catch {
    return undefined
  }
}
