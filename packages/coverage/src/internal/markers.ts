import type { EndpointState, ResponseState } from '../types.js'

export const PLAIN_MARKERS = {
  validated: '✓',
  skipped: '⚠',
  uncovered: '✗',
  partial: '◐',
  requestOnly: '·',
  unexpected: '!',
  checkFailed: '✘',
} as const

export const MARKDOWN_MARKERS = {
  validated: ':white_check_mark:',
  skipped: ':warning:',
  uncovered: ':x:',
  partial: ':large_orange_diamond:',
  requestOnly: ':information_source:',
  checkFailed: ':no_entry:',
} as const

type MarkerSet = { readonly [K in keyof typeof MARKDOWN_MARKERS]: string }

// An endpoint with a row whose every check failed shows the failure, whatever its coverage state.
export function endpointMarker(state: EndpointState, markers: MarkerSet, hasCheckFailed = false): string {
  if (hasCheckFailed) return markers.checkFailed
  switch (state) {
    case 'all-covered':
      return markers.validated
    case 'partial':
      return markers.partial
    case 'request-only':
      return markers.requestOnly
    default:
      return markers.uncovered
  }
}

export function responseMarker(state: ResponseState, markers: MarkerSet, isCheckFailed = false): string {
  if (isCheckFailed) return markers.checkFailed
  return state === 'validated' ? markers.validated : state === 'skipped' ? markers.skipped : markers.uncovered
}
