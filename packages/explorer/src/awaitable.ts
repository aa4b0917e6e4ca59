/** A value or a promise of it: every hook may be async. */
export type Awaitable<T> = T | PromiseLike<T>
