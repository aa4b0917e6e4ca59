/**
 * The setup file `contractTesting()` adds when it runs from its TypeScript sources (this workspace's own
 * tests): Vitest transforms every module, so the setup file's module and the worker bundle's entry are
 * imported like any other, and the latter is handed over to the package entry. The built one is `setup.ts`.
 */
import * as vitest from 'vitest'
import { worker } from './internal/worker.js'
import * as workerCore from './internal/worker-core.js'
import { setUpTestFile } from './set-up-test-file.js'

worker.use(workerCore)
await setUpTestFile(vitest, (file) => import(/* @vite-ignore */ file))
