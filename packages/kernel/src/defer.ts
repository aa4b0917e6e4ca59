// A computation a plain object carries until first read. Own enumerable getters (see
// `deferredProperty`) read it, so spreading, comparing, JSON and structured cloning all see values,
// while an object nobody reads never pays for them.
//
// The pending computation sits in a private field stamped onto the object: a base constructor that
// returns its argument makes the subclass's fields land on that object, which keeps its prototype
// and its keys. Getters are shared by every object: a getter created per object would give each
// object a hidden class of its own, which costs more than the work it defers.

class Host {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the subclass stamps its private fields onto `target`
    return target
  }
}

class Deferred extends Host {
  #compute: (() => unknown) | undefined
  #value: unknown

  constructor(target: object, compute: () => unknown) {
    super(target)
    this.#compute = compute
  }

  static read(target: object): unknown {
    const self = target as Deferred
    const compute = self.#compute
    if (compute !== undefined) {
      self.#value = compute()
      self.#compute = undefined
    }
    return self.#value
  }
}

/**
 * Attaches `compute` to `target` (once per object); it runs on the first read of a deferred property.
 *
 * @example
 * const result = {}
 * defer(result, () => expensive())
 * Object.defineProperty(result, 'message', deferredProperty((value: { message: string }) => value.message))
 */
export function defer(target: object, compute: () => unknown): void {
  new Deferred(target, compute)
}

/**
 * A descriptor for `Object.defineProperty`: an own enumerable property whose value `pick` takes from
 * the deferred result of the object it is read on.
 *
 * @example
 * Object.defineProperty(result, 'message', deferredProperty((value: { message: string }) => value.message))
 */
export function deferredProperty<T>(pick: (value: T) => unknown): PropertyDescriptor {
  return {
    enumerable: true,
    configurable: true,
    get(this: object): unknown {
      return pick(Deferred.read(this) as T)
    },
  }
}
