import { createRequire } from 'node:module'
import type { Ajv } from 'ajv'
import type { Ajv2020 } from 'ajv/dist/2020.js'

/** Ajv's classes: draft-07 (OpenAPI 3.0 schemas) and 2020-12 (3.1 and later). */
export interface AjvClasses {
  readonly Ajv: typeof Ajv
  readonly Ajv2020: typeof Ajv2020
}

let loaded: AjvClasses | undefined

/**
 * Ajv, loaded the first time the schema registry must compile a schema. Ajv and its code generator are
 * about 80 modules; a test process whose schemas were all compiled by an earlier one (`useSchemaCodeCache`)
 * never needs them, and never loads them.
 */
export function ajvClasses(): AjvClasses {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url)
    loaded = {
      Ajv: (require('ajv') as typeof import('ajv')).Ajv,
      Ajv2020: (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020,
    }
  }
  return loaded
}
