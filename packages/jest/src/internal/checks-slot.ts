import type { JestChecks } from './jest-checks.js'

/** The slot on a test file's global where `@contracttool/jest/environment` leaves the checks of its worker. */
const CHECKS_SLOT = Symbol.for('contracttool.jest.checks')

/** Hands `checks` to the test file whose global is `global`. */
export function provideChecks(global: object, checks: JestChecks): void {
  ;(global as Record<PropertyKey, unknown>)[CHECKS_SLOT] = checks
}

/** The checks the test environment handed to this test file, if it did. */
export function providedChecks(): JestChecks | undefined {
  return (globalThis as Record<PropertyKey, unknown>)[CHECKS_SLOT] as JestChecks | undefined
}
