import { createRequire } from 'node:module'

type JestOpenApiMatcher = (
  this: { isNot: boolean; promise: string },
  received: unknown,
  spec: unknown,
) => { pass: boolean; message: () => string }

/** `require` from the benchmark app, which installs the peer tools the tests compare with. */
export const benchRequire = createRequire(new URL('../../../apps/bench/package.json', import.meta.url))

/**
 * jest-openapi's matcher and spec factory, called without Jest's global `expect`. Resolved from this
 * package, or from the benchmark app that already depends on it.
 */
export function loadJestOpenApi(): {
  toSatisfyApiSpec: JestOpenApiMatcher
  makeApiSpec: (spec: unknown) => unknown
} {
  for (const require of [createRequire(import.meta.url), benchRequire]) {
    try {
      const local = createRequire(require.resolve('jest-openapi'))
      return {
        toSatisfyApiSpec: (local('./matchers/toSatisfyApiSpec') as { default: JestOpenApiMatcher }).default,
        makeApiSpec: (local('openapi-validator') as { makeApiSpec: (spec: unknown) => unknown }).makeApiSpec,
      }
    } catch {
      // try the next location
    }
  }
  throw new Error('jest-openapi is not installed')
}
