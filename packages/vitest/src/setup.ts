/**
 * The setup file `contractTesting()` adds to Vitest's `setupFiles`. Vitest transforms setup files itself,
 * so this one stays tiny and hands over to a module Node can load natively.
 */
import { setUpTestFile } from './set-up-test-file.js'

await setUpTestFile()
