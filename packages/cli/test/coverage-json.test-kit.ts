import { CoverageTracker, computeCoverage, renderJson } from '@contracttool/coverage'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { validated } from './sidecars.test-kit.js'

/** A real coverage JSON (schema_version 3) in which the given `"METHOD path status content-type"` tuples were validated. */
export function coverageJson(spec: LoadedSpec, tuples: readonly string[]): string {
  const tracker = new CoverageTracker()
  for (const tuple of tuples) tracker.recordResponse(validated(spec.name, tuple))
  return renderJson(computeCoverage([spec], tracker), { toolVersion: 'test', now: new Date(0) })
}
