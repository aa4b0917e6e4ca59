import { matchMixedSegment, readSegments } from './internal/compile-template.js'
import { trimSlashes } from './internal/trim-slashes.js'

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
  const left = readSegments(template)
  const right = trimSlashes(concretePath).split('/')
  if (left.length !== right.length) return false
  return left.every((segment, i) => {
    const value = right[i] as string
    if (segment.kind === 'param') return value !== ''
    return segment.kind === 'literal' ? segment.value === value : matchMixedSegment(segment, value)
  })
}

/**
 * The placeholder names of a template in order, as the matcher reads them: whole-segment `{name}`s and
 * those inside mixed segments (`{id}.json`); braces around no name (`{}`) are text.
 *
 * @example
 * templatePlaceholders('/repos/{owner}/{repo}/compare/{base}...{head}') // ['owner', 'repo', 'base', 'head']
 */
export function templatePlaceholders(template: string): string[] {
  return readSegments(template).flatMap((segment) =>
    segment.kind === 'param' ? [segment.name] : segment.kind === 'mixed' ? [...segment.names] : [],
  )
}
