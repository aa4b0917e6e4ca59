// A Vitest reporter for scenario 5 (src/cases/vitest-run.mjs): writes, for each test file, Vitest's own
// timings of its phases (TestModule.diagnostic()) to the file named by BENCH_VITEST_PHASES_OUT. Measured
// inside the worker, they split what a config costs each test file: `setupMs` is the setup files (the
// plugin's, for every config but `off`), `testsMs` the tests and their hooks (the matcher calls).
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export default class PhasesReporter {
  #files = []

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic()
    this.#files.push({
      setupMs: d.setupDuration,
      collectMs: d.collectDuration,
      prepareMs: d.prepareDuration,
      testsMs: d.duration,
    })
  }

  onTestRunEnd() {
    const out = process.env.BENCH_VITEST_PHASES_OUT
    if (out === undefined) return
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, JSON.stringify({ files: this.#files }))
  }
}
