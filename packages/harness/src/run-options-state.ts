import { isObject } from '@contracttool/kernel'
import { ContractRunError, HarnessErrorCode } from './errors.js'
import type { GivenOptions } from './resolve-options.js'

/** The `runOptions` half of a sidecar: the options a shard resolved, as given, and where each came from. */
export interface RunOptionsState {
  readonly version: 1
  readonly values: Readonly<Record<string, unknown>>
  readonly sources: Readonly<Record<string, string>>
}

// Where a shard wrote its sidecar is where the merge reads it: the merge's own directory wins.
const NOT_CARRIED = new Set(['sidecarDir'])

/**
 * The options a shard leaves in its sidecar (`buildSidecarEnvelope(…, { runOptions })`): every option as
 * given, with its source, except what only JSON cannot carry (a function or a RegExp) and the sidecar folder.
 *
 * @example
 * buildSidecarEnvelope(tracker, { token, runOptions: runOptionsState(resolved.given) })
 */
export function runOptionsState(given: GivenOptions): RunOptionsState {
  const values: Record<string, unknown> = {}
  const sources: Record<string, string> = {}
  for (const [key, value] of Object.entries(given.values)) {
    if (NOT_CARRIED.has(key) || !isJsonData(value)) continue
    values[key] = value
    sources[key] = given.sources[key] ?? 'the run'
  }
  return { version: 1, values, sources }
}

function isJsonData(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true
  if (Array.isArray(value)) return value.every(isJsonData)
  return (
    isObject(value) &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value).every(isJsonData)
  )
}

/** The options of every shard, one layer under the merge's flags: values and the source of each. */
export interface CombinedRunOptions {
  readonly values: Readonly<Record<string, unknown>>
  readonly sources: Readonly<Record<string, string>>
}

/**
 * Combines the `runOptions` halves of a merge's sidecars: `specs` is the union of every shard's, every other
 * option must be the same in every shard that set it. `overridden` keys (given as flags) are not compared:
 * the flag wins. A difference is a `ContractRunError` (`CONTRACTTOOL_HARNESS_SHARD_OPTIONS_CONFLICT`) naming
 * both values, where each came from, and `names[key]` (the flag) that would choose.
 *
 * @example
 * const shards = combineRunOptions(mergeSidecars(envelopes).runOptionsStates, new Set(['jsonOutput']))
 */
export function combineRunOptions(
  states: readonly { readonly token: string; readonly state: unknown }[],
  overridden: ReadonlySet<string> = new Set(),
  names: Readonly<Partial<Record<string, string>>> = {},
): CombinedRunOptions {
  const values: Record<string, unknown> = {}
  const sources: Record<string, string> = {}
  const firstFrom = new Map<string, string>()
  for (const { token, state } of states) {
    const { values: shardValues, sources: shardSources } = readState(state, token)
    for (const [key, value] of Object.entries(shardValues)) {
      if (overridden.has(key) || NOT_CARRIED.has(key)) continue
      const from = `${shardSources[key] ?? 'the run'}, sidecar of ${token}`
      if (!Object.hasOwn(values, key)) {
        values[key] = value
        sources[key] = from
        firstFrom.set(key, from)
      } else if (key === 'specs' && Array.isArray(value) && Array.isArray(values[key])) {
        values[key] = [...new Set([...(values[key] as unknown[]), ...value])]
      } else if (JSON.stringify(values[key]) !== JSON.stringify(value)) {
        const flag = names[key]
        throw new ContractRunError(
          HarnessErrorCode.ShardOptionsConflict,
          `FATAL: [contracttool] shards disagree on option '${key}': ${JSON.stringify(values[key])} (${firstFrom.get(key)}) and ${JSON.stringify(value)} (${from}). ` +
            `${flag === undefined ? '' : `Pass ${flag} to choose, or `}run every shard with the same options.`,
        )
      }
    }
  }
  return { values, sources }
}

function readState(
  state: unknown,
  token: string,
): { values: Record<string, unknown>; sources: Record<string, unknown> } {
  if (!isObject(state) || state.version !== 1 || !isObject(state.values) || !isObject(state.sources)) {
    throw new ContractRunError(
      HarnessErrorCode.ShardOptionsConflict,
      `FATAL: [contracttool] the run options in the sidecar of ${token} cannot be read (expected { version: 1, values, sources }); upgrade every shard to the same contracttool version.`,
    )
  }
  return { values: state.values, sources: state.sources }
}
