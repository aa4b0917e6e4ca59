// Path templates: concrete request paths for scenario 2 and the regex form used by linear scans.

const PLACEHOLDER = /\{[^{}/]+\}/g

/**
 * A concrete request path for a template: every `{name}` (whole segment or part of one, as in
 * `getX(period='{period}')`) becomes a token such as `zq12x0` that can never equal a literal segment of
 * any real spec. So the template a path was generated from is the only correct answer: any other
 * template that matches it has strictly fewer literal segments, or the same shape (a duplicate
 * template differing only in placeholder names, which counts as correct).
 */
export function concretePath(template, index) {
  let k = 0
  return template.replace(PLACEHOLDER, () => `zq${index}x${k++}`)
}

/** The template with placeholder names erased and trailing slashes trimmed: equal shapes are the same route. */
export function shapeOf(template) {
  const shape = template.replace(PLACEHOLDER, '{}')
  return shape.length > 1 ? shape.replace(/\/+$/, '') || '/' : shape
}

export function isTemplated(template) {
  return template.search(PLACEHOLDER) !== -1
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A templated path as an anchored regular expression (each placeholder matches one or more characters
 * other than `/`) plus its rank: number of fully literal segments, then literal characters, higher is
 * more specific.
 */
export function compileTemplateRegExp(template) {
  const trimmed = template.length > 1 ? template.replace(/\/+$/, '') : template
  let source = '^'
  let last = 0
  for (const match of trimmed.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(trimmed.slice(last, match.index))
    source += '[^/]+'
    last = match.index + match[0].length
  }
  source += `${escapeRegExp(trimmed.slice(last))}/*$`
  const segments = trimmed.split('/')
  const literalSegments = segments.filter((s) => s.search(PLACEHOLDER) === -1).length
  const literalChars = trimmed.replace(PLACEHOLDER, '').length
  return { template, regexp: new RegExp(source), literalSegments, literalChars }
}

/** True when `a` is more specific than `b` (ties keep declaration order). */
export function moreSpecific(a, b) {
  if (a.literalSegments !== b.literalSegments) return a.literalSegments > b.literalSegments
  return a.literalChars > b.literalChars
}

/** A deterministic pseudo-random permutation (xorshift seeded), so sampled runs are repeatable. */
export function shuffled(items, seed = 0x9e3779b9) {
  const out = [...items]
  let state = seed >>> 0 || 1
  for (let i = out.length - 1; i > 0; i--) {
    state ^= state << 13
    state >>>= 0
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    const j = state % (i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}
