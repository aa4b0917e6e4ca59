import { ContractToolError, isContractToolError } from '@contracttool/kernel'
import type { IndexedOperation, LoadedSpec } from '@contracttool/spec-loader'
import { type EffectiveSecurity, readEffectiveSecurity } from '@contracttool/validator'
import { ContractChecksErrorCode } from '../contract-checks-error-code.js'

/** A security scheme as ignored_auth sees it: where a credential goes, if it can fabricate one. */
export type CredentialScheme =
  | { readonly kind: 'bearer'; readonly name: string }
  | {
      readonly kind: 'apiKey'
      readonly name: string
      readonly in: 'header' | 'query' | 'cookie'
      readonly parameterName: string
    }
  | { readonly kind: 'other'; readonly name: string }

export interface OperationSecurity {
  /** False without an effective requirement, or when one requirement entry is anonymous (`{}`). */
  readonly requiresCredentials: boolean
  /** Every scheme of every requirement entry, once each, in declaration order. */
  readonly schemes: readonly CredentialScheme[]
}

/**
 * Reads the operation's effective security with the runtime validator's own detection, so the
 * check and request validation can never disagree on what "secured" means. A malformed
 * declaration is a hard error: reading it as "no authentication" would silently probe nothing.
 */
export function readOperationSecurity(spec: LoadedSpec, operation: IndexedOperation): OperationSecurity {
  let effective: EffectiveSecurity
  try {
    effective = readEffectiveSecurity(spec, operation)
  } catch (error) {
    if (isContractToolError(error) && error.code === ContractChecksErrorCode.MalformedSecurity) {
      // The validator's message starts with its own location; this one names the operation already.
      const reason = error.message
        .replace(/^\[security\] \S+ \S+: /, '')
        .trim()
        .replace(/([^.])$/, '$1.')
      throw new ContractToolError(
        ContractChecksErrorCode.MalformedSecurity,
        `ignored_auth cannot decide whether ${operation.method} '${operation.path}' requires authentication: ${reason} ` +
          'Fix the spec — reading a malformed declaration as "no authentication required" would silently probe nothing.',
        { specName: spec.name, cause: error },
      )
    }
    throw error
  }
  return toOperationSecurity(effective)
}

function toOperationSecurity(effective: EffectiveSecurity): OperationSecurity {
  if (effective.kind !== 'required') return { requiresCredentials: false, schemes: [] }
  const schemes = new Map<string, CredentialScheme>()
  for (const alternative of effective.alternatives) {
    for (const scheme of alternative.schemes) {
      if (schemes.has(scheme.name)) continue
      const location = scheme.in
      if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') {
        schemes.set(scheme.name, { kind: 'bearer', name: scheme.name })
      } else if (
        scheme.type === 'apiKey' &&
        (location === 'header' || location === 'query' || location === 'cookie') &&
        typeof scheme.paramName === 'string'
      ) {
        schemes.set(scheme.name, {
          kind: 'apiKey',
          name: scheme.name,
          in: location,
          parameterName: scheme.paramName,
        })
      } else {
        schemes.set(scheme.name, { kind: 'other', name: scheme.name })
      }
    }
  }
  return { requiresCredentials: true, schemes: [...schemes.values()] }
}
