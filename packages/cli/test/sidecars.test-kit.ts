import { buildSidecarEnvelope, CoverageTracker, writeSidecar } from '@contracttool/coverage'
import { resolveOptions, runOptionsState } from '@contracttool/harness'
import { StrictRequiredTracker } from '@contracttool/strict-required'
import type { ValidationResult } from '@contracttool/validator'

/** A successful validation result of `"METHOD path status content-type"`. */
export function validated(specName: string, tuple: string): ValidationResult {
  const [method = '', path = '', status = '', contentType = '*'] = tuple.split(' ')
  return {
    outcome: 'success',
    specName,
    method,
    matchedPath: path,
    matchedStatusKey: status,
    matchedContentType: contentType === '*' ? null : contentType,
    matchedServer: null,
    violations: [],
    skipReason: null,
    message: '',
  }
}

/**
 * Writes the sidecar one worker would leave: the tuples it validated and, for strict_required, the body
 * each validated response carried; with `runOptions`, the options a shard given them in `contractTesting()`
 * (resolved at `root`) leaves beside its observations.
 */
export function writeWorkerSidecar(
  dir: string,
  token: string,
  specName: string,
  responses: readonly { readonly tuple: string; readonly body?: unknown }[],
  runOptions?: { readonly root: string; readonly options: Record<string, unknown> },
): string {
  const tracker = new CoverageTracker()
  const strict = new StrictRequiredTracker()
  for (const { tuple, body } of responses) {
    const result = validated(specName, tuple)
    tracker.recordResponse(result)
    if (body !== undefined) strict.record(result, body)
  }
  return writeSidecar(
    dir,
    token,
    buildSidecarEnvelope(tracker, {
      token,
      pid: 1000 + token.length,
      strictRequired: strict.toState(),
      ...(runOptions === undefined
        ? {}
        : {
            runOptions: runOptionsState(
              resolveOptions(runOptions.options, undefined, runOptions.root, {}, 'contractTesting()').given,
            ),
          }),
    }),
  )
}
