// Options that are not valid: every test fails with the harness's message, and so does the run.
import { withContractTesting } from '@contracttool/playwright'
import { defineConfig } from '@playwright/test'

export default defineConfig(
  withContractTesting(
    {
      testDir: 'tests',
      testMatch: 'green.spec.ts',
      reporter: 'list',
      use: { baseURL: process.env.SHOP_URL },
    },
    { minEndpointCoverage: 'most' as never },
  ),
)
