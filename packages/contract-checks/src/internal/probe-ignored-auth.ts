import type { ExploredCase } from '@contracttool/explorer'
import { isExplorerMethod } from '@contracttool/explorer/internal'
import { ContractCheck } from '../contract-check.js'
import type { StatusExpectation } from '../status-expectation.js'
import { unsupportedMethodReason } from './explorer-errors.js'
import type { ProbeRunner, SelectedOperation } from './probe-runner.js'
import { type CredentialScheme, readOperationSecurity } from './read-operation-security.js'

/** The placeholder credential: obviously fake, never a value the API could have issued. */
export const INVALID_CREDENTIAL = 'contracttool-invalid-credential'

const NO_SECURITY =
  'Operation has no effective security requirement (or declares an entry permitting unauthenticated access); there is no authentication to ignore.'
const NO_SYNTHESIZABLE =
  'No credential location this library can synthesize (the operation is secured only by oauth2 / openIdConnect / mutualTLS / non-bearer http schemes), so the invalid-credential probe was not dispatched; the no-credential probe still ran.'

/**
 * ignored_auth (README, "The checks"): per operation whose effective security demands credentials, the
 * valid request with no credentials, then with placeholder credentials in every location the
 * operation declares. Both bypass `authenticateUsing()`.
 */
export async function probeIgnoredAuth(
  runner: ProbeRunner,
  path: string,
  derivedSeed: number,
  selected: readonly SelectedOperation[],
  expected: StatusExpectation,
): Promise<void> {
  const check = ContractCheck.IgnoredAuth
  for (const operation of selected) {
    const { indexed } = operation
    const method = indexed.method
    if (indexed.isAdditional || !isExplorerMethod(method)) {
      runner.skip(check, path, method, unsupportedMethodReason())
      continue
    }
    const security = readOperationSecurity(runner.spec, indexed)
    if (!security.requiresCredentials) {
      runner.skip(check, path, method, NO_SECURITY)
      continue
    }
    const request = runner.validRequest(check, path, operation, derivedSeed)
    if (request === undefined) continue
    const { valid, context } = request
    await runner.probe(
      { ...context, mutation: 'no credentials' },
      stripCredentials(valid, security.schemes),
      expected,
      { authenticate: false },
    )
    const synthesizable = security.schemes.filter((scheme) => scheme.kind !== 'other')
    if (synthesizable.length === 0) {
      runner.skip(check, path, method, NO_SYNTHESIZABLE)
      continue
    }
    await runner.probe(
      { ...context, mutation: 'invalid credentials' },
      placeCredentials(stripCredentials(valid, security.schemes), synthesizable),
      expected,
      { authenticate: false },
    )
  }
}

/** The case without any value at a declared apiKey location (headers compare case-insensitively). */
function stripCredentials(exploredCase: ExploredCase, schemes: readonly CredentialScheme[]): ExploredCase {
  const headerNames = new Set(['authorization'])
  const queryNames = new Set<string>()
  const cookieNames = new Set<string>()
  for (const scheme of schemes) {
    if (scheme.kind !== 'apiKey') continue
    if (scheme.in === 'header') headerNames.add(scheme.parameterName.toLowerCase())
    else if (scheme.in === 'query') queryNames.add(scheme.parameterName)
    else cookieNames.add(scheme.parameterName)
  }
  const keep = <T>(map: Readonly<Record<string, T>>, drop: (name: string) => boolean): Record<string, T> =>
    Object.fromEntries(Object.entries(map).filter(([name]) => !drop(name)))
  return exploredCase
    .withHeaders(keep(exploredCase.headers, (name) => headerNames.has(name.toLowerCase())))
    .withQuery(keep(exploredCase.query, (name) => queryNames.has(name)))
    .withCookies(keep(exploredCase.cookies, (name) => cookieNames.has(name)))
}

/** The placeholder in every synthesizable location (all of them, so AND requirements are exercised). */
function placeCredentials(exploredCase: ExploredCase, schemes: readonly CredentialScheme[]): ExploredCase {
  const headers: Record<string, string> = { ...exploredCase.headers }
  const query = { ...exploredCase.query }
  const cookies: Record<string, string> = { ...exploredCase.cookies }
  for (const scheme of schemes) {
    if (scheme.kind === 'bearer') headers.Authorization = `Bearer ${INVALID_CREDENTIAL}`
    else if (scheme.kind === 'apiKey' && scheme.in === 'header')
      headers[scheme.parameterName] = INVALID_CREDENTIAL
    else if (scheme.kind === 'apiKey' && scheme.in === 'query')
      query[scheme.parameterName] = INVALID_CREDENTIAL
    else if (scheme.kind === 'apiKey') cookies[scheme.parameterName] = INVALID_CREDENTIAL
  }
  return exploredCase.withHeaders(headers).withQuery(query).withCookies(cookies)
}
