import type { LoadedSpec } from '@contracttool/spec-loader'
import { createPathMatcher } from './create-path-matcher.js'
import { assertLoadedSpec } from './internal/arguments.js'
import type { PathMatcher } from './types.js'

// Keyed by the spec object itself: a matcher lives exactly as long as its spec and never leaks
// between specs, workers or test files.
const matchers = new WeakMap<LoadedSpec, PathMatcher>()

/**
 * The path matcher of `spec`, built on first use and reused for every later call with the same spec.
 *
 * @see https://spec.openapis.org/oas/v3.1.0#paths-object
 * @example
 * getPathMatcher(spec).match('/pets/42')?.template // '/pets/{petId}'
 */
export function getPathMatcher(spec: LoadedSpec): PathMatcher {
  let matcher = matchers.get(spec)
  if (matcher === undefined) {
    assertLoadedSpec('getPathMatcher', spec)
    matcher = createPathMatcher(spec)
    matchers.set(spec, matcher)
  }
  return matcher
}

/**
 * Makes `getPathMatcher(spec)`, and so every match and validation of `spec`, use `matcher`: one built by
 * `createPathMatcher(spec, options)` for this same spec, for example with multi-segment parameters kept
 * from an earlier load.
 *
 * @example
 * usePathMatcher(spec, createPathMatcher(spec, { multiSegmentParameters: kept }))
 */
export function usePathMatcher(spec: LoadedSpec, matcher: PathMatcher): void {
  assertLoadedSpec('usePathMatcher', spec)
  matchers.set(spec, matcher)
}
