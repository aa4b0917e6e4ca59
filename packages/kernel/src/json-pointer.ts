import { percentDecode } from './percent-decode.js'

/**
 * One JSON Pointer reference token as the key it names: `~1` becomes `/`, then `~0` becomes `~` (in that
 * order, so `~01` is `~1`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6901#section-4
 * @example
 * unescapePointerToken('~1pets~1{petId}') // '/pets/{petId}'
 */
export function unescapePointerToken(token: string): string {
  return token.replaceAll('~1', '/').replaceAll('~0', '~')
}

/**
 * One token of a pointer written in a URI fragment (`#/paths/~1pets%7Bid%7D`): percent-decoded first (a
 * malformed escape is kept as written), then unescaped.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6901#section-6
 * @example
 * decodeFragmentToken('%7Bid%7D~1x') // '{id}/x'
 */
export function decodeFragmentToken(token: string): string {
  return unescapePointerToken(percentDecode(token))
}
