/**
 * The setup file `contractTesting()` adds when it runs from its TypeScript sources (this workspace's own
 * tests): Vitest transforms every module, so the setup file's module is imported like any other. The
 * built one is `setup.ts`.
 */
import * as vitest from 'vitest'
import { setUpTestFile } from './set-up-test-file.js'

await setUpTestFile(vitest)
