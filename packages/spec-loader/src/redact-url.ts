import { truncateText } from '@contracttool/kernel/internal'

/**
 * Hides credentials a URL may carry before it reaches a message: userinfo becomes `[redacted]`, every
 * query value becomes `[redacted]` (keys stay, so the reader still sees which parameter was sent).
 * A reference inside the document (`#/components/schemas/Pet`) or a bare name carries none and is
 * returned as written. Truncated for messages; `redactUrlFully` keeps the whole URL.
 *
 * @example
 * redactUrl('https://user:secret@host/s.yaml?token=t') // 'https://[redacted]@host/s.yaml?token=[redacted]'
 */
export function redactUrl(raw: string): string {
  return truncateText(redactUrlFully(raw))
}

/** `redactUrl` without truncation: for names that must stay distinct (a mounted document's key). */
export function redactUrlFully(raw: string): string {
  if (raw.startsWith('#')) return raw
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return raw.replace(/\/\/[^/@?#]*@/, '//[redacted]@').replace(/=([^&#]*)/g, '=[redacted]')
  }
  const hasUserinfo = url.username !== '' || url.password !== ''
  const query = url.search === '' ? '' : `?${redactQuery(url.search.slice(1))}`
  const auth = hasUserinfo ? '[redacted]@' : ''
  return `${url.protocol}//${auth}${url.host}${url.pathname}${query}${url.hash}`
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      return equals === -1 ? pair : `${pair.slice(0, equals)}=[redacted]`
    })
    .join('&')
}
