import { ContractToolError } from '@contracttool/kernel'
import { describeArgument, levenshtein } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { assertLoadedSpec, assertMethod, assertString } from './internal/arguments.js'
import { compareCodeUnits } from './internal/compare-code-units.js'
import { dropQueryAndFragment } from './internal/normalize-request-path.js'
import { trimSlashes } from './internal/trim-slashes.js'
import { MatcherErrorCode } from './matcher-error-code.js'
import type { PathSuggestion } from './types.js'

interface Candidate {
  readonly path: string
  readonly segments: readonly string[]
  readonly methods: readonly string[]
}

interface Ranked {
  readonly candidate: Candidate
  readonly segmentDiff: number
  readonly commonPrefix: number
}

interface Entry extends PathSuggestion {
  readonly segmentDiff: number
  readonly commonPrefix: number
  readonly tailDistance: number
}

// Split once per spec: suggestions run on every failing request of a suite.
const candidatesBySpec = new WeakMap<LoadedSpec, readonly Candidate[]>()

/**
 * The declared operations whose templates look most like `path`, best first, for "closest spec paths"
 * in a no-match diagnostic. Ranking: smaller difference in segment count, then more equal leading
 * segments, then smaller edit distance between the remaining segments (joined by `/`), then template,
 * then method (both by code unit). Segments are the path trimmed of slashes and split on `/`, compared
 * verbatim (`{petId}` does not equal `42`). Methods: fixed ones upper case, `additionalOperations` keys
 * verbatim. The ranking does not depend on `method`: the same path gets the same suggestions whatever
 * the request method.
 *
 * @param path the path the matcher compared, after prefix stripping (see `PathMatcher.normalize`);
 *   a query string or fragment is ignored.
 * @param limit how many suggestions at most (default 3); 0 returns none.
 * @see https://spec.openapis.org/oas/v3.1.0#paths-object
 * @example
 * suggestClosestPaths(spec, 'GET', '/pet/42', 3)
 * // → [{ method: 'GET', path: '/pets/{petId}' }, { method: 'DELETE', path: '/pets/{petId}' }, …]
 */
export function suggestClosestPaths(
  spec: LoadedSpec,
  method: string,
  path: string,
  limit = 3,
): PathSuggestion[] {
  assertLoadedSpec('suggestClosestPaths', spec)
  assertMethod('suggestClosestPaths', method)
  assertString('suggestClosestPaths', 'the path', path)
  if (!Number.isInteger(limit) || limit < 0) {
    throw new ContractToolError(
      MatcherErrorCode.InvalidArgument,
      `suggestClosestPaths: expected limit to be a non-negative integer, received ${describeArgument(limit)}.`,
      { specName: spec.name },
    )
  }
  if (limit === 0) return []
  const request = segmentsOf(dropQueryAndFragment(path))
  const ranked: Ranked[] = candidatesOf(spec).map((candidate) => ({
    candidate,
    segmentDiff: Math.abs(request.length - candidate.segments.length),
    commonPrefix: commonPrefixLength(request, candidate.segments),
  }))
  ranked.sort((a, b) => a.segmentDiff - b.segmentDiff || b.commonPrefix - a.commonPrefix)

  // The edit distance only breaks ties inside a (segmentDiff, commonPrefix) group, so groups after the
  // one that fills the limit cannot place and are never measured; inside a group, a distance above the
  // worst one that already fills the remaining slots cannot place either, so measuring stops there.
  const entries: Entry[] = []
  const requestTails: string[] = []
  for (let start = 0; start < ranked.length && entries.length < limit; ) {
    const head = ranked[start] as Ranked
    const slots = limit - entries.length
    const placed: number[] = []
    let end = start
    for (; end < ranked.length; end++) {
      const next = ranked[end] as Ranked
      if (next.segmentDiff !== head.segmentDiff || next.commonPrefix !== head.commonPrefix) break
      const bound = placed.length < slots ? Infinity : (placed[slots - 1] as number)
      requestTails[next.commonPrefix] ??= request.slice(next.commonPrefix).join('/')
      const tailDistance = levenshtein(
        requestTails[next.commonPrefix] as string,
        next.candidate.segments.slice(next.commonPrefix).join('/'),
        bound,
      )
      if (tailDistance > bound) continue
      for (const candidateMethod of next.candidate.methods) {
        entries.push({
          method: candidateMethod,
          path: next.candidate.path,
          segmentDiff: next.segmentDiff,
          commonPrefix: next.commonPrefix,
          tailDistance,
        })
        insertSorted(placed, tailDistance, slots)
      }
    }
    start = end
  }
  entries.sort(
    (a, b) =>
      a.segmentDiff - b.segmentDiff ||
      b.commonPrefix - a.commonPrefix ||
      a.tailDistance - b.tailDistance ||
      compareCodeUnits(a.path, b.path) ||
      compareCodeUnits(a.method, b.method),
  )
  return entries.slice(0, limit).map((entry) => ({ method: entry.method, path: entry.path }))
}

function candidatesOf(spec: LoadedSpec): readonly Candidate[] {
  const cached = candidatesBySpec.get(spec)
  if (cached !== undefined) return cached
  const candidates: Candidate[] = []
  for (const path of spec.paths) {
    const methods = [...(spec.operationsByPath.get(path)?.keys() ?? [])]
    if (methods.length > 0) candidates.push({ path, segments: segmentsOf(path), methods })
  }
  candidatesBySpec.set(spec, candidates)
  return candidates
}

function insertSorted(values: number[], value: number, keep: number): void {
  let at = values.length
  while (at > 0 && (values[at - 1] as number) > value) at--
  values.splice(at, 0, value)
  if (values.length > keep) values.length = keep
}

function segmentsOf(path: string): string[] {
  const trimmed = trimSlashes(path)
  return trimmed === '' ? [] : trimmed.split('/')
}

function commonPrefixLength(a: readonly string[], b: readonly string[]): number {
  const bound = Math.min(a.length, b.length)
  let shared = 0
  while (shared < bound && a[shared] === b[shared]) shared++
  return shared
}
