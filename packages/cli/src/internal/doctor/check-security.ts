import { isObject, type JsonValue } from '@contracttool/kernel'
import { shortTypeOf } from '@contracttool/kernel/internal'
import { follow, type LoadedSpec } from '@contracttool/spec-loader'
import { type IssueSink, pointerOf } from './issue-sink.js'

/** Why a Security Scheme Object cannot be used, or undefined when it is well formed. */
function malformation(scheme: Record<string, JsonValue>): string | undefined {
  const type = scheme.type
  if (type === undefined) return "missing required 'type' field."
  if (type === 'apiKey') {
    if (typeof scheme.name !== 'string' || scheme.name === '') return "apiKey schemes need a string 'name'."
    if (scheme.in !== 'header' && scheme.in !== 'query' && scheme.in !== 'cookie') {
      return "apiKey schemes need 'in' to be header, query or cookie."
    }
    return undefined
  }
  if (type === 'http')
    return typeof scheme.scheme === 'string' && scheme.scheme !== ''
      ? undefined
      : "http schemes need a non-empty 'scheme'."
  if (type === 'oauth2') return isObject(scheme.flows) ? undefined : "oauth2 schemes need a 'flows' object."
  if (type === 'openIdConnect') {
    return typeof scheme.openIdConnectUrl === 'string'
      ? undefined
      : "openIdConnect schemes need an 'openIdConnectUrl'."
  }
  if (type === 'mutualTLS') return undefined
  return `unknown type ${JSON.stringify(type)}.`
}

/** Label of a scheme the validator recognises but does not check, or undefined for enforced ones. */
function unenforced(scheme: Record<string, JsonValue>): string | undefined {
  if (scheme.type === 'oauth2') return 'oauth2'
  if (scheme.type === 'openIdConnect') return 'openIdConnect'
  if (scheme.type === 'mutualTLS') return 'mutualTLS'
  if (
    scheme.type === 'http' &&
    typeof scheme.scheme === 'string' &&
    scheme.scheme.toLowerCase() !== 'bearer'
  ) {
    return `http ${scheme.scheme.toLowerCase()}`
  }
  return undefined
}

/**
 * `components.securitySchemes` and every security requirement (root and per operation): malformed
 * declarations and undefined scheme names are hard errors at run time; oauth2, openIdConnect, mutualTLS
 * and non-bearer http are recognised but not enforced.
 */
export function checkSecurity(spec: LoadedSpec, sink: IssueSink): void {
  const document = spec.document
  const components = document.components === undefined ? undefined : follow(document, document.components)
  if (components !== undefined && !isObject(components)) {
    sink.error(
      'structure',
      `Malformed \`components\`: expected object, got ${shortTypeOf(components)}.`,
      null,
      '#/components',
    )
  }
  const rawSchemes = isObject(components) ? components.securitySchemes : undefined
  const schemes = rawSchemes === undefined ? undefined : follow(document, rawSchemes)
  const defined = new Set<string>()
  if (schemes !== undefined && !isObject(schemes)) {
    sink.error(
      'structure',
      `Malformed \`components.securitySchemes\`: expected object, got ${shortTypeOf(schemes)}.`,
      null,
      '#/components/securitySchemes',
    )
  } else if (isObject(schemes)) {
    for (const [name, raw] of Object.entries(schemes)) {
      defined.add(name)
      const pointer = pointerOf('components', 'securitySchemes', name)
      const scheme = follow(document, raw)
      if (!isObject(scheme)) {
        sink.error(
          'structure',
          `Security scheme \`${name}\` is malformed: expected object, got ${shortTypeOf(scheme)}.`,
          null,
          pointer,
        )
        continue
      }
      const problem = malformation(scheme)
      if (problem !== undefined) {
        sink.error('structure', `Security scheme \`${name}\` is malformed: ${problem}`, null, pointer)
        continue
      }
      const label = unenforced(scheme)
      if (label !== undefined) {
        sink.add(
          'skipped',
          'feature',
          `Security scheme \`${name}\` (${label}) is recognized but not enforced: requests pass request validation without its credentials.`,
          'Keep a separate authentication test until this scheme is supported.',
          pointer,
        )
      }
    }
  }
  const undefinedRefs = new Map<string, { where: string[]; pointer: string }>()
  if (Object.hasOwn(document, 'security')) {
    checkRequirements(
      document.security as JsonValue,
      'root-level',
      '#/security',
      defined,
      undefinedRefs,
      sink,
    )
  }
  for (const operation of spec.operations) {
    if (operation.securitySource !== 'operation') continue
    checkRequirements(
      operation.security as JsonValue,
      `${operation.method} ${operation.path}`,
      `${operation.pointer}/security`,
      defined,
      undefinedRefs,
      sink,
    )
  }
  for (const [name, { where, pointer }] of undefinedRefs) {
    const places = where.length === 1 ? (where[0] ?? '') : `${where[0]} and ${where.length - 1} more`
    sink.error(
      'structure',
      `Security requirement references undefined scheme '${name}' (${places}); request validation fails every request it covers.`,
      `Add '${name}' under components.securitySchemes.`,
      pointer,
    )
  }
}

function checkRequirements(
  security: JsonValue,
  where: string,
  pointer: string,
  defined: ReadonlySet<string>,
  undefinedRefs: Map<string, { where: string[]; pointer: string }>,
  sink: IssueSink,
): void {
  if (!Array.isArray(security)) {
    sink.error(
      'structure',
      `${where} \`security\` must be a list of requirement objects, got ${shortTypeOf(security)}.`,
      null,
      pointer,
    )
    return
  }
  security.forEach((entry, index) => {
    const at = `${pointer}/${index}`
    if (!isObject(entry)) {
      sink.error(
        'structure',
        `${where} security requirement at index ${index} must be an object mapping scheme names to scope arrays, got ${shortTypeOf(entry)}.`,
        null,
        at,
      )
      return
    }
    for (const [name, scopes] of Object.entries(entry)) {
      if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string')) {
        sink.error(
          'structure',
          `${where} security requirement '${name}' scopes must be a list of strings.`,
          null,
          at,
        )
      }
      if (!defined.has(name)) {
        const known = undefinedRefs.get(name)
        if (known === undefined) undefinedRefs.set(name, { where: [where], pointer: at })
        else known.where.push(where)
      }
    }
  })
}
