import { ContractToolError } from '@contracttool/kernel'
import { echoValue, truncateText } from '@contracttool/kernel/internal'
import { StrictRequiredErrorCode } from '../strict-required-error-code.js'
import type { StrictPolicy } from './strict-policy.js'

/** The labels of a policy that its mode messages use. */
export type ModeLabels = Pick<
  StrictPolicy<unknown, unknown, unknown>,
  'prefix' | 'perCallPrefix' | 'perCallFailRejection'
>

const RUN_MODES = ['off', 'warn', 'fail'] as const
const PER_CALL_MODES = ['off', 'warn'] as const

/**
 * A run-level (`off`, `warn`, `fail`) or per-call (`off`, `warn`) mode. Trims and lower-cases; unset or
 * blank means `off`; `fail` given to a per-call mode is rejected, never demoted to `warn`; anything else
 * unknown throws a coded FATAL error naming the setting as `source` spells it.
 */
export function parseMode(
  labels: ModeLabels,
  scope: 'run',
  raw: unknown,
  source: string,
): 'off' | 'warn' | 'fail'
export function parseMode(labels: ModeLabels, scope: 'per-call', raw: unknown, source: string): 'off' | 'warn'
export function parseMode(
  labels: ModeLabels,
  scope: 'run' | 'per-call',
  raw: unknown,
  source: string,
): 'off' | 'warn' | 'fail' {
  const isPerCall = scope === 'per-call'
  const prefix = isPerCall ? labels.perCallPrefix : labels.prefix
  const accepted: readonly string[] = isPerCall ? PER_CALL_MODES : RUN_MODES
  if (raw === undefined || raw === null) return 'off'
  if (typeof raw === 'string') {
    const normalized = raw.trim().toLowerCase()
    if (normalized === '') return 'off'
    if (accepted.includes(normalized)) return normalized as 'off' | 'warn' | 'fail'
    if (normalized === 'fail' && isPerCall) {
      throw new ContractToolError(
        StrictRequiredErrorCode.PerCallFailUnsupported,
        `${prefix} FATAL: ${labels.perCallFailRejection(source)}`,
      )
    }
  }
  // The README's line shows a text setting as written (`<source>=<raw>`), unquoted.
  const shown = typeof raw === 'string' ? truncateText(raw) : echoValue(raw)
  throw new ContractToolError(
    StrictRequiredErrorCode.InvalidMode,
    `${prefix} FATAL: ${source}=${shown} is not recognised. Accepted: ${accepted.join(', ')}.`,
  )
}
