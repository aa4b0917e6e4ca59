import { ContractToolError, isObject } from '@contracttool/kernel'
import type { Awaitable } from './awaitable.js'
import type { ExploredCase, QueryValue } from './explored-case.js'
import type { ExploredOperation } from './explored-operation.js'
import { ExplorerErrorCode } from './explorer-error-code.js'

/**
 * What an `authenticateUsing()` hook may return: values merged into every case it authenticates.
 * Returning nothing is fine too (authentication by side effect, for example a session cookie jar
 * the dispatcher uses).
 */
export interface Credentials {
  readonly headers?: Readonly<Record<string, string>>
  readonly cookies?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, QueryValue>>
}

/**
 * An `authenticateUsing()` hook: returns the credentials to merge into each case, or nothing when it
 * authenticates by side effect.
 *
 * @example
 * const authenticate: AuthenticateHook = () => ({ headers: { Authorization: 'Bearer test-token' } })
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a hook that authenticates by side effect returns nothing, typed void
export type AuthenticateHook = (operation: ExploredOperation) => Awaitable<Credentials | undefined | void>

/**
 * Checks what an `authenticateUsing()` hook returned: `undefined` or a `Credentials` object.
 *
 * @example
 * const credentials = readCredentials(await authenticate(operation))
 */
export function readCredentials(value: unknown): Credentials | undefined {
  if (value === undefined || value === null) return undefined
  const valid =
    isObject(value) &&
    Object.keys(value).every((key) => key === 'headers' || key === 'cookies' || key === 'query') &&
    Object.values(value).every((map) => map === undefined || isObject(map))
  if (!valid) {
    throw new ContractToolError(
      ExplorerErrorCode.InvalidCredentials,
      `authenticateUsing() must return nothing or { headers?, cookies?, query? } maps, received ${JSON.stringify(value)?.slice(0, 120) ?? typeof value}.`,
    )
  }
  return value as Credentials
}

/**
 * A copy of `exploredCase` with the credentials merged in (a credential replaces a generated value
 * of the same name; header names compare case-insensitively).
 *
 * @example
 * const authenticated = applyCredentials(c, { headers: { Authorization: 'Bearer test-token' } })
 */
export function applyCredentials(
  exploredCase: ExploredCase,
  credentials: Credentials | undefined,
): ExploredCase {
  if (credentials === undefined) return exploredCase
  let out = exploredCase
  if (credentials.headers !== undefined) {
    const added = Object.keys(credentials.headers).map((name) => name.toLowerCase())
    const kept = Object.entries(out.headers).filter(([name]) => !added.includes(name.toLowerCase()))
    out = out.withHeaders({ ...Object.fromEntries(kept), ...credentials.headers })
  }
  if (credentials.cookies !== undefined) out = out.withCookies({ ...out.cookies, ...credentials.cookies })
  if (credentials.query !== undefined) out = out.withQuery({ ...out.query, ...credentials.query })
  return out
}
