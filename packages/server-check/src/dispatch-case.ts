/**
 * A request to dispatch, as contract checks and exploration generate it (`ExploredCase` has this shape).
 * Cookies travel as one `Cookie` header; a non-null body is sent as JSON unless `contentType` says otherwise.
 */
export interface DispatchCase {
  /** Upper-case method (`'GET'`). */
  readonly method: string
  /** The request URI (path and query), percent-encoded. */
  uri(): string
  readonly headers: Readonly<Record<string, string>>
  readonly cookies?: Readonly<Record<string, string>>
  /** `null` when there is no body. */
  readonly body?: unknown
  readonly contentType?: string | null
}

/** What a dispatcher reports back to contract checks. */
export interface DispatchResult {
  readonly status: number
}

/**
 * Header that opts one request out of server-side checking: `response`, `request` or `all` (comma-separated).
 * Dispatchers set it on contract-check probes, which break the contract on purpose.
 */
export const SKIP_HEADER = 'x-contracttool-skip'
