import { ContractToolError, isObject } from '@contracttool/spec-loader'
import { StrictRequiredErrorCode } from '../strict-required-error-code.js'
import { describeReceived, typeName } from './describe-received.js'
import { splitEndpoint, splitResponse } from './observation-keys.js'
import { parsePointer } from './pointer.js'

export interface ParsedFinding {
  readonly specName: string
  readonly endpoint: string
  readonly response: string
  readonly pointer: string
  readonly property: string
  readonly hits: number
}

export interface ParsedAdditionalPropertiesState {
  readonly evaluations: number
  readonly findings: readonly ParsedFinding[]
}

const STATE_VERSION = 1

// Validates a whole strict-additional-properties state before anything is merged.
export function parseAdditionalPropertiesState(state: unknown): ParsedAdditionalPropertiesState {
  if (!isObject(state)) {
    throw malformed(`strict_additional_properties state must be an object; received ${typeName(state)}.`)
  }
  if (state.version !== STATE_VERSION) {
    throw new ContractToolError(
      StrictRequiredErrorCode.StateUnsupportedVersion,
      `Unsupported strict_additional_properties state version: got ${describeReceived(state.version)}, expected ${STATE_VERSION}.`,
    )
  }
  const { evaluations, observations } = state
  if (typeof evaluations !== 'number' || !Number.isSafeInteger(evaluations) || evaluations < 0) {
    throw malformed(
      `strict_additional_properties state "evaluations" must be a non-negative integer; received ${describeReceived(evaluations)}.`,
    )
  }
  if (!isObject(observations)) {
    throw malformed(
      `strict_additional_properties state must contain an "observations" object; received ${typeName(observations)}.`,
    )
  }
  const findings: ParsedFinding[] = []
  for (const [specName, endpoints] of Object.entries(observations)) {
    if (!isObject(endpoints)) {
      throw malformed(
        `strict_additional_properties observations of spec '${specName}' must be an object keyed by "METHOD path".`,
      )
    }
    for (const [endpoint, responses] of Object.entries(endpoints)) {
      if (splitEndpoint(endpoint) === undefined || !isObject(responses)) {
        throw malformed(
          `strict_additional_properties ${specName} / ${describeReceived(endpoint)} must be keyed by "METHOD path" and hold an object keyed by "status:contentType".`,
        )
      }
      for (const [response, pointers] of Object.entries(responses)) {
        const where = `strict_additional_properties ${specName} / ${endpoint} / ${response}`
        if (splitResponse(response) === undefined || !isObject(pointers)) {
          throw malformed(
            `${where} must be keyed by "status:contentType" and hold an object keyed by pointer.`,
          )
        }
        for (const [pointer, row] of Object.entries(pointers)) {
          if (!isObject(row) || typeof row.property !== 'string') {
            throw malformed(`${where} / ${pointer} must be an object with a "property" name and "hits".`)
          }
          // The pointer ends with the property itself, so one pointer can never name two properties.
          const last = parsePointer(pointer)?.at(-1)
          if (last?.kind !== 'property' || last.name !== row.property) {
            throw malformed(
              `${where}: pointer ${describeReceived(pointer)} does not end with property ${describeReceived(row.property)}.`,
            )
          }
          const hits = row.hits
          if (typeof hits !== 'number' || !Number.isSafeInteger(hits) || hits < 1) {
            throw malformed(
              `${where} / ${pointer} requires integer hits >= 1; received ${describeReceived(hits)}.`,
            )
          }
          findings.push({ specName, endpoint, response, pointer, property: row.property, hits })
        }
      }
    }
  }
  return { evaluations, findings }
}

function malformed(message: string): ContractToolError {
  return new ContractToolError(StrictRequiredErrorCode.StateMalformed, message)
}
