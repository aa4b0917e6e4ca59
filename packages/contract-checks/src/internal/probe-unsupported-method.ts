import { ExploredCase, exploreEndpoint } from '@contracttool/explorer'
import { EXPLORER_METHODS, type ExplorerMethod, isExplorerMethod } from '@contracttool/explorer/internal'
import { isTemplateInstance } from '@contracttool/matcher'
import { ContractCheck } from '../contract-check.js'
import type { StatusExpectation } from '../status-expectation.js'
import { isUngeneratable } from './explorer-errors.js'
import type { ProbeRunner, SelectedOperation } from './probe-runner.js'

/**
 * unsupported_method (README, "The checks"): one undocumented explorer method per documented path, chosen by
 * the derived seed, sent with generated path parameters and nothing else.
 */
export async function probeUnsupportedMethod(
  runner: ProbeRunner,
  path: string,
  derivedSeed: number,
  selected: readonly SelectedOperation[],
  expected: StatusExpectation,
): Promise<void> {
  const check = ContractCheck.UnsupportedMethod
  const spec = runner.spec
  // Every documented method counts, filtered or not: fixed ones upper case, additionalOperations
  // keys verbatim (case-sensitive, so a key `PUT` documents PUT and `copy` documents nothing here).
  const documented = new Set(spec.operations.filter((op) => op.path === path).map((op) => op.method))
  const candidates = EXPLORER_METHODS.filter((method) => !documented.has(method))
  if (candidates.length === 0) {
    runner.skip(
      check,
      path,
      null,
      'Every explorable HTTP method is documented for this path; no undocumented method to probe.',
    )
    return
  }
  let lastReason: string | undefined
  const hasPlaceholders = /\{[^{}]+\}/.test(path)
  for (const { indexed, explored } of selected) {
    let pathParams: Readonly<Record<string, string>> = {}
    if (hasPlaceholders) {
      if (indexed.isAdditional || !isExplorerMethod(indexed.method)) {
        lastReason ??= `No documented operation with an explorer-supported method (${EXPLORER_METHODS.join(', ')}) is available to generate path parameters.`
        continue
      }
      try {
        const [source] = exploreEndpoint(spec, indexed.method, path, {
          cases: 1,
          seed: derivedSeed,
          pathParametersOnly: true,
        }) as [ExploredCase]
        pathParams = source.pathParams
      } catch (error) {
        if (!isUngeneratable(error)) throw error
        lastReason = error.message
        continue
      }
    }
    const concrete = new ExploredCase({
      method: 'GET',
      matchedPath: path,
      pathParams,
      seed: derivedSeed,
      caseIndex: 0,
    }).uri()
    const collisions = new Map<string, string>()
    for (const template of spec.paths) {
      if (template === path || !isTemplateInstance(template, concrete)) continue
      for (const op of spec.operations) {
        if (op.path === template && !collisions.has(op.method)) collisions.set(op.method, template)
      }
    }
    const safe: ExplorerMethod[] = candidates.filter((method) => !collisions.has(method))
    if (safe.length === 0) {
      const details = candidates
        .map((method) => `${method} is documented by '${collisions.get(method)}'`)
        .join(', ')
      runner.skip(
        check,
        path,
        null,
        `The concrete probe URI '${concrete}' is also an instance of other documented path templates that declare every undocumented method for this path (${details}); a probe would be routed to a documented operation and proves nothing.`,
      )
      return
    }
    const probe = new ExploredCase({
      method: safe[derivedSeed % safe.length]!,
      matchedPath: path,
      pathParams,
      seed: derivedSeed,
      caseIndex: 0,
    })
    await runner.probe(
      { check, path, derivedSeed, operation: explored, operationId: null, mutation: null },
      probe,
      expected,
      {
        authenticate: true,
      },
    )
    return
  }
  runner.skip(
    check,
    path,
    null,
    lastReason ?? 'No documented operation could generate concrete path parameters.',
  )
}
