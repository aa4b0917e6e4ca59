import type { LoadedSpec } from '@contracttool/spec-loader'
import { assertLoadedSpec, assertString, readStripPrefixes } from './internal/arguments.js'
import { collectMultiSegmentParameters } from './internal/collect-multi-segment-parameters.js'
import {
  type CompiledTemplate,
  compileTemplate,
  literalKey,
  matchMixedSegment,
} from './internal/compile-template.js'
import { normalizeRequestPath } from './internal/normalize-request-path.js'
import { PathTrie } from './internal/path-trie.js'
import type {
  MatchOptions,
  NormalizedRequestPath,
  PathMatch,
  PathMatcher,
  PathMatcherOptions,
} from './types.js'

// The params of every literal match: shared, hence frozen.
export const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({})

/**
 * Builds the path matcher of one spec: templates are compiled once into a literal lookup table and a
 * segment trie, so a match costs the same on a spec of ten paths or ten thousand. Prefer
 * `getPathMatcher(spec)`, which builds it once per spec.
 *
 * Rules: a template without placeholders (compared as `'/' + trim(template, '/')`, first declaration
 * wins) always beats a templated one; a templated path needs the same number of segments, and each
 * `{name}` segment matches one non-empty segment; a segment mixing placeholders and text (`{id}.json`,
 * `{base}...{head}`) matches a segment with that text around non-empty values, an earlier placeholder
 * taking as little as it can; a parameter flagged `x-multi-segment: true` matches one or more segments.
 * Among templated matches, more literal segments win, then more mixed segments, then more text in mixed
 * segments, then a fixed segment count beats a multi-segment parameter, then declaration order.
 *
 * Throws `ContractToolError` `CONTRACTTOOL_DUPLICATE_PLACEHOLDER` when a template repeats a
 * placeholder name.
 *
 * Finding the multi-segment parameters reads every templated path item of the document; pass
 * `options.multiSegmentParameters` (from `findMultiSegmentParameters` on the same spec, kept from an
 * earlier load) to skip that.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#path-templating-matching
 * @example
 * const matcher = createPathMatcher(spec)
 * matcher.match('/api/pets/42?expand=owner', { stripPrefixes: ['/api'] })
 * // → { template: '/pets/{petId}', params: { petId: '42' }, normalizedPath: '/pets/42', strippedPrefix: '/api' }
 */
export function createPathMatcher(spec: LoadedSpec, options: PathMatcherOptions = {}): PathMatcher {
  assertLoadedSpec('createPathMatcher', spec)
  const multiSegment = options.multiSegmentParameters ?? collectMultiSegmentParameters(spec)
  const literals = new Map<string, string>()
  const templated: CompiledTemplate[] = []
  spec.paths.forEach((template, order) => {
    const compiled = compileTemplate(template, order, multiSegment.get(template), spec.name)
    if (compiled.paramNames.length > 0) {
      templated.push(compiled)
      return
    }
    const key = literalKey(template)
    if (!literals.has(key)) literals.set(key, template)
  })
  const trie = new PathTrie(templated)

  const lookup = (normalized: NormalizedRequestPath): PathMatch | undefined => {
    const path = normalized.path
    const literal = literals.get(path)
    if (literal !== undefined) {
      return {
        template: literal,
        params: NO_PARAMS,
        normalizedPath: path,
        strippedPrefix: normalized.strippedPrefix,
      }
    }
    // Every template starts at the root; `2/foo` (left by stripping `/api` off `/api2/foo`) matches nothing.
    if (path.charCodeAt(0) !== 47) return undefined
    const segments = path.slice(1).split('/')
    const hit = trie.search(segments)
    if (hit === undefined) return undefined
    const { template, captures } = hit
    const params: Record<string, string> = {}
    const names = template.paramNames
    // The values of the mixed segment being read: split once for all of its placeholders.
    let mixedValues: string[] = []
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string
      const start = captures[2 * i] as number
      const end = captures[2 * i + 1] as number
      const mixed = template.mixedOf[i]
      let value: string
      if (mixed !== undefined) {
        if (mixed.index === 0) {
          mixedValues = []
          matchMixedSegment(mixed.segment, segments[start] as string, mixedValues)
        }
        value = mixedValues[mixed.index] as string
      } else {
        value = end - start === 1 ? (segments[start] as string) : segments.slice(start, end).join('/')
      }
      // Assigning `__proto__` would replace the prototype instead of adding a key.
      if (name === '__proto__') {
        Object.defineProperty(params, name, { value, enumerable: true, writable: true, configurable: true })
      } else {
        params[name] = value
      }
    }
    return {
      template: template.template,
      params,
      normalizedPath: path,
      strippedPrefix: normalized.strippedPrefix,
    }
  }

  return {
    match(path: string, options?: MatchOptions): PathMatch | undefined {
      assertString('PathMatcher.match', 'the request path', path)
      return lookup(normalizeRequestPath(path, readStripPrefixes('PathMatcher.match', options)))
    },
    matchWithoutPrefixStripping(path: string): PathMatch | undefined {
      assertString('PathMatcher.matchWithoutPrefixStripping', 'the request path', path)
      return lookup(normalizeRequestPath(path, []))
    },
    normalize(path: string, options?: MatchOptions): NormalizedRequestPath {
      assertString('PathMatcher.normalize', 'the request path', path)
      return normalizeRequestPath(path, readStripPrefixes('PathMatcher.normalize', options))
    },
  }
}
