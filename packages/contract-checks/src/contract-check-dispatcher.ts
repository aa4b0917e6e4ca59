import type { ExploredCase } from '@contracttool/explorer'
import type { Awaitable, ExploredOperation } from '@contracttool/explorer/internal'

/**
 * Sends a probe exactly as given (method, `uri()`, headers, cookies, JSON body when `body` is not
 * null) and returns a status number, a WHATWG `Response`, or any object with a numeric `status` or
 * `statusCode`. It must not add credentials of its own: ignored_auth cannot see them.
 *
 * @example
 * const dispatch: ContractCheckDispatcher = (c) =>
 *   fetch(`http://127.0.0.1:3000${c.uri()}`, { method: c.method, headers: c.headers })
 */
export type ContractCheckDispatcher = (
  exploredCase: ExploredCase,
  operation: ExploredOperation,
) => Awaitable<unknown>
