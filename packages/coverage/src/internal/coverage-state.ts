import { isObject } from '@contracttool/kernel'
import { echoValue, jsonTypeOf, truncateText } from '@contracttool/kernel/internal'
import { CoverageError, CoverageErrorCode } from '../errors.js'
import type { RecordedResponseState } from '../types.js'

export interface MutableResponse {
  state: RecordedResponseState
  hits: number
  skipReason: string | null
  passedHits: number
  failedHits: number
}

export interface MutableEndpoint {
  requestReached: boolean
  requestSkipReason: string | null
  readonly responses: Map<string, MutableResponse>
}

// spec → endpoint key → recording. Maps, so spec-controlled keys such as `__proto__` stay plain data.
export type CoverageStore = Map<string, Map<string, MutableEndpoint>>

// spec → endpoint key → status key → content-type key → hits.
export type SdkStore = Map<string, Map<string, Map<string, Map<string, number>>>>

export function endpointEntry(store: CoverageStore, spec: string, key: string): MutableEndpoint {
  let endpoints = store.get(spec)
  if (endpoints === undefined) {
    endpoints = new Map()
    store.set(spec, endpoints)
  }
  let entry = endpoints.get(key)
  if (entry === undefined) {
    entry = { requestReached: false, requestSkipReason: null, responses: new Map() }
    endpoints.set(key, entry)
  }
  return entry
}

// Hit counts add up to Number.MAX_SAFE_INTEGER and stay there: past 2^53 a sum is no longer exact, and
// the coverage JSON (whose readers require safe integers) must stay readable.
export function addHits(a: number, b: number): number {
  return Math.min(a + b, Number.MAX_SAFE_INTEGER)
}

const NO_CHECKS = { passedHits: 0, failedHits: 0 } as const

// The one promotion rule for responses, shared by live recording and merging so the two cannot drift:
// hits accumulate, validated wins and clears the reason, skipped + skipped keeps the latest non-null reason.
// `passedHits` and `failedHits` count the validated hits by the outcome of their check.
export function applyResponse(
  entry: MutableEndpoint,
  key: string,
  state: RecordedResponseState,
  hits: number,
  skipReason: string | null,
  checks: { readonly passedHits: number; readonly failedHits: number } = NO_CHECKS,
): void {
  const existing = entry.responses.get(key)
  if (existing === undefined) {
    entry.responses.set(key, {
      state,
      hits,
      skipReason: state === 'validated' ? null : skipReason,
      passedHits: checks.passedHits,
      failedHits: checks.failedHits,
    })
    return
  }
  existing.hits = addHits(existing.hits, hits)
  existing.passedHits = addHits(existing.passedHits, checks.passedHits)
  existing.failedHits = addHits(existing.failedHits, checks.failedHits)
  if (state === 'validated') {
    existing.state = 'validated'
    existing.skipReason = null
  } else if (existing.state === 'skipped' && skipReason !== null) {
    existing.skipReason = skipReason
  }
}

// The request-side rule: the first request recording stores its reason as is, a later clean one clears it,
// a skip after a clean validation keeps it clean, skipped + skipped keeps the latest reason.
export function applyRequest(entry: MutableEndpoint, skipReason: string | null): void {
  if (!entry.requestReached) {
    entry.requestReached = true
    entry.requestSkipReason = skipReason
    return
  }
  if (skipReason === null) entry.requestSkipReason = null
  else if (entry.requestSkipReason !== null) entry.requestSkipReason = skipReason
}

export function addSdkHits(
  store: SdkStore,
  spec: string,
  endpoint: string,
  statusKey: string,
  contentTypeKey: string,
  hits: number,
): void {
  let endpoints = store.get(spec)
  if (endpoints === undefined) {
    endpoints = new Map()
    store.set(spec, endpoints)
  }
  let statuses = endpoints.get(endpoint)
  if (statuses === undefined) {
    statuses = new Map()
    endpoints.set(endpoint, statuses)
  }
  let contentTypes = statuses.get(statusKey)
  if (contentTypes === undefined) {
    contentTypes = new Map()
    statuses.set(statusKey, contentTypes)
  }
  contentTypes.set(contentTypeKey, addHits(contentTypes.get(contentTypeKey) ?? 0, hits))
}

// Assigns an own enumerable property even for keys such as `__proto__`.
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

// A validated coverage payload, in the order it was written.
export interface NormalizedCoverageState {
  readonly specs: readonly {
    readonly spec: string
    readonly endpoints: readonly {
      readonly key: string
      readonly requestReached: boolean
      readonly requestSkipReason: string | null
      readonly responses: readonly {
        readonly key: string
        readonly state: RecordedResponseState
        readonly hits: number
        readonly skipReason: string | null
        readonly passedHits: number
        readonly failedHits: number
      }[]
    }[]
  }[]
}

function quote(key: string): string {
  return JSON.stringify(truncateText(key))
}

function invalid(where: string, message: string): CoverageError {
  return new CoverageError(CoverageErrorCode.InvalidState, `${where}: ${message}`)
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

function isHits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1
}

// Validates a whole coverage state payload before anything is applied (all-or-nothing merges).
// `where` names the payload in messages (`coverage state`, `sidecar part-1-42.json coverage`).
export function validateCoverageState(value: unknown, where = 'coverage state'): NormalizedCoverageState {
  if (!isObject(value)) throw invalid(where, `expected an object, got ${jsonTypeOf(value)}`)
  if (!Object.hasOwn(value, 'version')) throw invalid(where, 'missing "version"')
  if (value.version !== 1) {
    throw new CoverageError(
      CoverageErrorCode.UnsupportedStateVersion,
      `${where}: unsupported coverage state version: ${echoValue(value.version)} (expected 1)`,
    )
  }
  if (!isObject(value.specs))
    throw invalid(where, `"specs" must be an object, got ${jsonTypeOf(value.specs)}`)
  const specs: NormalizedCoverageState['specs'][number][] = []
  for (const [spec, endpointsValue] of Object.entries(value.specs)) {
    const specWhere = `specs[${quote(spec)}]`
    if (!isObject(endpointsValue)) {
      throw invalid(where, `${specWhere} must be an object, got ${jsonTypeOf(endpointsValue)}`)
    }
    const endpoints: NormalizedCoverageState['specs'][number]['endpoints'][number][] = []
    for (const [key, entry] of Object.entries(endpointsValue)) {
      const at = `${specWhere}[${quote(key)}]`
      if (!/^\S+ \S/.test(key)) throw invalid(where, `${at}: endpoint key must be "<METHOD> <path>"`)
      if (!isObject(entry)) throw invalid(where, `${at} must be an object, got ${jsonTypeOf(entry)}`)
      const requestReached = entry.requestReached ?? false
      if (typeof requestReached !== 'boolean') {
        throw invalid(where, `${at}.requestReached must be a boolean, got ${jsonTypeOf(requestReached)}`)
      }
      const requestSkipReason = entry.requestSkipReason ?? null
      if (requestSkipReason !== null && typeof requestSkipReason !== 'string') {
        throw invalid(
          where,
          `${at}.requestSkipReason must be a string or null, got ${jsonTypeOf(requestSkipReason)}`,
        )
      }
      const responsesValue = entry.responses ?? {}
      if (!isObject(responsesValue)) {
        throw invalid(where, `${at}.responses must be an object, got ${jsonTypeOf(responsesValue)}`)
      }
      const responses: NormalizedCoverageState['specs'][number]['endpoints'][number]['responses'][number][] =
        []
      for (const [responseKey, row] of Object.entries(responsesValue)) {
        const rowAt = `${at}.responses[${quote(responseKey)}]`
        if (responseKey === '' || responseKey.startsWith(':')) {
          throw invalid(where, `${rowAt}: response key must be "<status>:<content type>"`)
        }
        if (!isObject(row)) throw invalid(where, `${rowAt} must be an object, got ${jsonTypeOf(row)}`)
        if (row.state !== 'validated' && row.state !== 'skipped') {
          throw invalid(where, `${rowAt}.state must be "validated" or "skipped", got ${echoValue(row.state)}`)
        }
        if (!isHits(row.hits))
          throw invalid(where, `${rowAt}.hits must be an integer >= 1, got ${echoValue(row.hits)}`)
        const skipReason = row.skipReason ?? null
        if (skipReason !== null && typeof skipReason !== 'string') {
          throw invalid(where, `${rowAt}.skipReason must be a string or null, got ${jsonTypeOf(skipReason)}`)
        }
        // Absent in sidecars of older workers and of runs where no check failed: every validated hit passed.
        const failedHits = row.failedHits ?? 0
        if (!isCount(failedHits)) {
          throw invalid(where, `${rowAt}.failedHits must be an integer >= 0, got ${echoValue(failedHits)}`)
        }
        const passedHits =
          row.passedHits ?? (row.state === 'validated' ? Math.max(0, row.hits - failedHits) : 0)
        if (!isCount(passedHits)) {
          throw invalid(where, `${rowAt}.passedHits must be an integer >= 0, got ${echoValue(passedHits)}`)
        }
        if (passedHits + failedHits > row.hits) {
          throw invalid(
            where,
            `${rowAt}: passedHits + failedHits must not exceed hits (${row.hits}), got ${passedHits} + ${failedHits}`,
          )
        }
        responses.push({
          key: responseKey,
          state: row.state,
          hits: row.hits,
          skipReason,
          passedHits,
          failedHits,
        })
      }
      endpoints.push({ key, requestReached, requestSkipReason, responses })
    }
    specs.push({ spec, endpoints })
  }
  return { specs }
}

// A validated SDK exercise payload as flat rows.
export type NormalizedSdkExerciseState = readonly {
  readonly spec: string
  readonly endpoint: string
  readonly statusKey: string
  readonly contentTypeKey: string
  readonly hits: number
}[]

export function validateSdkExerciseState(
  value: unknown,
  where = 'SDK exercise state',
): NormalizedSdkExerciseState {
  if (!isObject(value)) throw invalid(where, `expected an object, got ${jsonTypeOf(value)}`)
  if (value.version !== 1) {
    throw new CoverageError(
      CoverageErrorCode.UnsupportedStateVersion,
      `${where}: unsupported SDK exercise state version: ${echoValue(value.version)} (expected 1)`,
    )
  }
  if (!isObject(value.observations)) {
    throw invalid(where, `"observations" must be an object, got ${jsonTypeOf(value.observations)}`)
  }
  const rows: NormalizedSdkExerciseState[number][] = []
  for (const [spec, endpoints] of Object.entries(value.observations)) {
    if (!isObject(endpoints)) throw invalid(where, `observations[${quote(spec)}] must be an object`)
    for (const [endpoint, statuses] of Object.entries(endpoints)) {
      const at = `observations[${quote(spec)}][${quote(endpoint)}]`
      if (!isObject(statuses)) throw invalid(where, `${at} must be an object`)
      for (const [statusKey, contentTypes] of Object.entries(statuses)) {
        if (!isObject(contentTypes)) throw invalid(where, `${at}[${quote(statusKey)}] must be an object`)
        for (const [contentTypeKey, hits] of Object.entries(contentTypes)) {
          if (!isHits(hits)) {
            throw invalid(
              where,
              `${at}[${quote(statusKey)}][${quote(contentTypeKey)}] must be an integer >= 1, got ${echoValue(hits)}`,
            )
          }
          rows.push({ spec, endpoint, statusKey, contentTypeKey, hits })
        }
      }
    }
  }
  return rows
}
