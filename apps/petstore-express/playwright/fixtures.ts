import { test as base } from '@contracttool/playwright'

export { expect } from '@contracttool/playwright'

/**
 * The suite's `test`: each test (and each retry) gets a pet store of its own on the shared server
 * (`X-Test-Store`, see src/serve.ts), as each Vitest test gets `createApp()`.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Test-Store': `${testInfo.testId}-${testInfo.retry}` })
  },
})
