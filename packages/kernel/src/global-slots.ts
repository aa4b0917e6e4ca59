// Every `Symbol.for('contracttool.*')` key contracttool uses, in one list: the slots on `globalThis` that
// hold a process's (or a test file's) state, and the brands marked on objects. `Symbol.for`, not a module
// variable: one process may load a package more than once (its ESM and CommonJS builds, its sources and
// its build, a copy bundled into a runner's worker code), and every copy must reach the same state and
// recognise the same objects. Each key is owned by the one package named beside it.

/** `@contracttool/exchange`: the running run that server-side adapters report into. */
export const RUNTIME_SLOT: unique symbol = Symbol.for('contracttool.runtime') as never

/** `@contracttool/kernel`: marks every `ContractToolError`; `errorClass()` adds `contracttool.<brand>.error`. */
export const ERROR_BRAND: unique symbol = Symbol.for('contracttool.error') as never

/** `@contracttool/validator`: the exchange a response object carries (`contractFetch()` and the adapters). */
export const EXCHANGE_BRAND: unique symbol = Symbol.for('contracttool.exchange') as never

/** `@contracttool/vitest`: the worker's state that outlives one test file (specs, runner hooks). */
export const VITEST_WORKER_SLOT: unique symbol = Symbol.for('contracttool.worker') as never

/** `@contracttool/vitest`: the exports of the worker bundle in use in this worker (`workerBundle()` of the harness). */
export const VITEST_WORKER_BUNDLE_SLOT: unique symbol = Symbol.for('contracttool.vitest.worker-code') as never

/** `@contracttool/vitest`: marks the coverage reporter the plugin adds, so it is added once. */
export const VITEST_REPORTER_BRAND: unique symbol = Symbol.for('contracttool.reporter') as never

/** `@contracttool/jest`: the test file's runtime (`openApiSpec()` bindings). */
export const JEST_RUNTIME_SLOT: unique symbol = Symbol.for('contracttool.jest.runtime') as never

/** `@contracttool/jest`: the checks the setup file loaded, for the matchers of the same test file. */
export const JEST_CHECKS_SLOT: unique symbol = Symbol.for('contracttool.jest.checks') as never

/** `@contracttool/node-test`: the test process's run. */
export const NODE_TEST_SLOT: unique symbol = Symbol.for('contracttool.node-test') as never

/** `@contracttool/mocha`: the process's run. */
export const MOCHA_SLOT: unique symbol = Symbol.for('contracttool.mocha') as never

/** `@contracttool/mocha`: the root hooks plugin, so that every copy of the set-up returns the same one. */
export const MOCHA_PLUGIN_SLOT: unique symbol = Symbol.for('contracttool.mocha.plugin') as never

/** `@contracttool/playwright`: the worker's run. */
export const PLAYWRIGHT_SLOT: unique symbol = Symbol.for('contracttool.playwright') as never

/** `@contracttool/playwright`: marks a request context whose responses are checked. */
export const PLAYWRIGHT_CHECKED_BRAND: unique symbol = Symbol.for('contracttool.playwright.checked') as never

/** `@contracttool/express`: marks a route whose exchanges are not checked. */
export const EXPRESS_SKIP_BRAND: unique symbol = Symbol.for('contracttool.express.skip') as never
