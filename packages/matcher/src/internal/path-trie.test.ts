import type { JsonObject } from '@contracttool/kernel'
import { describe, expect, it } from 'vitest'
import { buildTestSpec, OK_OPERATION } from '../build-test-spec.test-kit.js'
import { createPathMatcher } from '../create-path-matcher.js'

interface GeneratedTemplate {
  readonly template: string
  readonly multi: ReadonlySet<string>
}

interface Outcome {
  readonly template: string
  readonly params: Record<string, string>
}

/** mulberry32: a tiny seeded PRNG so every run checks the same cases. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// Segments other than whole-segment placeholders; `#` becomes a name unique in the template, so mixed
// segments (`{m0}.json`) never repeat a name.
const OTHER_SEGMENTS = [
  ...['a', 'b', 'c', '{}', ''],
  ...['{#}.json', '{#a}...{#b}', 'v{#}.json', '{#a}{#b}', 'f({#})', 'f({#a},{#b})'],
]
const REQUEST_SEGMENTS = [
  ...['a', 'b', 'c', 'z', '', '1', '{}'],
  ...['1.json', 'a...b', 'a...b...c', 'v1.json', 'v.json', '.json', 'f(1)', 'f(1,2)', 'f(1,2,3)', 'f()'],
]

function generateTemplates(next: () => number): GeneratedTemplate[] {
  const count = 1 + Math.floor(next() * 24)
  const templates: GeneratedTemplate[] = []
  for (let t = 0; t < count; t++) {
    const length = 1 + Math.floor(next() * 4)
    const segments: string[] = []
    const multi = new Set<string>()
    for (let s = 0; s < length; s++) {
      if (next() < 0.45) {
        const name = `p${s}`
        segments.push(`{${name}}`)
        if (next() < 0.25) multi.add(name)
      } else {
        const other = OTHER_SEGMENTS[Math.floor(next() * OTHER_SEGMENTS.length)] as string
        segments.push(other.replaceAll('#', `m${s}`))
      }
    }
    const trailing = next() < 0.1 ? '/' : ''
    templates.push({ template: `/${segments.join('/')}${trailing}`, multi })
  }
  return templates
}

function generatePath(next: () => number): string {
  const length = Math.floor(next() * 6)
  const segments: string[] = []
  for (let s = 0; s < length; s++)
    segments.push(REQUEST_SEGMENTS[Math.floor(next() * REQUEST_SEGMENTS.length)] as string)
  return `/${segments.join('/')}`
}

/**
 * The ordering rules written the obvious way: a literal table, then one regex per template (a lazy group
 * per placeholder of a mixed segment), every match collected and sorted. Slow on big specs, easy to read:
 * the trie must agree with it.
 */
function referenceMatch(
  templates: readonly GeneratedTemplate[],
  rawPath: string,
): { readonly outcome: Outcome | undefined; readonly candidates: number } {
  const path = rawPath !== '/' && rawPath.endsWith('/') ? rawPath.replace(/\/+$/, '') : rawPath
  const trim = (value: string) => value.replace(/^\/+|\/+$/g, '')
  for (const { template } of templates) {
    const segments = trim(template).split('/')
    if (segments.every((segment) => !/\{[^{}]+\}/.test(segment)) && `/${trim(template)}` === path) {
      return { outcome: { template, params: {} }, candidates: 1 }
    }
  }
  const hits: {
    template: string
    order: number
    literals: number
    mixed: number
    mixedText: number
    multi: boolean
    params: Record<string, string>
  }[] = []
  templates.forEach(({ template, multi }, order) => {
    const segments = trim(template).split('/')
    const names: string[] = []
    let literals = 0
    let mixed = 0
    let mixedText = 0
    const pattern = segments.map((segment) => {
      const name = /^\{([^{}]+)\}$/.exec(segment)?.[1]
      if (name !== undefined) {
        names.push(name)
        return multi.has(name) ? '([^/]+(?:/[^/]+)*?)' : '([^/]+)'
      }
      const parts = segment.split(/\{([^{}]+)\}/)
      if (parts.length === 1) literals++
      else mixed++
      // `split` with a group alternates text and names.
      return parts
        .map((part, i) => {
          if (i % 2 === 0) {
            if (parts.length > 1) mixedText += part.length
            return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          }
          names.push(part)
          return '([^/]+?)'
        })
        .join('')
    })
    if (names.length === 0) return
    const found = new RegExp(`^/${pattern.join('/')}$`).exec(path)
    if (found === null) return
    const params: Record<string, string> = {}
    names.forEach((name, i) => {
      params[name] = found[i + 1] as string
    })
    hits.push({
      template,
      order,
      literals,
      mixed,
      mixedText,
      multi: names.some((name) => multi.has(name)),
      params,
    })
  })
  hits.sort(
    (a, b) =>
      b.literals - a.literals ||
      b.mixed - a.mixed ||
      b.mixedText - a.mixedText ||
      Number(a.multi) - Number(b.multi) ||
      a.order - b.order,
  )
  const best = hits[0]
  return {
    outcome: best === undefined ? undefined : { template: best.template, params: best.params },
    candidates: hits.length,
  }
}

function specOf(templates: readonly GeneratedTemplate[]) {
  const paths: JsonObject = {}
  for (const { template, multi } of templates) {
    if (template in paths) continue
    const parameters = [...multi].map((name) => ({
      name,
      in: 'path',
      required: true,
      'x-multi-segment': true,
    }))
    paths[template] = { get: { ...OK_OPERATION, parameters } }
  }
  return buildTestSpec(paths)
}

describe('segment trie', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'agrees with the reference ordering on generated specs (seed %i)',
    (seed) => {
      const next = random(seed)
      let compared = 0
      let matched = 0
      let ambiguous = 0
      for (let specIndex = 0; specIndex < 60; specIndex++) {
        // Duplicate templates collapse in a JSON object; the reference must see the same list.
        const unique = new Map<string, GeneratedTemplate>()
        for (const generated of generateTemplates(next)) {
          if (!unique.has(generated.template)) unique.set(generated.template, generated)
        }
        const templates = [...unique.values()]
        const matcher = createPathMatcher(specOf(templates))
        const paths = new Set<string>()
        for (let p = 0; p < 100; p++) paths.add(generatePath(next))
        // Instances of the templates themselves, so most runs exercise a real match.
        for (const { template } of templates)
          paths.add(
            template
              .split('/')
              .map((s) => s.replace(/\{[^{}]+\}/g, 'a'))
              .join('/'),
          )
        for (const path of paths) {
          const got = matcher.match(path)
          const { outcome: want, candidates } = referenceMatch(templates, path)
          expect(
            got === undefined ? undefined : { template: got.template, params: { ...got.params } },
            path,
          ).toEqual(want)
          compared++
          if (want !== undefined) matched++
          if (candidates > 1) ambiguous++
        }
      }
      // The generator must keep producing matches, misses and paths several templates compete for, or
      // the comparison proves little.
      expect(compared).toBeGreaterThan(3000)
      expect(matched).toBeGreaterThan(compared / 10)
      expect(compared - matched).toBeGreaterThan(compared / 10)
      expect(ambiguous).toBeGreaterThan(compared / 20)
    },
  )
})
