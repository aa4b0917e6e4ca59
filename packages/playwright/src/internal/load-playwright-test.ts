import { createRequire } from 'node:module'
import { ContractPlaywrightError, PlaywrightErrorCode } from '../errors.js'

type PlaywrightTest = typeof import('@playwright/test')

/**
 * `@playwright/test` as this package resolves it. Playwright refuses a second copy in one process with
 * "Requiring @playwright/test second time" and two stacks; this says what happened and how to fix it.
 */
export function loadPlaywrightTest(): PlaywrightTest {
  const require = createRequire(import.meta.url)
  try {
    return require('@playwright/test') as PlaywrightTest
  } catch (error) {
    if (!String((error as Error | undefined)?.message).includes('Requiring @playwright/test second time'))
      throw error
    let ours = '@playwright/test'
    try {
      ours = require.resolve('@playwright/test')
    } catch {
      // The message names the package alone.
    }
    const err = new ContractPlaywrightError(
      PlaywrightErrorCode.DuplicatePlaywright,
      `@contracttool/playwright loaded a second copy of @playwright/test (${ours}): Playwright runs the tests from another copy, ` +
        'and one run cannot mix two. Install one version of @playwright/test in the project ' +
        '(`npm ls @playwright/test` or `pnpm why @playwright/test` shows where each copy comes from) and run the playwright binary of that copy.',
      { cause: error },
    )
    err.stack = err.message
    throw err
  }
}
