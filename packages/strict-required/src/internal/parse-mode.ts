import { ContractToolError } from '@contracttool/spec-loader'
import { StrictRequiredErrorCode } from '../strict-required-error-code.js'
import { describeReceived } from './describe-received.js'

export interface ModeSpec<T extends string> {
  // Diagnostic prefix, for example `[OpenAPI Strict Required]`.
  readonly prefix: string
  // The setting's name as the caller spells it (`strictRequired`, `--strict-required`).
  readonly source: string
  readonly accepted: readonly T[]
  // Set for per-call modes: the message that rejects `fail` (never demoted to `warn`).
  readonly failRejection?: string
}

// Trims and lower-cases; unset or blank means `off`; anything else unknown throws a coded FATAL error.
export function parseMode<T extends string>(raw: unknown, spec: ModeSpec<T>): T | 'off' {
  if (raw === undefined || raw === null) return 'off'
  if (typeof raw === 'string') {
    const normalized = raw.trim().toLowerCase()
    if (normalized === '') return 'off'
    const match = spec.accepted.find((value) => value === normalized)
    if (match !== undefined) return match
    if (normalized === 'fail' && spec.failRejection !== undefined) {
      throw new ContractToolError(
        StrictRequiredErrorCode.PerCallFailUnsupported,
        `${spec.prefix} FATAL: ${spec.failRejection}`,
      )
    }
  }
  throw new ContractToolError(
    StrictRequiredErrorCode.InvalidMode,
    `${spec.prefix} FATAL: ${spec.source}=${describeReceived(raw)} is not recognised. Accepted: ${spec.accepted.join(', ')}.`,
  )
}
