import type { ValidationResult } from '@contracttool/validator'

// Where a validation result is filed: spec, `"METHOD path"`, `"status:contentType"`.
export interface ObservationKeys {
  readonly specName: string
  readonly method: string
  readonly path: string
  readonly statusKey: string
  readonly contentType: string
  readonly endpoint: string
  readonly response: string
}

// Keys of a successful result; undefined when the result did not match a path and a response.
export function observationKeysOf(result: ValidationResult): ObservationKeys | undefined {
  if (result.outcome !== 'success' || result.matchedPath === null || result.matchedStatusKey === null)
    return undefined
  const contentType = result.matchedContentType ?? '*'
  return {
    specName: result.specName,
    method: result.method,
    path: result.matchedPath,
    statusKey: result.matchedStatusKey,
    contentType,
    endpoint: `${result.method} ${result.matchedPath}`,
    response: `${result.matchedStatusKey}:${contentType}`,
  }
}

// Splits `"METHOD path"` at the first space; undefined when there is no method or no path.
export function splitEndpoint(endpoint: string): { method: string; path: string } | undefined {
  const space = endpoint.indexOf(' ')
  if (space <= 0 || space === endpoint.length - 1) return undefined
  return { method: endpoint.slice(0, space), path: endpoint.slice(space + 1) }
}

// Splits `"status:contentType"` at the first colon (media types may carry colons in parameters).
export function splitResponse(response: string): { statusKey: string; contentType: string } | undefined {
  const colon = response.indexOf(':')
  if (colon <= 0 || colon === response.length - 1) return undefined
  return { statusKey: response.slice(0, colon), contentType: response.slice(colon + 1) }
}
