import { CoverageTracker, computeCoverage, renderJson } from '@contracttool/coverage'
import type { LoadedSpec } from '@contracttool/spec-loader'

/** A real coverage JSON (schema_version 3) in which the given `"METHOD path status content-type"` tuples were validated. */
export function coverageJson(spec: LoadedSpec, validated: readonly string[]): string {
  const tracker = new CoverageTracker()
  for (const tuple of validated) {
    const [method = '', path = '', status = '', contentType = '*'] = tuple.split(' ')
    tracker.recordResponse({
      outcome: 'success',
      specName: spec.name,
      method,
      matchedPath: path,
      matchedStatusKey: status,
      matchedContentType: contentType === '*' ? null : contentType,
      matchedServer: null,
      violations: [],
      skipReason: null,
      message: '',
    })
  }
  return renderJson(computeCoverage([spec], tracker), { toolVersion: 'test', now: new Date(0) })
}
