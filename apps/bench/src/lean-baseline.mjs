// The lean baseline of the performance targets (README, "Reading the targets"): the least a correct-enough response validator must do, written
// plainly so our validator has an honest yardstick (targets: steady state and first pass within 1.2×
// of this, peak memory within 1.2×).
//
//   load     JSON.parse (YAML for the petstore fixtures); keep every `$ref`; register the whole document
//            once with Ajv under the id `spec` (draft-07 + Ajv's `nullable` keyword for 3.0, 2020-12 for
//            3.1); a route table: a Map of literal paths plus a precompiled regex list.
//   validate route (literal Map, else a memo of earlier concrete paths, else a linear regex scan that
//            keeps the most specific match), pick the response (exact status, then NXX, then
//            `default`; one level of response `$ref`), pick the media type, compile that schema on first
//            use by JSON pointer into the registered document, cache it, run it.
//
// Simplifications, on purpose (they make the baseline faster, never slower, than a complete validator):
//   - response headers are not validated, and neither are non-JSON bodies (only their presence);
//   - media type choice: exact type (parameters dropped), then `type/*`, then `*/*`, else a failure;
//   - 3.0 `nullable` without `type` (Ajv refuses it) is rewritten in place at load with the same rule as
//     the peers' sanitized copies (src/lib/specs.mjs): a null-only branch appended to `oneOf`/`anyOf`;
//     `nullable` with an `enum` gets `null` added to the enum (one in-place walk does both);
//   - `discriminator` is ignored (plain `oneOf`); readOnly/writeOnly are not enforced;
//   - formats: ajv-formats, OpenAPI's numeric/binary formats accepted as-is, unknown formats ignored;
//   - no skip patterns, no server base-path discovery (the caller passes the prefix to strip), no
//     diagnostics beyond Ajv's raw errors.
import Ajv from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { compileTemplateRegExp, isTemplated, moreSpecific } from './lib/paths.mjs'
import { readSpecObject } from './lib/specs.mjs'

const OPENAPI_FORMATS = ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']

function escapeToken(token) {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

function resolveLocal(document, ref) {
  let node = document
  for (const raw of ref.slice(2).split('/')) {
    if (node === null || typeof node !== 'object') return undefined
    node = node[raw.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return node
}

// In place, so the document Ajv holds is the one the pointers point into.
function fixNullable(node) {
  if (Array.isArray(node)) {
    for (const item of node) if (item !== null && typeof item === 'object') fixNullable(item)
    return
  }
  for (const key in node) {
    const child = node[key]
    if (child !== null && typeof child === 'object') fixNullable(child)
  }
  // `nullable` with an `enum` that lacks null: GitHub means "or null" (as most tools read it), while
  // Ajv's `nullable` keyword still applies the enum to null.
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null)
  if (node.nullable === true && node.type === undefined && node.$ref === undefined) {
    delete node.nullable
    const nullOnly = { type: 'string', nullable: true, enum: [null] }
    if (Array.isArray(node.oneOf)) node.oneOf.push(nullOnly)
    else if (Array.isArray(node.anyOf)) node.anyOf.push(nullOnly)
    else if (Array.isArray(node.allOf)) {
      node.anyOf = [{ allOf: node.allOf }, nullOnly]
      delete node.allOf
    }
  }
}

function isJsonMediaType(mediaType) {
  return mediaType === 'application/json' || mediaType.endsWith('+json')
}

/** The route table of the lean baseline, also used by the harness to group exchanges per operation. */
export function createRouter(paths) {
  const literals = new Map()
  const templated = []
  for (const template of paths) {
    if (isTemplated(template)) templated.push(compileTemplateRegExp(template))
    else {
      const key = template.length > 1 ? template.replace(/\/+$/, '') : template
      if (!literals.has(key)) literals.set(key, template)
    }
  }
  const memo = new Map()
  const scan = (path) => {
    let best
    for (const entry of templated) {
      if (entry.regexp.test(path) && (best === undefined || moreSpecific(entry, best))) best = entry
    }
    return best?.template
  }
  return {
    /** With the memo: what the lean baseline does. */
    match(path) {
      const key = path.length > 1 ? path.replace(/\/+$/, '') : path
      const literal = literals.get(key)
      if (literal !== undefined) return literal
      let hit = memo.get(key)
      if (hit === undefined && !memo.has(key)) {
        hit = scan(key)
        memo.set(key, hit)
      }
      return hit
    },
    /** Without the memo: a plain linear regex scan, for scenario 2. */
    matchUncached(path) {
      const key = path.length > 1 ? path.replace(/\/+$/, '') : path
      return literals.get(key) ?? scan(key)
    },
  }
}

/**
 * Loads `file` and returns `validate(exchange)` → `{ verdict: 'success' | 'failure', reason? }`.
 * `exchange` is `{ method, path, status, contentType?, body? }` with `path` already stripped of the
 * servers base path.
 */
export function createLeanValidator(file) {
  const document = readSpecObject(file)
  const is31 = typeof document.openapi === 'string' && !document.openapi.startsWith('3.0')
  const options = { strict: false, allErrors: true, validateSchema: false, logger: false }
  const ajv = is31 ? new Ajv2020(options) : new Ajv(options)
  addFormats(ajv)
  for (const format of OPENAPI_FORMATS) ajv.addFormat(format, true)
  if (!is31) fixNullable(document)
  ajv.addSchema(document, 'spec')
  const paths = document.paths ?? {}
  const router = createRouter(Object.keys(paths))
  const validators = new Map()

  const schemaValidator = (pointer) => {
    let validate = validators.get(pointer)
    if (validate === undefined) {
      validate = ajv.getSchema(`spec#${pointer}`)
      if (validate === undefined) throw new Error(`cannot compile schema at ${pointer}`)
      validators.set(pointer, validate)
    }
    return validate
  }

  return function validate(exchange) {
    const template = router.match(exchange.path)
    if (template === undefined) return { verdict: 'failure', reason: 'no matching path' }
    const methodKey = exchange.method.toLowerCase()
    const operation = paths[template][methodKey]
    if (operation === undefined) return { verdict: 'failure', reason: 'method not documented' }
    const responses = operation.responses ?? {}
    const status = String(exchange.status)
    const statusKey =
      status in responses
        ? status
        : `${status[0]}XX` in responses
          ? `${status[0]}XX`
          : 'default' in responses
            ? 'default'
            : undefined
    if (statusKey === undefined) return { verdict: 'failure', reason: 'status not documented' }
    let response = responses[statusKey]
    let pointer = `/paths/${escapeToken(template)}/${methodKey}/responses/${escapeToken(statusKey)}`
    if (typeof response?.$ref === 'string') {
      pointer = response.$ref.slice(1)
      response = resolveLocal(document, response.$ref)
    }
    const content = response?.content
    const hasBody = exchange.body !== undefined && exchange.body !== ''
    if (content === undefined || Object.keys(content).length === 0) {
      return hasBody
        ? { verdict: 'failure', reason: 'body where none is documented' }
        : { verdict: 'success' }
    }
    if (!hasBody) return { verdict: 'failure', reason: 'body missing' }
    const mediaType = (exchange.contentType ?? '').split(';')[0].trim().toLowerCase()
    const key =
      mediaType in content
        ? mediaType
        : `${mediaType.split('/')[0]}/*` in content
          ? `${mediaType.split('/')[0]}/*`
          : '*/*' in content
            ? '*/*'
            : undefined
    if (key === undefined) return { verdict: 'failure', reason: `content type ${mediaType} not documented` }
    const schema = content[key]?.schema
    if (schema === undefined || !isJsonMediaType(mediaType)) return { verdict: 'success' }
    const validate = schemaValidator(`${pointer}/content/${escapeToken(key)}/schema`)
    return validate(exchange.body) ? { verdict: 'success' } : { verdict: 'failure', reason: 'schema' }
  }
}
