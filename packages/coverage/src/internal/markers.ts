import type { EndpointState, ResponseState } from '../types.js'

export const PLAIN_MARKERS = {
  validated: '✓',
  skipped: '⚠',
  uncovered: '✗',
  partial: '◐',
  requestOnly: '·',
  unexpected: '!',
} as const

export const MARKDOWN_MARKERS = {
  validated: ':white_check_mark:',
  skipped: ':warning:',
  uncovered: ':x:',
  partial: ':large_orange_diamond:',
  requestOnly: ':information_source:',
} as const

type MarkerSet = { readonly [K in keyof typeof MARKDOWN_MARKERS]: string }

export function endpointMarker(state: EndpointState, markers: MarkerSet): string {
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

export function responseMarker(state: ResponseState, markers: MarkerSet): string {
  return state === 'validated' ? markers.validated : state === 'skipped' ? markers.skipped : markers.uncovered
}
