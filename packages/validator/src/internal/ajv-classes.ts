import { Ajv } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'

/** Ajv's classes: draft-07 (OpenAPI 3.0 schemas) and 2020-12 (3.1 and later). */
export interface AjvClasses {
  readonly Ajv: typeof Ajv
  readonly Ajv2020: typeof Ajv2020
}

/**
 * Ajv, for the schema registry to create an instance when a schema must be compiled. A function of its
 * own so that a bundle can load Ajv only then: the Vitest plugin's worker code replaces this module with
 * one that requires Ajv on first call, since most test files find every schema they validate already
 * compiled (see `useSchemaCodeCache`) and never need Ajv's code generator.
 */
export function ajvClasses(): AjvClasses {
  return { Ajv, Ajv2020 }
}
