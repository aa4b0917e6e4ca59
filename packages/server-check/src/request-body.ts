import { decodeBody } from '@contracttool/validator'

type Headers = Readonly<Record<string, string | readonly string[] | undefined>>

/**
 * Whether a Node request carried a body, from its headers: a framework's parsed `body` cannot say (Express
 * 4's parsers set `{}` on every request; Fastify leaves it undefined when a hook answered before parsing).
 */
export function requestCarriesBody(headers: Headers): boolean {
  if (headers['transfer-encoding'] !== undefined) return true
  const raw = headers['content-length']
  const length = Number(typeof raw === 'string' ? raw : raw?.[0])
  return Number.isFinite(length) && length > 0
}

/** The body a framework parsed, as the validator reads it: raw text or bytes decoded by content type. */
export function parsedRequestBody(body: unknown, contentType: string | undefined): unknown {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string' || body instanceof Uint8Array) return decodeBody(body, contentType)
  return body
}
