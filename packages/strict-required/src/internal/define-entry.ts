// Sets an own enumerable property even for keys such as `__proto__`, which plain assignment would turn into
// a prototype change (spec names and pointers come from user data).
export function defineEntry<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}
