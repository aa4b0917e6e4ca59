import type { ErrorObject } from 'ajv'

// A key equal for exactly the values JSON Schema calls equal: object members in any order, numbers by
// value (`1` and `1.0`), strings and numbers never equal to each other.
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined'
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  const record = value as Record<string, unknown>
  const keys = Object.keys(record).sort()
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(',')}}`
}

type UniqueItems = ((schema: boolean, data: unknown) => boolean) & { errors?: Partial<ErrorObject>[] }

/**
 * The `uniqueItems` keyword in linear time: each item is keyed once by its canonical JSON, where Ajv's own
 * keyword compares object items pair by pair (20,000 objects: 200 million comparisons). Reports the
 * first duplicate pair as Ajv does (`params: { i, j }`, `j` the earlier index).
 *
 * @see https://json-schema.org/draft/2020-12/json-schema-validation#name-uniqueitems
 */
export const uniqueItemsKeyword: UniqueItems = (schema, data) => {
  uniqueItemsKeyword.errors = []
  if (schema !== true || !Array.isArray(data)) return true
  const seen = new Map<string, number>()
  for (let i = 0; i < data.length; i++) {
    const key = canonical(data[i])
    const j = seen.get(key)
    if (j !== undefined) {
      uniqueItemsKeyword.errors = [{ keyword: 'uniqueItems', params: { i, j }, data }]
      return false
    }
    seen.set(key, i)
  }
  return true
}
