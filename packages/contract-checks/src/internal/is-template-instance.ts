/**
 * True when the concrete path (no query) is an instance of `template`, with the matcher's rules:
 * same segment count (trailing slashes trimmed), literal segments equal, and a segment that is
 * exactly one `{name}` matching any non-empty segment (a mixed segment such as `{id}.json` is
 * literal, as the matcher reads it).
 */
export function isTemplateInstance(template: string, concretePath: string): boolean {
  const left = trim(template).split('/')
  const right = trim(concretePath).split('/')
  if (left.length !== right.length) return false
  return left.every((segment, i) => {
    const value = right[i]!
    return /^\{[^{}]+\}$/.test(segment) ? value !== '' : segment === value
  })
}

function trim(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}
