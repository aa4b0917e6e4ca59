import {
  ADVISORY_FORMATS,
  ENFORCED_FORMATS,
  isObject,
  type JsonObject,
  type JsonValue,
} from '@contracttool/kernel'
import { decodeFragmentToken } from '@contracttool/kernel/internal'
import {
  dialectFromUri,
  type LoadedSpec,
  resolvePointer,
  type SchemaDialect,
} from '@contracttool/spec-loader'
import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv'
import type { DataValidationCxt } from 'ajv/dist/types/index.js'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import type { CustomFormats, SchemaContext } from '../types.js'
import { ajvClasses } from './ajv-classes.js'
import { FAST_FORMATS } from './fast-formats.js'
import {
  type LoweredObject,
  type LoweredSchema,
  lowerSchema,
  SchemaLoweringError,
  type Semantics,
  usesUnevaluated,
} from './lower-schema.js'
import { createPatternEngine, type PatternEngine } from './pattern-engine.js'
import { type CodeValues, describeSchemaCode, instantiateSchemaCode, schemaCodeCache } from './schema-code.js'
import type { SchemaNotes } from './schema-notes.js'
import { uniqueItemsKeyword } from './unique-items.js'

const ENFORCED_SET: ReadonlySet<string> = new Set(ENFORCED_FORMATS)
// The checkers of the enforced formats, shared by every engine (kept schema code names them).
const FORMATS: Readonly<Record<string, NonNullable<Options['formats']>[string]>> = {
  ...Object.fromEntries(ENFORCED_FORMATS.map((name) => [name, fullFormats[name]])),
  ...FAST_FORMATS,
}
const ADVISORY_SET: ReadonlySet<string> = new Set(ADVISORY_FORMATS)

// The keyword a lazy reference is lowered to.
export const LAZY_REF = 'x-cto-ref'
// Error keyword: a referenced schema cannot be lowered or compiled.
export const BROKEN_REF_KEYWORD = 'x-contracttool-broken-ref'
// Error keyword: the value nests deeper than `MAX_REFERENCE_DEPTH` references.
export const DEPTH_KEYWORD = 'x-contracttool-depth'
// How many references may be followed inside one another while validating one value. Each hop costs a
// few stack frames in Ajv's generated code; recursive schemas met with a hostile, deeply nested body
// stop here with a violation instead of exhausting the stack.
export const MAX_REFERENCE_DEPTH = 500

// Ajv clobbers `data` on errors it passes up through a keyword; the value that failed is kept here.
export type SchemaError = ErrorObject & { failedData?: unknown }

// The value a (possibly nested) error is about.
export function dataOf(error: SchemaError): unknown {
  return 'failedData' in error ? error.failedData : error.data
}

// One compiled document schema.
export interface CompiledSchema {
  readonly validate: ValidateFunction | undefined
  // Why the schema could not be compiled (naming the node), when it could not.
  readonly error: string | undefined
  // The document node and its pointer, to compile the same schema in the exhaustive registry.
  readonly node: JsonValue
  readonly pointer: string | undefined
}

interface LazyTarget {
  // A document `$ref`, or the pointer of an inline unit.
  readonly ref: string
  // Set for inline units: the node to lower and how to read it.
  readonly inline?: { readonly node: JsonValue; readonly semantics: Semantics }
  // The lowered resource, or why it could not be lowered.
  resource: LoweredObject | undefined
  error: string | undefined
}

type Mode = 'lazy' | 'native'

// The own-properties Ajv instance, or the plain one.
type EngineKind = 'own' | 'plain'

interface Engine {
  readonly ajv: Ajv
  // The source Ajv generated for the schema it compiled last (its `code.process` hook).
  lastSource: { readonly schema: unknown; readonly source: string } | undefined
}

// Bumped when what a kept key or code means changes (2: keys name the error mode).
const CODE_KEY_VERSION = 2

type LazyRef = ((id: string, data: unknown, parent: unknown, dataCxt?: DataValidationCxt) => boolean) & {
  errors: SchemaError[]
}

// Names every plain object inherits. Ajv's `ownProperties` option makes `required: ['constructor']` or
// `properties: { toString: … }` look at own keys only, but it also puts a `hasOwnProperty` call on every
// property a schema reads and an `Object.keys` on every object it loops over, which makes validation
// several times slower. A schema that names none of these reads the same answers without it.
const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype))

// Compiles the schemas of one spec for one context (request or response).
//
// Nothing is converted up front, and Ajv only ever compiles what a value reaches. Compiling a schema
// lowers that node alone; each `$ref` in it becomes a lazy reference (`x-cto-ref`, a custom keyword)
// whose target is lowered and compiled the first time validation reaches it, then shared by every
// schema of the spec that refers to it. So a first validation compiles only the components the response
// actually contains (GitHub's `issue` reaches its `repository` only when the body carries one), and no
// schema is compiled twice per engine. Recursive schemas stay references, never inlined; the lazy
// keyword also counts how deep references nest, which bounds the stack a hostile body can consume.
//
// Validation stops at a value's first error (Ajv without `allErrors`), so a passing value and a failing
// one cost the same and a failure builds one error, however many the value holds. Explaining a failure
// in full is the work of a sibling registry (`exhaustive()`), identical but for Ajv's `allErrors`,
// compiled only for the schemas that failed.
//
// Two Ajv instances share the work: one checks own properties only, for the schemas that name a
// property every object inherits (`constructor`, `toString`, `__proto__`…) and for native references;
// the other, several times faster, compiles everything else. The choice is made per compiled node,
// and a lazy reference calls its target in whichever instance compiled it.
//
// Lazy reference ids are derived from what they stand for (`cto:#/components/schemas/Pet`), so a lowered
// schema reads the same in every process: with a schema code cache in use (`useSchemaCodeCache`), the
// code Ajv generated for it in one process serves the next, and an Ajv instance is only created for a
// schema no process compiled before.
//
// `unevaluatedProperties`/`unevaluatedItems` need Ajv to see through references to collect annotations,
// so a schema using them is lowered with native `$ref`s to targets registered under an `$id` (eagerly,
// transitively) instead.
export class SchemaRegistry {
  readonly notes: SchemaNotes = { source: new WeakMap(), notes: new WeakMap(), resources: new Map() }
  readonly patterns: PatternEngine
  // Own-properties-only Ajv (inherited names and native `$ref`s, registered here), and the same options
  // without `ownProperties`: each created on first use, since most specs never need the first.
  #ownEngineCache: Engine | undefined
  #plainEngineCache: Engine | undefined
  // Compiled lazy targets (or why they could not be compiled), whichever engine compiled them.
  readonly #targets = new Map<string, ValidateFunction | string>()
  // Compiled lazy targets by engine and lowered shape: structurally identical targets share a function.
  readonly #byShape = new Map<string, ValidateFunction>()
  // Inline units by node: one id per node, however often it is lowered.
  readonly #unitIds = new WeakMap<object, string>()
  readonly #lazyRef: LazyRef
  readonly #lazyIds = new Map<string, string>()
  readonly #lazyTargets = new Map<string, LazyTarget>()
  readonly #nativeIds = new Map<string, string>()
  readonly #pendingNative: string[] = []
  readonly #brokenNative = new Map<string, string>()
  readonly #compiled = new WeakMap<object, CompiledSchema>()
  readonly #compiledLowered = new WeakMap<object, ValidateFunction | undefined>()
  readonly #spec: LoadedSpec
  readonly #context: SchemaContext
  readonly #warn: (key: string, message: string) => void
  #mode: Mode = 'lazy'
  #depth = 0
  // Whether Ajv collects every error (the sibling that explains failures) or stops at the first.
  readonly #allErrors: boolean
  #exhaustiveCache: SchemaRegistry | undefined
  // The enforced formats and their checkers, with the ones the run added (`useFormats()`).
  readonly #customFormats: CustomFormats
  readonly #formats: Readonly<Record<string, NonNullable<Options['formats']>[string]>>
  readonly #enforcedFormats: ReadonlySet<string>

  constructor(
    spec: LoadedSpec,
    context: SchemaContext,
    warn: (key: string, message: string) => void,
    allErrors = false,
    patterns?: PatternEngine,
    customFormats: CustomFormats = {},
  ) {
    this.#customFormats = customFormats
    const names = Object.keys(customFormats)
    this.#formats = names.length === 0 ? FORMATS : { ...FORMATS, ...customFormats }
    this.#enforcedFormats = names.length === 0 ? ENFORCED_SET : new Set([...ENFORCED_SET, ...names])
    this.#spec = spec
    this.#context = context
    this.#warn = warn
    this.#allErrors = allErrors
    this.patterns = patterns ?? createPatternEngine(warn)
    this.#lazyRef = this.createLazyRef()
  }

  // The registry that compiles the same schemas collecting every error (itself when it does), created on
  // the first failure to explain.
  exhaustive(): SchemaRegistry {
    if (this.#allErrors) return this
    // Compiled patterns are shared: a failing value runs the same patterns again.
    this.#exhaustiveCache ??= new SchemaRegistry(
      this.#spec,
      this.#context,
      this.#warn,
      true,
      this.patterns,
      this.#customFormats,
    )
    return this.#exhaustiveCache
  }

  private get ownEngine(): Engine {
    this.#ownEngineCache ??= this.createEngine(true)
    return this.#ownEngineCache
  }

  private get plainEngine(): Engine {
    this.#plainEngineCache ??= this.createEngine(false)
    return this.#plainEngineCache
  }

  private createEngine(ownProperties: boolean): Engine {
    const options: Options = {
      strict: false,
      allErrors: this.#allErrors,
      // Errors carry the failing value and schema node: messages show what was received, notes and
      // sources are found by node identity.
      verbose: true,
      // `constructor`, `toString`… in a body are plain keys, never inherited values (see `engineKindOf`).
      ownProperties,
      // Lowered schemas are built keyword by keyword from the document and never carry `$schema`, nor a
      // `$ref` Ajv resolves on its own: the meta-schemas (most of what creating an instance costs) go unused.
      validateSchema: false,
      meta: false,
      addUsedSchema: false,
      inlineRefs: false,
      logger: false,
      formats: { ...this.#formats },
      // Messages are rendered from keywords and params (schema-violations.ts), never from Ajv's text.
      messages: false,
      code: {
        regExp: this.patterns.regExp,
        // Compile time matters more than the last nanosecond of run time: compiles happen on first use.
        optimize: false,
        // Seen, not changed: the source is what a schema code cache keeps.
        process: (source, env) => {
          engine.lastSource = { schema: env?.schema, source }
          return source
        },
      },
    }
    const classes = ajvClasses()
    const ajv = this.#spec.version === '3.0' ? new classes.Ajv(options) : new classes.Ajv2020(options)
    const engine: Engine = { ajv, lastSource: undefined }
    ajv.addKeyword({ keyword: LAZY_REF, schemaType: 'string', errors: true, validate: this.#lazyRef })
    // Ajv's own `uniqueItems` compares object items pair by pair: replaced by a linear one.
    ajv.removeKeyword('uniqueItems')
    ajv.addKeyword({
      keyword: 'uniqueItems',
      schemaType: 'boolean',
      errors: true,
      validate: uniqueItemsKeyword,
    })
    return engine
  }

  // The keyword function of a lazy reference: compiles the target on first use and validates with it.
  private createLazyRef(): LazyRef {
    const lazyRef = ((id: string, data: unknown, _parent: unknown, dataCxt?: DataValidationCxt): boolean => {
      const instancePath = dataCxt?.instancePath ?? ''
      const target = this.targetValidator(id)
      if (typeof target === 'string') {
        lazyRef.errors = [keywordError(BROKEN_REF_KEYWORD, instancePath, { message: target }, data)]
        return false
      }
      if (this.#depth >= MAX_REFERENCE_DEPTH) {
        lazyRef.errors = [keywordError(DEPTH_KEYWORD, instancePath, { limit: MAX_REFERENCE_DEPTH }, data)]
        return false
      }
      this.#depth++
      try {
        if (target(data, dataCxt)) return true
        // The errors are this call's own: marked in place before Ajv rewrites their `data`.
        const errors: SchemaError[] = target.errors ?? []
        for (const error of errors) if (!('failedData' in error)) error.failedData = error.data
        lazyRef.errors = errors
        return false
      } finally {
        this.#depth--
      }
    }) as LazyRef
    lazyRef.errors = []
    return lazyRef
  }

  // Compiles a lowered root in the engine of `kind`: from kept code when a schema code cache holds it,
  // else with Ajv (keeping the code when the cache can take it). `shape` is the lowered schema as JSON,
  // when already known.
  private compileRoot(lowered: LoweredSchema, kind: EngineKind, shape?: string): ValidateFunction {
    const cache = schemaCodeCache()
    if (cache === undefined) return this.engine(kind).ajv.compile(lowered)
    const key = `${CODE_KEY_VERSION}:${this.#spec.version === '3.0' ? 'draft-07' : '2020-12'}:${kind}:${this.#allErrors ? 'all' : 'first'}:${shape ?? JSON.stringify(lowered)}`
    const values = this.codeValues(lowered)
    const kept = cache.get(key)
    const reused = kept === undefined ? undefined : instantiateSchemaCode(kept, values)
    if (reused !== undefined) return reused
    const engine = this.engine(kind)
    engine.lastSource = undefined
    const validate = engine.ajv.compile(lowered)
    const generated = engine.lastSource as Engine['lastSource']
    if (generated !== undefined && generated.schema === lowered) {
      const code = describeSchemaCode(generated.source, validate, engine.ajv, values)
      if (code !== undefined) cache.set(key, code)
    }
    return validate
  }

  // What kept code may take from this registry, for the lowered root `root`.
  private codeValues(root: LoweredSchema): CodeValues {
    return {
      root,
      lazyRef: this.#lazyRef,
      regExp: this.patterns.regExp,
      formats: this.#formats,
      pattern: (key) => {
        // Ajv's key of a pattern is `/pattern/flags`.
        const end = key.lastIndexOf('/')
        return key.startsWith('/') && end > 0
          ? this.patterns.regExp(key.slice(1, end), key.slice(end + 1))
          : undefined
      },
    }
  }

  // Compiles a document schema node (cached by node identity). `pointer` locates it for messages; a
  // function is only called on a cache miss, so the hot path builds no strings.
  compile(node: JsonValue, pointer: string | (() => string) | undefined): CompiledSchema {
    const key = isObject(node) || Array.isArray(node) ? node : undefined
    const cached = key === undefined ? undefined : this.#compiled.get(key)
    if (cached !== undefined) return cached
    const at = typeof pointer === 'function' ? pointer() : pointer
    const result: CompiledSchema = { ...this.compileFresh(node, at), node, pointer: at }
    if (key !== undefined) this.#compiled.set(key, result)
    return result
  }

  // Compiles a lowered subschema on its own (to attribute errors to a `oneOf` branch).
  compileLowered(node: LoweredSchema): ValidateFunction | undefined {
    if (typeof node === 'boolean') return this.compileRoot(node, 'plain')
    if (this.#compiledLowered.has(node)) return this.#compiledLowered.get(node)
    let validate: ValidateFunction | undefined
    try {
      validate = this.compileRoot(node, engineKindOf(node))
    } catch {
      validate = undefined
    }
    this.#compiledLowered.set(node, validate)
    return validate
  }

  // The lowered schema a reference id stands for, once lowered (to explain errors).
  resource(id: string): LoweredSchema | undefined {
    return this.notes.resources.get(id) as LoweredSchema | undefined
  }

  // The id a lowered node refers to (`$ref` or lazy), if it is a reference.
  referenceOf(node: LoweredSchema): string | undefined {
    if (typeof node !== 'object') return undefined
    const id = node[LAZY_REF] ?? node.$ref
    return typeof id === 'string' ? id : undefined
  }

  private compileFresh(
    node: JsonValue,
    pointer: string | undefined,
  ): Pick<CompiledSchema, 'validate' | 'error'> {
    let lowered: LoweredSchema
    try {
      lowered = this.lower(node, pointer ?? '#', usesUnevaluated(node) ? 'native' : 'lazy')
      this.drainNative()
    } catch (error) {
      return { validate: undefined, error: describeFailure(error, pointer) }
    }
    try {
      return { validate: this.compileRoot(lowered, engineKindOf(lowered)), error: undefined }
    } catch (error) {
      const missing = (error as { missingRef?: unknown }).missingRef
      const broken = typeof missing === 'string' ? this.#brokenNative.get(missing) : undefined
      return { validate: undefined, error: broken ?? describeFailure(error, pointer) }
    }
  }

  private lower(node: JsonValue, pointer: string, mode: Mode, semantics?: Semantics): LoweredSchema {
    const previous = this.#mode
    this.#mode = mode
    try {
      return lowerSchema(node, pointer, semantics ?? this.dialectAt(pointer), {
        document: this.#spec.document,
        version: this.#spec.version,
        context: this.#context,
        target: this.#spec.version === '3.0' ? 'draft-07' : '2020-12',
        reference: (ref) => this.reference(ref),
        unit: (child, childPointer, childSemantics) => this.unit(child, childPointer, childSemantics),
        warn: this.#warn,
        notes: this.notes,
        enforcedFormats: this.#enforcedFormats,
        advisoryFormats: ADVISORY_SET,
      })
    } finally {
      this.#mode = previous
    }
  }

  private reference(ref: string): LoweredObject {
    if (this.#mode === 'native') {
      let id = this.#nativeIds.get(ref)
      if (id === undefined) {
        id = `ctn:${this.#nativeIds.size + 1}`
        this.#nativeIds.set(ref, id)
        this.#pendingNative.push(ref)
      }
      return { $ref: id }
    }
    let id = this.#lazyIds.get(ref)
    if (id === undefined) {
      id = `cto:${ref}`
      this.#lazyIds.set(ref, id)
      this.#lazyTargets.set(id, { ref, resource: undefined, error: undefined })
    }
    return { [LAZY_REF]: id }
  }

  // A large inline subschema becomes its own lazy unit (lazy mode only: native mode needs annotations).
  private unit(node: JsonObject, pointer: string, semantics: Semantics): LoweredObject | undefined {
    if (this.#mode !== 'lazy' || usesUnevaluated(node)) return undefined
    const known = this.#unitIds.get(node)
    if (known !== undefined) return { [LAZY_REF]: known }
    // Named after where it is and how it is read; another node met at the same place (schemas handed
    // to `compileSchemaValidator` all start at `#`) gets a number.
    let id = `ctu:${semantics}:${pointer}`
    for (let n = 2; this.#lazyTargets.has(id); n++) id = `ctu:${semantics}:${pointer}#${n}`
    this.#unitIds.set(node, id)
    this.#lazyTargets.set(id, {
      ref: pointer,
      inline: { node, semantics },
      resource: undefined,
      error: undefined,
    })
    return { [LAZY_REF]: id }
  }

  // The compiled target of a lazy reference: lowered and compiled once; structurally identical targets
  // share one compiled function.
  private targetValidator(id: string): ValidateFunction | string {
    const cached = this.#targets.get(id)
    if (cached !== undefined) return cached
    const target = this.lowerTarget(id)
    let result: ValidateFunction | string
    if (target.resource === undefined) {
      result = target.error ?? `Cannot compile the schema at ${target.ref}.`
    } else {
      try {
        const kind = engineKindOf(target.resource)
        const shape = JSON.stringify(target.resource)
        const key = `${kind}:${shape}`
        let validate = this.#byShape.get(key)
        if (validate === undefined) {
          validate = this.compileRoot(target.resource, kind, shape)
          this.#byShape.set(key, validate)
        }
        result = validate
      } catch (error) {
        result = describeFailure(error, target.ref)
      }
    }
    this.#targets.set(id, result)
    return result
  }

  private engine(kind: EngineKind): Engine {
    return kind === 'own' ? this.ownEngine : this.plainEngine
  }

  private lowerTarget(id: string): LazyTarget {
    const target = this.#lazyTargets.get(id) as LazyTarget
    if (target.resource !== undefined || target.error !== undefined) return target
    const source =
      target.inline?.node ??
      (target.ref.startsWith('#') ? resolvePointer(this.#spec.document, target.ref) : undefined)
    if (source === undefined) {
      target.error = `Unresolvable $ref '${target.ref}' in '${this.#spec.name}' spec: the target does not exist.`
      return target
    }
    try {
      const lowered = this.lower(
        source,
        target.ref,
        usesUnevaluated(source) ? 'native' : 'lazy',
        target.inline?.semantics,
      )
      this.drainNative()
      const resource = asResource(lowered)
      if (resource !== lowered) this.notes.source.set(resource, target.ref)
      this.notes.resources.set(id, resource)
      target.resource = resource
    } catch (error) {
      target.error = describeFailure(error, target.ref)
    }
    return target
  }

  // Registers every queued native `$ref` target under its id (targets may queue more).
  private drainNative(): void {
    for (let ref = this.#pendingNative.pop(); ref !== undefined; ref = this.#pendingNative.pop()) {
      const id = this.#nativeIds.get(ref) as string
      const source = ref.startsWith('#') ? resolvePointer(this.#spec.document, ref) : undefined
      if (source === undefined) {
        this.#brokenNative.set(
          id,
          `Unresolvable $ref '${ref}' in '${this.#spec.name}' spec: the target does not exist.`,
        )
        continue
      }
      let lowered: LoweredSchema
      try {
        lowered = this.lower(source, ref, 'native')
      } catch (error) {
        this.#brokenNative.set(id, describeFailure(error, ref))
        continue
      }
      const resource = asResource(lowered)
      if (resource !== lowered) this.notes.source.set(resource, ref)
      resource.$id = id
      this.notes.resources.set(id, resource)
      this.ownEngine.ajv.addSchema(resource)
    }
  }

  // The dialect in force at `pointer`: the spec default, overridden by `$schema` on the way down (3.1+).
  private dialectAt(pointer: string): SchemaDialect {
    let dialect = this.#spec.defaultDialect
    if (this.#spec.version === '3.0' || !pointer.startsWith('#/')) return dialect
    let node: JsonValue | undefined = this.#spec.document
    for (const token of pointer.slice(2).split('/')) {
      if (!isObject(node)) break
      if (typeof node.$schema === 'string') dialect = dialectFromUri(node.$schema) ?? dialect
      node = node[decodeFragmentToken(token)]
    }
    return dialect
  }
}

// The engine for a lowered node: the own-properties one when the node (down to its lazy references,
// which are compiled on their own) names an inherited property or holds a native `$ref`. Loops over
// a value's keys (`additionalProperties`) then use `for…in`, which sees only own keys as long as
// nothing has made a property of `Object.prototype` enumerable; Ajv cannot compile anything then.
function engineKindOf(node: LoweredSchema): EngineKind {
  return readsInheritedNames(node) ? 'own' : 'plain'
}

// Whether validating `node` may read a property by a name plain objects inherit (through
// `properties`, `required`, `dependentRequired`, `dependentSchemas` or `dependencies`), or follows a
// native `$ref`. Every nested object is searched, data (`enum`, `const`) included: a false alarm only
// costs speed. Lazy references are not followed: their targets are compiled, and checked, on their own.
function readsInheritedNames(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(readsInheritedNames)
  if (!isObject(node as JsonValue)) return false
  const object = node as Record<string, unknown>
  if (object.$ref !== undefined) return true
  for (const [keyword, value] of Object.entries(object)) {
    switch (keyword) {
      case 'required':
        if (Array.isArray(value) && value.some(isInheritedName)) return true
        break
      case 'properties':
      case 'dependentSchemas':
      case 'dependentRequired':
      case 'dependencies':
        if (isObject(value as JsonValue)) {
          for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
            if (isInheritedName(name)) return true
            if (Array.isArray(entry) && entry.some(isInheritedName)) return true
          }
        }
        break
    }
    if (typeof value === 'object' && readsInheritedNames(value)) return true
  }
  return false
}

function isInheritedName(name: unknown): boolean {
  return typeof name === 'string' && INHERITED_NAMES.has(name)
}

// A lowered schema as a standalone resource: booleans become objects, a bare reference gets a wrapper.
function asResource(lowered: LoweredSchema): LoweredObject {
  if (typeof lowered === 'boolean') return lowered ? {} : { not: {} }
  return lowered.$ref === undefined ? lowered : { allOf: [lowered] }
}

function keywordError(
  keyword: string,
  instancePath: string,
  params: Record<string, unknown>,
  data: unknown,
): SchemaError {
  return { keyword, instancePath, schemaPath: '', params, data, failedData: data }
}

function describeFailure(error: unknown, pointer: string | undefined): string {
  if (error instanceof SchemaLoweringError) return error.message
  const where = pointer === undefined ? 'the schema' : `the schema at ${pointer}`
  const detail = error instanceof Error ? error.message : String(error)
  return `Cannot compile ${where}: ${detail}`
}
