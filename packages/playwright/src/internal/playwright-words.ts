import type { BindingWords } from '@contracttool/harness/internal'

/** How the messages of the binding's misuse errors name its registration and its spec list. */
export const PLAYWRIGHT_WORDS: BindingWords = {
  registration:
    'the reporter and options withContractTesting() adds (the reporter prints the coverage report and runs the gates)',
  howToRegister:
    'write export default defineConfig(withContractTesting(config, options)) in playwright.config.*',
  specsFrom: 'specs of withContractTesting(config, options) (or contracttool.config.*)',
}

/** The same, for a check made outside a test of `test` from this package. */
export const PLAYWRIGHT_TEST_WORDS: BindingWords = {
  ...PLAYWRIGHT_WORDS,
  registration: 'test from @contracttool/playwright',
  howToRegister: "import { test, expect } from '@contracttool/playwright'",
}
