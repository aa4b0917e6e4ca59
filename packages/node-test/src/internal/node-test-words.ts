import type { BindingWords } from '@contracttool/harness/internal'

/** How the messages of the binding's misuse errors name its registration and its spec list. */
export const NODE_TEST_WORDS: BindingWords = {
  registration: '--import @contracttool/node-test/register',
  howToRegister:
    'run node --import @contracttool/node-test/register --test-reporter=@contracttool/node-test/reporter --test',
  specsFrom: 'specs of contracttool.config.*',
}
