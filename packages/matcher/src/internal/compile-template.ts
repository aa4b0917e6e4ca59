import { ContractToolError } from '@contracttool/kernel'
import { MatcherErrorCode } from '../matcher-error-code.js'
import { trimSlashes } from './trim-slashes.js'

export type TemplateSegment =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'multi'; readonly name: string }
  | MixedSegment

/**
 * A segment mixing placeholders and text (`{id}.json`, `{base}...{head}`): the text around and between
 * its placeholders, `texts.length === names.length + 1` (empty strings where placeholders touch or a
 * segment starts or ends with one).
 */
export interface MixedSegment {
  readonly kind: 'mixed'
  readonly names: readonly string[]
  readonly texts: readonly string[]
  /** Same key, same matching: templates that differ only in names share a trie node. */
  readonly key: string
}

export interface CompiledTemplate {
  readonly template: string
  // Declaration order among the spec's paths: the last tie-breaker.
  readonly order: number
  readonly segments: readonly TemplateSegment[]
  /**
   * How specific the template is, compared element by element (see `compareSpecificity`): literal
   * segments, then mixed segments, then the characters of text in mixed segments
   * (`image(width={w},height={h})` before `image(width={w})`).
   */
  readonly specificity: Specificity
  readonly hasMultiSegment: boolean
  // Placeholder names in segment order; the trie reports captures in the same order.
  readonly paramNames: readonly string[]
  // Per placeholder, its mixed segment and its index among that segment's names; undefined for a whole
  // segment.
  readonly mixedOf: readonly ({ readonly segment: MixedSegment; readonly index: number } | undefined)[]
}

export type Specificity = readonly [literalSegments: number, mixedSegments: number, mixedText: number]

// Positive when `a` is more specific than `b`, negative when less, 0 when as specific.
export function compareSpecificity(a: Specificity, b: Specificity): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

// A whole segment that is one placeholder.
const PLACEHOLDER = /^\{([^{}]+)\}$/
// A placeholder anywhere in a segment; text with other braces (`{}`, `{a{b}`) stays text.
const INNER_PLACEHOLDER = /\{([^{}]+)\}/g

// Slashes at both ends are trimmed first so `/v2/account/` and `/v2/account` are the same template
// (https://spec.openapis.org/oas/v3.1.0#path-templating).
export function compileTemplate(
  template: string,
  order: number,
  multiSegmentNames: readonly string[] | undefined,
  specName: string,
): CompiledTemplate {
  const segments: TemplateSegment[] = []
  const paramNames: string[] = []
  const mixedOf: CompiledTemplate['mixedOf'][number][] = []
  let literalCount = 0
  let mixedCount = 0
  let mixedText = 0
  let hasMultiSegment = false
  const addName = (name: string): void => {
    // A repeated name would let one capture overwrite the other, silently skipping its validation.
    if (paramNames.includes(name)) {
      throw new ContractToolError(
        MatcherErrorCode.DuplicatePlaceholder,
        `Duplicate path placeholder name '${name}' in spec path '${template}'. OpenAPI requires unique placeholder names within a single template.`,
        { specName },
      )
    }
    paramNames.push(name)
  }
  for (const segment of readSegments(template)) {
    if (segment.kind === 'param') {
      const name = segment.name
      addName(name)
      mixedOf.push(undefined)
      if (multiSegmentNames?.includes(name) === true) {
        segments.push({ kind: 'multi', name })
        hasMultiSegment = true
      } else {
        segments.push(segment)
      }
    } else if (segment.kind === 'literal') {
      segments.push(segment)
      literalCount++
    } else {
      segment.names.forEach((inner, index) => {
        addName(inner)
        mixedOf.push({ segment, index })
      })
      segments.push(segment)
      mixedCount++
      for (const text of segment.texts) mixedText += text.length
    }
  }
  return {
    template,
    order,
    segments,
    specificity: [literalCount, mixedCount, mixedText],
    hasMultiSegment,
    paramNames,
    mixedOf,
  }
}

// A template's segments as written (slashes at both ends trimmed): a whole-segment `{name}`, a segment
// mixing placeholders and text, or a literal. `x-multi-segment` is the compiler's to apply.
export function readSegments(template: string): Exclude<TemplateSegment, { kind: 'multi' }>[] {
  return trimSlashes(template).split('/').map(readSegment)
}

function readSegment(raw: string): Exclude<TemplateSegment, { kind: 'multi' }> {
  // Most segments are plain text, and without a brace there is no placeholder to look for.
  if (!raw.includes('{')) return { kind: 'literal', value: raw }
  const name = PLACEHOLDER.exec(raw)?.[1]
  if (name !== undefined) return { kind: 'param', name }
  return readMixedSegment(raw) ?? { kind: 'literal', value: raw }
}

// The placeholders and texts of a segment, or undefined when it has no placeholder (a literal).
function readMixedSegment(raw: string): MixedSegment | undefined {
  const names: string[] = []
  const texts: string[] = []
  let last = 0
  for (const match of raw.matchAll(INNER_PLACEHOLDER)) {
    texts.push(raw.slice(last, match.index))
    names.push(match[1] as string)
    last = match.index + match[0].length
  }
  if (names.length === 0) return undefined
  texts.push(raw.slice(last))
  return { kind: 'mixed', names, texts, key: JSON.stringify(texts) }
}

/**
 * Whether a request segment matches a mixed segment, and the values it gives the placeholders (pushed on
 * `values` when given): the texts in order, each placeholder at least one character, an earlier placeholder
 * as short as it can be (the first occurrence of the text after it). Taking the first occurrence never
 * loses a match the later ones would give, so there is no backtracking: linear in the segment, whatever
 * the template.
 */
export function matchMixedSegment(segment: MixedSegment, value: string, values?: string[]): boolean {
  const texts = segment.texts
  const count = segment.names.length
  const head = texts[0] as string
  const tail = texts[count] as string
  const end = value.length - tail.length
  if (end - head.length < count || !value.startsWith(head) || !value.endsWith(tail)) return false
  let start = head.length
  for (let i = 1; i < count; i++) {
    const text = texts[i] as string
    const at = text === '' ? start + 1 : value.indexOf(text, start + 1)
    // Every placeholder after this one needs a character before the tail.
    if (at === -1 || at + text.length > end - (count - i)) return false
    values?.push(value.slice(start, at))
    start = at + text.length
  }
  values?.push(value.slice(start, end))
  return true
}

// `'/' + trim(template, '/')`: the key under which a template without placeholders is looked up.
export function literalKey(template: string): string {
  return `/${trimSlashes(template)}`
}
