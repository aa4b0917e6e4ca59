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
  },
})
