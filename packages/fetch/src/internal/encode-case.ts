import { isJsonMediaType } from '@contracttool/kernel'
import type { DispatchCase } from '@contracttool/server-check'
import { SKIP_HEADER } from '@contracttool/server-check'

/**
 * The headers and body of a case as they go on the wire: cookies joined into one `Cookie` header, the
 * body encoded for its content type, and the skip header so server-side auto assertions leave probes alone
 * (a probe breaks the contract on purpose).
 */
export function encodeCase(item: DispatchCase): {
  headers: Record<string, string>
  body: string | undefined
} {
  const headers: Record<string, string> = { ...item.headers, [SKIP_HEADER]: 'all' }
  const cookies = Object.entries(item.cookies ?? {})
  if (cookies.length > 0) {
    headers.cookie = cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ')
  }
  if (item.body === null || item.body === undefined) return { headers, body: undefined }
  const contentType = item.contentType ?? 'application/json'
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
    headers['content-type'] = contentType
  if (isJsonMediaType(contentType)) return { headers, body: JSON.stringify(item.body) }
  if (contentType.startsWith('application/x-www-form-urlencoded') && typeof item.body === 'object') {
    const form = new URLSearchParams()
    for (const [name, value] of Object.entries(item.body as Record<string, unknown>)) {
      for (const entry of Array.isArray(value) ? value : [value]) form.append(name, String(entry))
    }
    return { headers, body: form.toString() }
  }
  return { headers, body: typeof item.body === 'string' ? item.body : JSON.stringify(item.body) }
}
