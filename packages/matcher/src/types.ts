import type { IndexedOperation } from '@contracttool/spec-loader'

/** The result of matching a request path against the spec's templates. */
export interface PathMatch {
  /** The matched template as written in `paths`. */
  readonly template: string
  /** Captured values by placeholder name, raw (still percent-encoded). */
  readonly params: Readonly<Record<string, string>>
  /** The path after prefix stripping and trailing-slash trimming. */
  readonly normalizedPath: string
  /** The configured prefix that was stripped, if any. */
  readonly strippedPrefix: string | undefined
}

export interface MatchOptions {
  /** Literal string prefixes; the first one the path starts with is removed (at most one). */
  readonly stripPrefixes?: readonly string[]
}

/** Outcome of resolving (method, path) to an operation. */
export type OperationMatch =
  | { readonly kind: 'matched'; readonly path: PathMatch; readonly operation: IndexedOperation }
  | { readonly kind: 'no-path'; readonly message: string; readonly normalizedPath: string }
  | {
      readonly kind: 'no-method'
      readonly path: PathMatch
      readonly message: string
      readonly definedMethods: readonly string[]
    }
