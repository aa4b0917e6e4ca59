/**
 * Escapes one JSON Pointer reference token: `~` becomes `~0`, `/` becomes `~1`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6901#section-3
 * @example
 * `#/paths/${escapePointerToken('/pets/{petId}')}` // '#/paths/~1pets~1{petId}'
 */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1')
}
