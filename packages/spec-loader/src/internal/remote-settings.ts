import { ContractToolError } from '@contracttool/kernel'
import { documentTypeOf, echoValue } from '@contracttool/kernel/internal'
import { SpecErrorCode } from '../errors.js'
import type { RemoteRefOptions } from '../load-options.js'

export const DEFAULT_MAX_REMOTE_BYTES: number = 10 * 1024 * 1024
export const DEFAULT_REMOTE_TIMEOUT_MS = 30_000

/** Remote-ref options after validation. */
export interface RemoteSettings {
  readonly allowedHosts: ReadonlySet<string>
  readonly fetch: typeof fetch | undefined
  readonly maxBytes: number
  readonly timeoutMs: number
}

const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*$|^\[[0-9a-f:.]+\]$/

/** Lower-cases a host name and trims one trailing dot, as DNS treats `Example.COM.` like `example.com`. */
export function normalizeHost(host: string): string {
  const lower = host.toLowerCase()
  return lower.endsWith('.') ? lower.slice(0, -1) : lower
}

/** Validates `remoteRefs` once per load; misuse is an InvalidOption error, never a late surprise. */
export function toRemoteSettings(options: RemoteRefOptions | undefined): RemoteSettings | undefined {
  if (options === undefined) return undefined
  const invalid = (what: string) => new ContractToolError(SpecErrorCode.InvalidOption, `remoteRefs: ${what}`)
  if (typeof options !== 'object' || options === null) {
    throw invalid(
      `expected an object with allowedHosts, received ${echoValue(options)} (${documentTypeOf(options)}).`,
    )
  }
  if (!Array.isArray(options.allowedHosts)) {
    throw invalid(
      `allowedHosts must be a list of host names, received ${echoValue(options.allowedHosts)} (${documentTypeOf(options.allowedHosts)}).`,
    )
  }
  const allowedHosts = new Set<string>()
  for (const entry of options.allowedHosts as readonly unknown[]) {
    const host = typeof entry === 'string' ? normalizeHost(entry.trim()) : ''
    if (typeof entry !== 'string' || !HOST.test(host)) {
      throw invalid(
        `allowedHosts entries must be bare host names such as 'schemas.example.com' (no scheme, port, path or credentials), received ${echoValue(entry)}.`,
      )
    }
    allowedHosts.add(host)
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw invalid(
      `fetch must be a function, received ${echoValue(options.fetch)} (${documentTypeOf(options.fetch)}).`,
    )
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_REMOTE_BYTES
  if (typeof maxBytes !== 'number' || !Number.isSafeInteger(maxBytes) || maxBytes < 1) {
    throw invalid(`maxBytes must be a positive integer, received ${echoValue(options.maxBytes)}.`)
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_REMOTE_TIMEOUT_MS
  // setTimeout holds at most 2^31 - 1 ms; a larger value would fire at once.
  if (
    typeof timeoutMs !== 'number' ||
    !Number.isSafeInteger(timeoutMs) ||
    timeoutMs < 1 ||
    timeoutMs > 2 ** 31 - 1
  ) {
    throw invalid(
      `timeoutMs must be a positive integer of milliseconds (at most 2147483647), received ${echoValue(options.timeoutMs)}.`,
    )
  }
  return { allowedHosts, fetch: options.fetch, maxBytes, timeoutMs }
}
