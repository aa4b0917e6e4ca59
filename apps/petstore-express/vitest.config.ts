import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [
    contractTesting({
      specBasePath: 'openapi',
      specs: ['petstore'],
      defaultSpec: 'petstore',
      validateRequest: true,
      // Tests of 400 and 401 answers send requests that break the contract on purpose.
      skipRequestValidationResponseCodes: ['400', '401', '422'],
      consoleOutput: 'all',
      strictRequired: 'warn',
      strictAdditionalProperties: 'warn',
      minEndpointCoverage: 90,
      jsonOutput: 'reports/coverage.json',
      outputFile: 'reports/coverage.md',
    }),
  ],
  test: {
    name: 'petstore-express',
    include: ['src/**/*.test.ts'],
    // A safety net, not a timing assertion: the contract-check suite sends dozens of probes, and a
    // machine busy with other work (a 2-core CI runner) takes well over Vitest's default 5 s for them.
    testTimeout: 60_000,
  },
})
