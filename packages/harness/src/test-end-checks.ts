import type { TestEndQueue } from '@contracttool/exchange/internal'

/**
 * Checks that finish when a test ends: a check that runs after the test's own code has moved on (the
 * checks of MSW's mocked responses, which MSW reports after the response is delivered) registers here, and
 * the runner binding's after-each hook awaits `settle()` before it fails the test with what was found.
 */
export class TestEndChecks implements TestEndQueue {
  readonly #checks = new Set<() => Promise<void>>()

  /**
   * Runs `check` (and awaits it) at the end of every test from now on; returns the function that stops it.
   *
   * @example
   * const stop = runtime.testEnd?.add(async () => reportUnasserted())
   */
  add(check: () => Promise<void>): () => void {
    this.#checks.add(check)
    return () => void this.#checks.delete(check)
  }

  /** Runs the registered checks, one after the other. */
  async settle(): Promise<void> {
    for (const check of [...this.#checks]) await check()
  }
}
