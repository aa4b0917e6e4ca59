import { matchMixedSegment, readMixedSegment } from './internal/compile-template.js'
import { trimSlashes } from './internal/trim-slashes.js'

const PLACEHOLDER = /^\{[^{}]+\}$/

/**
 * True when the concrete path (no query string) is an instance of `template` by the matcher's segment
 * rules: the same number of segments (slashes at both ends trimmed), literal segments equal, a `{name}`
 * segment matching any non-empty segment, a mixed segment (`{id}.json`) matching its text around
 * non-empty values. `x-multi-segment` parameters are not considered: each placeholder is one segment.
 *
 * @example
 * isTemplateInstance('/files/{id}.json', '/files/7.json') // true
 * isTemplateInstance('/files/{id}', '/files/7/raw') // false
 */
export function isTemplateInstance(template: string, concretePath: string): boolean {
  const left = trimSlashes(template).split('/')
  const right = trimSlashes(concretePath).split('/')
  if (left.length !== right.length) return false
  return left.every((segment, i) => {
    const value = right[i] as string
    if (PLACEHOLDER.test(segment)) return value !== ''
    const mixed = readMixedSegment(segment)
    return mixed === undefined ? segment === value : matchMixedSegment(mixed, value)
  })
}
