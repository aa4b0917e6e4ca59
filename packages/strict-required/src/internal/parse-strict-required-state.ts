import { ContractToolError, isObject } from '@contracttool/spec-loader'
import { StrictRequiredErrorCode } from '../strict-required-error-code.js'
import { describeReceived, typeName } from './describe-received.js'
import { splitEndpoint, splitResponse } from './observation-keys.js'
import { parsePointer } from './pointer.js'
import { sortUnique } from './sorted-strings.js'

export interface ParsedRow {
  readonly specName: string
  readonly endpoint: string
  readonly response: string
  readonly hits: number
  readonly pointers: Map<string, string[]>
}

const STATE_VERSION = 2

// Validates a whole strict-required state before anything is merged, so a bad row deep in a sidecar never
// leaves a tracker half-merged. Throws a coded `ContractToolError` naming the spec, endpoint and response.
export function parseStrictRequiredState(state: unknown): ParsedRow[] {
  if (!isObject(state)) {
    throw malformed(`strict_required state must be an object; received ${typeName(state)}.`)
  }
  const version = state.version
  if (version !== STATE_VERSION) {
    const v1 = findV1Row(state.observations)
    if (v1 !== undefined) throw v1Rejected(v1)
    throw new ContractToolError(
      StrictRequiredErrorCode.StateUnsupportedVersion,
      `Unsupported strict_required state version: got ${describeReceived(version)}, expected ${STATE_VERSION}.`,
    )
  }
  const observations = state.observations
  if (!isObject(observations)) {
    throw malformed(
      `strict_required state must contain an "observations" object; received ${typeName(observations)}.`,
    )
  }
  const rows: ParsedRow[] = []
  for (const [specName, endpoints] of Object.entries(observations)) {
    if (!isObject(endpoints)) {
      throw malformed(
        `strict_required observations of spec '${specName}' must be an object keyed by "METHOD path".`,
      )
    }
    for (const [endpoint, responses] of Object.entries(endpoints)) {
      if (splitEndpoint(endpoint) === undefined || !isObject(responses)) {
        throw malformed(
          `strict_required ${specName} / ${describeReceived(endpoint)} must be keyed by "METHOD path" and hold an object keyed by "status:contentType".`,
        )
      }
      for (const [response, row] of Object.entries(responses)) {
        rows.push(parseRow(specName, endpoint, response, row))
      }
    }
  }
  return rows
}

function parseRow(specName: string, endpoint: string, response: string, row: unknown): ParsedRow {
  const where = `strict_required ${specName} / ${endpoint} / ${response}`
  if (splitResponse(response) === undefined) {
    throw malformed(`${where}: the response key must read "status:contentType".`)
  }
  if (!isObject(row))
    throw malformed(`${where} must be an object with "hits" and "pointers"; received ${typeName(row)}.`)
  if (Object.hasOwn(row, 'alwaysPresent')) {
    throw v1Rejected({ specName, endpoint, response })
  }
  const hits = row.hits
  if (typeof hits !== 'number' || !Number.isSafeInteger(hits) || hits < 1) {
    throw malformed(`${where} requires integer hits >= 1; received ${describeReceived(hits)}.`)
  }
  if (!isObject(row.pointers)) {
    throw malformed(`${where} must carry "pointers" as an object; received ${typeName(row.pointers)}.`)
  }
  const pointers = new Map<string, string[]>()
  for (const [pointer, keys] of Object.entries(row.pointers)) {
    if (parsePointer(pointer) === undefined) {
      throw malformed(
        `${where}: ${describeReceived(pointer)} is not a strict_required pointer (expected "/", "/name" or "[*]" steps).`,
      )
    }
    if (!Array.isArray(keys) || !keys.every((key) => typeof key === 'string')) {
      throw malformed(`${where}: pointer ${pointer} must list keys as an array of strings.`)
    }
    pointers.set(pointer, sortUnique(keys as string[]))
  }
  return { specName, endpoint, response, hits, pointers }
}

interface RowLocation {
  readonly specName: string
  readonly endpoint: string
  readonly response: string
}

// Looks for a v1 row anywhere, tolerating any shape, to name it in the rejection.
function findV1Row(observations: unknown): RowLocation | undefined {
  if (!isObject(observations)) return undefined
  for (const [specName, endpoints] of Object.entries(observations)) {
    if (!isObject(endpoints)) continue
    for (const [endpoint, responses] of Object.entries(endpoints)) {
      if (!isObject(responses)) continue
      for (const [response, row] of Object.entries(responses)) {
        if (isObject(row) && Object.hasOwn(row, 'alwaysPresent')) return { specName, endpoint, response }
      }
    }
  }
  return undefined
}

function v1Rejected({ specName, endpoint, response }: RowLocation): ContractToolError {
  return new ContractToolError(
    StrictRequiredErrorCode.StateV1Rejected,
    `strict_required ${specName} / ${endpoint} / ${response} carries v1 "alwaysPresent" field; state format v2 expects "pointers" map. Upgrade every worker to the same contracttool version.`,
    { specName },
  )
}

function malformed(message: string): ContractToolError {
  return new ContractToolError(StrictRequiredErrorCode.StateMalformed, message)
}
