import type { BindingWords } from '@contracttool/harness/internal'

/** How the messages of the binding's misuse errors name its registration and its spec list. */
export const JEST_WORDS: BindingWords = {
  registration: 'the setup file and reporter withContractTesting() adds (the reporter starts the run)',
  howToRegister: 'export withContractTesting(config, options) from jest.config.*',
  specsFrom: 'withContractTesting(config, { specs })',
}
