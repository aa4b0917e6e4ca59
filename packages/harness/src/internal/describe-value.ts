/** A short, safe description of a received value for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  if (typeof value !== 'object') return `${typeof value} ${String(value)}`
  if (Array.isArray(value)) return `an array of ${value.length} item(s)`
  const ctor = (value as { constructor?: { name?: string } }).constructor?.name
  const keys = Object.keys(value).slice(0, 6)
  const shown =
    keys.length === 0 ? 'no keys' : `keys ${keys.join(', ')}${Object.keys(value).length > 6 ? ', …' : ''}`
  return `${ctor !== undefined && ctor !== 'Object' ? `a ${ctor}` : 'an object'} (${shown})`
}
