import { JEST_CHECKS_SLOT } from '@contracttool/kernel/internal'
import type { JestChecks } from './jest-checks.js'

/** The slot on a test file's global where `@contracttool/jest/environment` leaves the checks of its worker. */

/** Hands `checks` to the test file whose global is `global`. */
export function provideChecks(global: object, checks: JestChecks): void {
  ;(global as Record<PropertyKey, unknown>)[JEST_CHECKS_SLOT] = checks
}

/** The checks the test environment handed to this test file, if it did. */
export function providedChecks(): JestChecks | undefined {
  return (globalThis as Record<PropertyKey, unknown>)[JEST_CHECKS_SLOT] as JestChecks | undefined
}
