import { ContractToolError } from '@contracttool/kernel'
import type { SpecErrorCode } from '../errors.js'

/** Who is being loaded: every message names the spec and the file it is about. */
export interface SpecContext {
  readonly specName: string
  /** The file (or URL, already redacted) the problem is in; `<value>` for in-memory documents. */
  readonly file: string
}

export interface SpecErrorExtra {
  /** JSON pointer (`#/...`) of the offending node inside `file`. */
  readonly at?: string | undefined
  /** The `$ref` as written (redacted when remote). */
  readonly ref?: string | undefined
  readonly cause?: unknown
}

/** Builds a coded error whose message starts with where the problem is: spec, file, pointer. */
export function specError(
  code: SpecErrorCode,
  context: SpecContext,
  what: string,
  extra: SpecErrorExtra = {},
): ContractToolError {
  const at = extra.at === undefined ? '' : ` at ${extra.at}`
  return new ContractToolError(code, `spec '${context.specName}' (${context.file})${at}: ${what}`, {
    specName: context.specName,
    file: context.file,
    ref: extra.ref,
    cause: extra.cause,
  })
}
