import { normalizeMediaType } from '@contracttool/kernel'

export function isRangeMediaType(mediaType: string): boolean {
  return normalizeMediaType(mediaType).endsWith('/*')
}

const RANGE_EXAMPLES: Readonly<Record<string, string>> = {
  application: 'application/octet-stream',
  audio: 'audio/mpeg',
  font: 'font/woff2',
  image: 'image/png',
  multipart: 'multipart/mixed',
  text: 'text/plain',
  video: 'video/mp4',
}

/**
 * A concrete media type covered by a range key. A range whose schema a JSON body can satisfy
 * (`application/*` with a schema) is exercised as JSON; every other range as a non-JSON type.
 */
export function concreteMediaType(mediaType: string, preferJson: boolean): string {
  const essence = normalizeMediaType(mediaType)
  if (!essence.endsWith('/*')) return mediaType
  const type = essence.slice(0, -2)
  if (preferJson && type === 'application') return 'application/json'
  if (type === '*') return 'application/octet-stream'
  return RANGE_EXAMPLES[type] ?? `${type}/x-example`
}
