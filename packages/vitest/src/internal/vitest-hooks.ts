import { TestRunner } from 'vitest'
import type { RunnerHooks } from './runtime.js'

/** The runtime's view of Vitest's runner (Vitest 4.1+ static `TestRunner` API). */
export const vitestHooks: RunnerHooks = {
  currentTest: () => TestRunner.getCurrentTest(),
  collectingTask: () => {
    const collector = TestRunner.getCurrentSuite() as
      | { suite?: { meta: object }; file?: { meta: object } }
      | undefined
    return collector?.suite ?? collector?.file
  },
}
