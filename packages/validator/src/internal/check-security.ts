import { isContractToolError, parseCookieHeader } from '@contracttool/kernel'
import type { IndexedOperation } from '@contracttool/spec-loader'
import { readEffectiveSecurity } from '../read-effective-security.js'
import type { SecuritySchemeInfo, Violation } from '../types.js'
import { ValidatorErrorCode } from '../validator-error-code.js'
import { firstHeader, type HeaderIndex } from './header-values.js'
import type { QueryMap } from './parameter-styles.js'
import type { SpecState } from './spec-state.js'
import { plainViolation } from './spec-violations.js'

export interface Credentials {
  readonly headers: HeaderIndex | undefined
  readonly query: QueryMap
  readonly cookies: Readonly<Record<string, string | undefined>> | undefined
}

const BEARER = /^bearer\s+\S+/i

// Checks the credentials a request carries against its effective security: any alternative (OR) whose
// schemes (AND) are all present satisfies it. Bearer tokens and API keys are checked; an alternative
// naming a scheme contracttool cannot check (oauth2, openIdConnect, mutualTLS, non-bearer http) is
// passed over with a one-time warning. A malformed declaration is always a violation.
//
// @see https://spec.openapis.org/oas/v3.1.0#security-scheme-object
export function checkSecurity(
  state: SpecState,
  operation: IndexedOperation,
  credentials: Credentials,
): Violation[] {
  let security: ReturnType<typeof readEffectiveSecurity>
  try {
    security = readEffectiveSecurity(state.spec, operation)
  } catch (error) {
    if (isContractToolError(error) && error.code === ValidatorErrorCode.MalformedSecurity) {
      return [plainViolation('malformed-security', 'security', error.message)]
    }
    throw error
  }
  if (security.kind !== 'required') return []
  const where = `[security] ${operation.method} ${operation.path}`
  const failures: Violation[] = []
  let checkable = 0
  for (const [index, alternative] of security.alternatives.entries()) {
    const unsupported = alternative.schemes.filter((scheme) => !scheme.supported)
    if (unsupported.length > 0) {
      for (const scheme of unsupported) {
        state.warn(
          `security-unsupported:${scheme.name}`,
          `[security] ${label(scheme)} scheme '${scheme.name}' is silently passed (no token check) — ${operation.method} ${operation.path}. contracttool checks http bearer and apiKey credentials only.`,
        )
      }
      continue
    }
    checkable++
    const missing = alternative.schemes
      .map((scheme) => ({ scheme, reason: missingCredential(scheme, credentials) }))
      .filter((entry): entry is { scheme: SecuritySchemeInfo; reason: string } => entry.reason !== undefined)
    if (missing.length === 0) return []
    const which =
      security.alternatives.length > 1 ? ` (alternative ${index + 1} of ${security.alternatives.length})` : ''
    for (const { scheme, reason } of missing) {
      failures.push(
        plainViolation(
          'security',
          'security',
          `${where}: requirement '${scheme.name}'${which} not satisfied: ${reason}`,
          {
            name: scheme.name,
          },
        ),
      )
    }
  }
  return checkable === 0 ? [] : failures
}

function missingCredential(scheme: SecuritySchemeInfo, credentials: Credentials): string | undefined {
  if (scheme.type === 'http') {
    const authorization = firstHeader(credentials.headers, 'authorization')
    if (authorization === undefined || authorization.trim() === '') return 'Authorization header is missing.'
    return BEARER.test(authorization.trim())
      ? undefined
      : "Authorization header does not contain a 'Bearer <token>' credential."
  }
  const name = scheme.paramName as string
  const present =
    scheme.in === 'header'
      ? nonEmpty(firstHeader(credentials.headers, name))
      : scheme.in === 'query'
        ? credentials.query.has(name)
        : nonEmpty(cookieValue(credentials, name))
  return present ? undefined : `api key '${name}' is missing from the ${scheme.in}.`
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value !== ''
}

// A cookie from the parsed `cookies`, else from the `Cookie` header (a framework may keep some cookies apart,
// as `cookie-parser` keeps signed ones in `req.signedCookies`).
function cookieValue(credentials: Credentials, name: string): string | undefined {
  const { cookies, headers } = credentials
  if (cookies !== undefined && Object.hasOwn(cookies, name)) return cookies[name]
  return parseCookieHeader(firstHeader(headers, 'cookie'))?.[name]
}

function label(scheme: SecuritySchemeInfo): string {
  switch (scheme.type) {
    case 'oauth2':
      return 'OAuth2'
    case 'openIdConnect':
      return 'OpenID Connect'
    case 'mutualTLS':
      return 'Mutual TLS'
    default:
      return `http-${scheme.scheme ?? 'unknown'}`
  }
}
