import type { BindingWords } from '@contracttool/harness/internal'

/** How the messages of the binding's misuse errors name its registration and its spec list. */
export const MOCHA_WORDS: BindingWords = {
  registration: '@contracttool/mocha/register',
  howToRegister:
    "add require: ['@contracttool/mocha/register'] to .mocharc.* (or run mocha --require @contracttool/mocha/register)",
  specsFrom: 'specs of contracttool.config.*',
}
