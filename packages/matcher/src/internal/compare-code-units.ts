// Orders strings by UTF-16 code units, like `Array.prototype.sort` without a comparator. Used instead
// of `localeCompare` so diagnostics read the same on every machine and locale.
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
