import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [
    contractTesting({
      specBasePath: 'openapi',
      specs: ['petstore'],
      defaultSpec: 'petstore',
      strictRequired: 'warn',
      strictAdditionalProperties: 'warn',
      skipRequestValidationResponseCodes: ['400', '401', '422'],
      minResponseCoverage: 80,
      jsonOutput: 'reports/coverage.json',
    }),
  ],
  test: {
    name: 'petstore-fastify',
    include: ['src/**/*.test.ts'],
    // A safety net, not a timing assertion: the contract-check suite sends dozens of probes, and a
    // machine busy with other work (a 2-core CI runner) takes well over Vitest's default 5 s for them.
    testTimeout: 60_000,
  },
})
