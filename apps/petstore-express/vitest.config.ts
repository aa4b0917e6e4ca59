import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The options live in contracttool.config.json, which the Jest and node:test suites read too. Tests of 400 and 401
  // answers send requests that break the contract on purpose (skipRequestValidationResponseCodes).
  plugins: [contractTesting()],
  test: {
    name: 'petstore-express',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A safety net, not a timing assertion: the contract-check suite sends dozens of probes, and a
    // machine busy with other work (a 2-core CI runner) takes well over Vitest's default 5 s for them.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
