import type { BindingWords } from '@contracttool/harness/internal'

/** How the messages of the binding's misuse errors name its registration and its spec list. */
export const VITEST_WORDS: BindingWords = {
  registration: 'the contractTesting() plugin',
  howToRegister: 'add contractTesting({ specBasePath, specs }) to plugins in vitest.config.ts',
  specsFrom: 'contractTesting({ specs })',
}
