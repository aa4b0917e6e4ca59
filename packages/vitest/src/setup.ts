/**
 * The setup file `contractTesting()` adds to Vitest's `setupFiles`, as built (`dist/setup.js`).
 *
 * Vitest runs setup files through its module runner, where each import is a request to the main process
 * and a module to evaluate: importing `vitest` and the setup file's module from here cost every test file
 * about 4 ms, two thirds of what Vitest itself spends on an empty setup file. So this file imports nothing.
 * Vitest's workers keep its API in `globalThis.__vitest_index__` (what `import.meta.vitest` reads), and
 * Node loads the setup file's module as CommonJS, as it already loads the worker code. Should a Vitest
 * version stop providing that global, both come through the module runner instead.
 */
import type { VitestApi } from './set-up-test-file.js'

type SetUpModule = typeof import('./set-up-test-file.js')

// Built beside this file by tsup.config.ts; a variable, so that neither TypeScript nor the bundler reads it.
const SET_UP_MODULE = './set-up-test-file.cjs'

// The `formats` module, imported from here: through Vitest's module runner, which compiles TypeScript.
const importModule = (file: string): Promise<unknown> => import(/* @vite-ignore */ file)

const api = (globalThis as { __vitest_index__?: Partial<VitestApi> }).__vitest_index__
const getBuiltinModule = (process as Partial<Pick<NodeJS.Process, 'getBuiltinModule'>>).getBuiltinModule

if (isVitestApi(api) && getBuiltinModule !== undefined) {
  const { createRequire } = getBuiltinModule('node:module')
  const { setUpTestFile } = createRequire(import.meta.url)(SET_UP_MODULE) as SetUpModule
  await setUpTestFile(api, importModule)
} else {
  const [vitest, { setUpTestFile }] = await Promise.all([
    import('vitest'),
    import(/* @vite-ignore */ SET_UP_MODULE) as Promise<SetUpModule>,
  ])
  await setUpTestFile(vitest, importModule)
}

function isVitestApi(value: Partial<VitestApi> | undefined): value is VitestApi {
  return (
    typeof value?.afterAll === 'function' &&
    typeof value.afterEach === 'function' &&
    typeof value.expect?.extend === 'function' &&
    typeof value.inject === 'function' &&
    typeof value.TestRunner?.getCurrentTest === 'function'
  )
}
