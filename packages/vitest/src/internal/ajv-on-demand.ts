// Stands in for the validator's `ajv-classes.ts` in the built worker code (tsup.config.ts): Ajv and its
// code generator, about 200 kB with the URI library Ajv needs, are loaded from `worker-ajv.cjs` the first
// time a test file compiles a schema. A file whose schemas were all compiled by an earlier file (the
// schema code folder) reads, compiles and runs none of it.

/** Ajv's classes, as the validator's `ajvClasses()` returns them. */
interface AjvClasses {
  readonly Ajv: unknown
  readonly Ajv2020: unknown
}

let loaded: AjvClasses | undefined

export function ajvClasses(): AjvClasses {
  // The worker code runs as CommonJS: `require` is its module's, resolving beside `worker-core.cjs`.
  loaded ??= require('./worker-ajv.cjs') as AjvClasses
  return loaded
}
