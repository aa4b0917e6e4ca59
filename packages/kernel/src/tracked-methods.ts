/**
 * The HTTP methods that coverage, stubs, exploration and contract checks consider (plus 3.2
 * `additionalOperations`), upper case as on the wire, in the order reports use.
 *
 * @see https://spec.openapis.org/oas/v3.2.0#path-item-object
 * @example
 * TRACKED_METHODS.includes('GET') // true
 */
export const TRACKED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY'] as const

/** One of `TRACKED_METHODS`. */
export type TrackedMethod = (typeof TRACKED_METHODS)[number]
