type NodeHeaders = Readonly<Record<string, string | readonly string[] | undefined>>

/**
 * Whether a Node request carried a body, from its headers: a framework's parsed `body` cannot say (Express
 * 4's parsers set `{}` on every request; Fastify leaves it undefined when a hook answered before parsing).
 *
 * @see https://www.rfc-editor.org/rfc/rfc9112#section-6.3
 * @example
 * requestCarriesBody({ 'content-length': '2' }) // true
 */
export function requestCarriesBody(headers: NodeHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true
  const raw = headers['content-length']
  const length = Number(typeof raw === 'string' ? raw : raw?.[0])
  return Number.isFinite(length) && length > 0
}
