import type { TestRunner } from 'vitest'
import type { RunnerHooks } from './worker-state.js'

/**
 * The runtime's view of Vitest's runner (Vitest 4.1+ static `TestRunner` API), from the `TestRunner` the
 * setup file was handed: this module imports nothing from `vitest` at run time (see `setUpTestFile`).
 */
export function runnerHooks(runner: typeof TestRunner): RunnerHooks {
  return {
    currentTest: () => runner.getCurrentTest(),
    collectingTask: () => {
      const collector = runner.getCurrentSuite() as
        | { suite?: { meta: object }; file?: { meta: object } }
        | undefined
      return collector?.suite ?? collector?.file
    },
  }
}
