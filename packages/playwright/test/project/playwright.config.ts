// Every feature and every misuse in one run: the tests that misuse the binding fail on purpose, and the
// JSON report says how.
import { type ContractTestOptions, withContractTesting } from '@contracttool/playwright'
import { defineConfig } from '@playwright/test'

export default defineConfig<ContractTestOptions>(
  withContractTesting({
    testDir: 'tests',
    workers: 2,
    reporter: [['json', { outputFile: 'results.json' }]],
    use: {
      baseURL: process.env.SHOP_URL,
      launchOptions: {
        ...(process.env.CONTRACTTOOL_CHROMIUM === undefined
          ? {}
          : { executablePath: process.env.CONTRACTTOOL_CHROMIUM }),
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      },
    },
    projects: [
      { name: 'shop', testIgnore: ['other.spec.ts', 'green.spec.ts'] },
      { name: 'other', testMatch: 'other.spec.ts', use: { openApiSpec: 'other' } },
    ],
  }),
)
