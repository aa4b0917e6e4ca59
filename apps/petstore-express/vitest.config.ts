import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [
    contractTesting({
      specBasePath: 'openapi',
      specs: ['petstore'],
      defaultSpec: 'petstore',
      validateRequest: true,
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
  },
})
