import type { LoadedSpec } from '@contracttool/spec-loader'
import { assertLoadedSpec } from './internal/arguments.js'
import { collectMultiSegmentParameters } from './internal/collect-multi-segment-parameters.js'

/**
 * The path parameters flagged `x-multi-segment: true`, by path template: on the path item or on any of
 * its operations, inline or through `$ref`. Templates without one are absent. The result is plain data
 * (a map of string arrays): keep it beside a stored spec and hand it to `createPathMatcher` so a process
 * that restores the spec builds its matcher without reading every path item.
 *
 * @example
 * findMultiSegmentParameters(spec).get('/repos/{owner}/{repo}/contents/{path}') // ['path']
 */
export function findMultiSegmentParameters(spec: LoadedSpec): ReadonlyMap<string, readonly string[]> {
  assertLoadedSpec('findMultiSegmentParameters', spec)
  return collectMultiSegmentParameters(spec)
}
