// Appends `items` to `target` one by one: `target.push(...items)` passes every item as an argument and
// throws a RangeError past the engine's argument limit (a report of ~14,000 operations reaches it).
export function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item)
}
