import type { IndexedOperation } from '@contracttool/spec-loader'

/** The result of matching a request path against the spec's templates. */
export interface PathMatch {
  /** The matched template as written in `paths`. */
  readonly template: string
  /**
   * Captured values by placeholder name, raw (still percent-encoded). A multi-segment parameter
   * (`x-multi-segment: true`) captures its segments joined by `/`.
   */
  readonly params: Readonly<Record<string, string>>
  /** The path after dropping the query string and fragment, prefix stripping and trailing-slash trimming. */
  readonly normalizedPath: string
  /** The configured prefix that was stripped, if any. */
  readonly strippedPrefix: string | undefined
  /**
   * The server whose base path was removed before matching (`matchOperation` only; absent when the
   * path matched as sent).
   */
  readonly server?: ServerBasePath
}

/** One base path a `servers` entry gives (one per value of its variables). */
export interface ServerBasePath {
  /** The URL's path component, variables substituted, trailing slashes trimmed (`''` for `/`). */
  readonly basePath: string
  /** The `url` as written. */
  readonly url: string
  /** Where the entry is: `servers[0]`, `paths["/pets"].servers[0]`, `paths["/pets"].get.servers[0]`. */
  readonly location: string
}

/** A `servers` entry the matcher cannot use: its URL does not parse or names an undefined variable. */
export interface ServerProblem {
  /** Where the entry is, as in `ServerBasePath.location`. */
  readonly location: string
  /** What is wrong, naming the entry. */
  readonly message: string
}

export interface MatchOptions {
  /**
   * Literal string prefixes; the first one the path starts with is removed (at most one). The test is a
   * plain `startsWith`, not segment-aware: `/api` also strips `/api2/foo` to `2/foo`. Empty entries are ignored.
   */
  readonly stripPrefixes?: readonly string[]
  /**
   * `matchOperation` only. When true (the default), a path under a base path of the spec's `servers`
   * (root, Path Item or Operation level, in force for the operation) matches through it, longest base
   * path first, as OpenAPI builds an operation's URL; a path that matches no server falls back to
   * matching as sent. `false` matches paths as sent only, with the `servers` hint in the no-match message.
   */
  readonly matchServers?: boolean
}

/** How `createPathMatcher` builds a matcher. */
export interface PathMatcherOptions {
  /**
   * The path parameters flagged `x-multi-segment: true`, by template, as `findMultiSegmentParameters`
   * returns them for this spec. Given, the matcher trusts it and reads no path item.
   */
  readonly multiSegmentParameters?: ReadonlyMap<string, readonly string[]>
}

/** A request path after normalization, before matching. */
export interface NormalizedRequestPath {
  /** Query string and fragment dropped, prefix stripped, trailing slashes trimmed (except for `/`). */
  readonly path: string
  /** The configured prefix that was stripped, or undefined when none matched. */
  readonly strippedPrefix: string | undefined
}

/** Matches request paths against one spec's path templates. Built once per spec (see `getPathMatcher`). */
export interface PathMatcher {
  /** Normalizes `path` (query, fragment, prefix, trailing slashes) and matches it. */
  match(path: string, options?: MatchOptions): PathMatch | undefined
  /**
   * Matches a path from which a prefix was already removed: query, fragment and trailing slashes are
   * handled, configured prefixes are not applied again.
   */
  matchWithoutPrefixStripping(path: string): PathMatch | undefined
  /** The normalization `match` applies, without matching. */
  normalize(path: string, options?: MatchOptions): NormalizedRequestPath
}

/** One "closest spec path" entry of a no-match diagnostic. */
export interface PathSuggestion {
  /** Fixed methods upper case, `additionalOperations` keys verbatim. */
  readonly method: string
  /** The path template as written in `paths`. */
  readonly path: string
}

/** A root `servers[].url` base path whose removal makes an unmatched request path match. */
export interface ServersBasePathHint {
  /** Index of the entry in the root `servers` list. */
  readonly serverIndex: number
  /** The URL's path component, server variable defaults substituted, trailing slashes trimmed. */
  readonly basePath: string
  /** The request path with the base path removed (query and fragment dropped, trailing slash kept). */
  readonly strippedPath: string
}

/** Outcome of resolving (method, path) to an operation. */
export type OperationMatch =
  | { readonly kind: 'matched'; readonly path: PathMatch; readonly operation: IndexedOperation }
  | {
      readonly kind: 'no-path'
      readonly message: string
      readonly normalizedPath: string
      readonly strippedPrefix: string | undefined
      readonly suggestions: readonly PathSuggestion[]
      readonly serversHint: ServersBasePathHint | undefined
    }
  | {
      readonly kind: 'no-method'
      readonly path: PathMatch
      readonly message: string
      readonly definedMethods: readonly string[]
    }
