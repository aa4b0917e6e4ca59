import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [
    contractTesting({
      specBasePath: 'openapi',
      specs: ['petstore'],
      defaultSpec: 'petstore',
      consoleOutput: 'uncovered_only',
      strictRequired: 'warn',
      strictAdditionalProperties: 'warn',
      jsonOutput: 'reports/coverage.json',
    }),
  ],
  test: {
    name: 'petstore-hono',
    include: ['src/**/*.test.ts'],
  },
})
