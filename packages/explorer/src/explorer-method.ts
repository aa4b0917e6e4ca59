import { TRACKED_METHODS } from '@contracttool/kernel'

/** The HTTP methods the explorer generates requests for, in the order checks and reports use. */
export const EXPLORER_METHODS: typeof TRACKED_METHODS = TRACKED_METHODS

/** One of `EXPLORER_METHODS`: always upper case, as on the wire. */
export type ExplorerMethod = (typeof EXPLORER_METHODS)[number]

/**
 * True when `method` (exactly as written, case-sensitive) is an explorer-supported method.
 *
 * @example
 * isExplorerMethod('GET') // true; isExplorerMethod('get') and isExplorerMethod('COPY') are false
 */
export function isExplorerMethod(method: string): method is ExplorerMethod {
  return (EXPLORER_METHODS as readonly string[]).includes(method)
}
