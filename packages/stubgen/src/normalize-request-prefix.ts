import { ContractToolError } from '@contracttool/kernel'
import { truncateText } from '@contracttool/kernel/internal'
import { StubgenErrorCode } from './errors.js'

/**
 * Normalises a `--request-prefix`: an absolute URI path (`/api`, `/api/v1`) whose trailing slashes are
 * removed; `''` and `'/'` mean "no prefix" and return `''`. Hosts, query strings, fragments, unencoded
 * whitespace or non-ASCII characters and malformed percent escapes are refused, because a prefix is
 * pasted verbatim into request URLs and must already be encoded.
 *
 * @throws ContractToolError `CONTRACTTOOL_STUBS_INVALID_REQUEST_PREFIX`
 * @example
 * normalizeRequestPrefix('/api/v1/') // '/api/v1'
 */
export function normalizeRequestPrefix(raw: string): string {
  const fail = (why: string): never => {
    throw new ContractToolError(
      StubgenErrorCode.InvalidRequestPrefix,
      `Invalid request prefix '${truncateText(raw)}': ${why}. Expected an absolute URI path such as /api or /api/v1 (percent-encode spaces and non-ASCII characters).`,
    )
  }
  if (raw === '') return ''
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(raw) || /^\/\/[^/]/.test(raw)) fail('it names a scheme or host')
  if (!raw.startsWith('/')) fail('it does not start with /')
  if (raw.includes('?')) fail('it carries a query string')
  if (raw.includes('#')) fail('it carries a fragment')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) fail('it contains unencoded whitespace or control characters')
  if ([...raw].some((char) => char.charCodeAt(0) > 0x7f)) fail('it contains unencoded non-ASCII characters')
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) fail('it contains a malformed percent escape')
  if (/[{}]/.test(raw)) fail('it contains a path template placeholder')
  return raw.replace(/\/+$/, '')
}

/**
 * Prepends a normalised prefix to a concrete request path (query string kept); the spec root `/`
 * becomes `<prefix>/`.
 *
 * @example
 * applyRequestPrefix('/api', '/pets/1?limit=2') // '/api/pets/1?limit=2'
 */
export function applyRequestPrefix(prefix: string, path: string): string {
  if (prefix === '') return path
  return path.startsWith('/') ? `${prefix}${path}` : `${prefix}/${path}`
}
