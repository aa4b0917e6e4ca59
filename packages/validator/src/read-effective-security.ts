import { ContractToolError, isObject, type JsonValue } from '@contracttool/kernel'
import { schemaTypeOf } from '@contracttool/kernel/internal'
import { follow, type IndexedOperation, type LoadedSpec } from '@contracttool/spec-loader'
import { assertLoadedSpec, assertObjectArgument } from './internal/arguments.js'
import type { EffectiveSecurity, SecurityAlternative, SecuritySchemeInfo } from './types.js'
import { ValidatorErrorCode } from './validator-error-code.js'

const KNOWN_TYPES = new Set(['apiKey', 'http', 'oauth2', 'openIdConnect', 'mutualTLS'])
const API_KEY_LOCATIONS = new Set(['header', 'query', 'cookie'])

/**
 * Reads the security an operation demands: the operation's `security` when it has the key, else the
 * root `security`. `security: []` and any `{}` requirement document unauthenticated access
 * (`anonymous`). Otherwise each requirement is an alternative (OR) whose schemes must all be satisfied
 * (AND). A malformed declaration (a non-list, a scalar or list requirement, non-list or non-string
 * scopes, an undefined scheme, a scheme without a valid `type`, `in`, `name` or `scheme`) throws
 * `CONTRACTTOOL_MALFORMED_SECURITY`: it is never read as "no authentication". The request validator
 * and the `ignored_auth` contract check both decide through this function.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#security-requirement-object
 * @example
 * const security = readEffectiveSecurity(spec, spec.operations[0])
 * if (security.kind === 'required') security.alternatives[0].schemes[0].type // 'http'
 */
export function readEffectiveSecurity(spec: LoadedSpec, operation: IndexedOperation): EffectiveSecurity {
  assertLoadedSpec('readEffectiveSecurity', spec)
  assertObjectArgument('readEffectiveSecurity', 'the operation', operation)
  const where = `[security] ${operation.method} ${operation.path}`
  const fail = (reason: string): never => {
    throw new ContractToolError(ValidatorErrorCode.MalformedSecurity, `${where}: ${reason}`, {
      specName: spec.name,
    })
  }
  const security = operation.security
  if (security === undefined) return { kind: 'none' }
  if (!Array.isArray(security)) {
    return fail(
      `${operation.securitySource}-level \`security\` must be a list of requirement objects, got ${schemaTypeOf(security)}.`,
    )
  }
  const schemes = readSchemesContainer(spec, fail)
  let anonymous = security.length === 0
  const alternatives: SecurityAlternative[] = []
  // Every entry is checked before deciding: a malformed entry is an error even beside a `{}`.
  security.forEach((requirement, index) => {
    if (!isObject(requirement)) {
      fail(
        `security requirement at index ${index} must be an object mapping scheme names to scope arrays, got ${schemaTypeOf(requirement)}.`,
      )
      return
    }
    const names = Object.keys(requirement)
    if (names.length === 0) {
      anonymous = true
      return
    }
    alternatives.push({
      schemes: names.map((name) => readRequirement(spec, schemes, name, requirement[name], fail)),
    })
  })
  if (anonymous) return { kind: 'anonymous' }
  return { kind: 'required', alternatives }
}

function readSchemesContainer(
  spec: LoadedSpec,
  fail: (reason: string) => never,
): Record<string, JsonValue> | undefined {
  const components = spec.document.components
  if (components === undefined) return undefined
  if (!isObject(components)) return fail(`\`components\` must be an object, got ${schemaTypeOf(components)}.`)
  const schemes = components.securitySchemes
  if (schemes === undefined) return undefined
  if (!isObject(schemes))
    return fail(`\`components.securitySchemes\` must be an object, got ${schemaTypeOf(schemes)}.`)
  return schemes
}

function readRequirement(
  spec: LoadedSpec,
  schemes: Record<string, JsonValue> | undefined,
  name: string,
  scopes: JsonValue | undefined,
  fail: (reason: string) => never,
): SecuritySchemeInfo {
  if (!Array.isArray(scopes))
    return fail(
      `security requirement '${name}' scopes must be a list of strings, got ${schemaTypeOf(scopes)}.`,
    )
  scopes.forEach((scope, index) => {
    if (typeof scope !== 'string')
      fail(
        `security requirement '${name}' scope at index ${index} must be a string, got ${schemaTypeOf(scope)}.`,
      )
  })
  if (schemes === undefined || !Object.hasOwn(schemes, name)) {
    return fail(
      `security requirement references undefined scheme '${name}' — add it under components.securitySchemes.`,
    )
  }
  const scheme = follow(spec.document, schemes[name])
  const malformed = (reason: string): never => fail(`security scheme '${name}' is malformed: ${reason}`)
  if (!isObject(scheme)) return malformed(`expected object, got ${schemaTypeOf(scheme)}.`)
  const type = scheme.type
  if (type === undefined) return malformed("missing required 'type' field.")
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) {
    return malformed(
      `unknown type ${JSON.stringify(type)} (expected apiKey, http, oauth2, openIdConnect or mutualTLS).`,
    )
  }
  const base = { name, type, scopes: scopes as string[] }
  if (type === 'apiKey') {
    if (typeof scheme.name !== 'string' || scheme.name === '')
      return malformed("apiKey scheme needs a non-empty string 'name'.")
    if (typeof scheme.in !== 'string' || !API_KEY_LOCATIONS.has(scheme.in)) {
      return malformed(
        `apiKey 'in' must be one of header, query, cookie, got ${JSON.stringify(scheme.in ?? null)}.`,
      )
    }
    return { ...base, in: scheme.in, paramName: scheme.name, supported: true }
  }
  if (type === 'http') {
    if (typeof scheme.scheme !== 'string' || scheme.scheme.trim() === '')
      return malformed("http scheme needs a non-empty 'scheme'.")
    const httpScheme = scheme.scheme.trim().toLowerCase()
    return { ...base, scheme: httpScheme, supported: httpScheme === 'bearer' }
  }
  return { ...base, supported: false }
}
