import { ANY_CONTENT_TYPE } from '../types.js'

// Methods coverage never tracks.
const UNTRACKED_METHODS = new Set(['OPTIONS', 'HEAD', 'TRACE'])

export function isUntrackedMethod(method: string): boolean {
  return UNTRACKED_METHODS.has(method.toUpperCase())
}

export function endpointKey(method: string, path: string): string {
  return `${method} ${path}`
}

// Splits `"GET /pets"` at the first space.
export function splitEndpointKey(key: string): { method: string; path: string } {
  const space = key.indexOf(' ')
  return space === -1
    ? { method: key, path: '' }
    : { method: key.slice(0, space), path: key.slice(space + 1) }
}

export function responseKey(statusKey: string, contentTypeKey: string | null): string {
  return `${statusKey}:${contentTypeKey ?? ANY_CONTENT_TYPE}`
}

// Splits `"200:application/json"` at the first colon; a key without one means any content type.
export function splitResponseKey(key: string): { statusKey: string; contentTypeKey: string } {
  const colon = key.indexOf(':')
  return colon === -1
    ? { statusKey: key, contentTypeKey: ANY_CONTENT_TYPE }
    : { statusKey: key.slice(0, colon), contentTypeKey: key.slice(colon + 1) }
}
