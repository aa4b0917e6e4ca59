import { bindingError } from '@contracttool/harness/internal'
import { currentJestRuntime } from './internal/jest-runtime.js'
import { JEST_WORDS } from './internal/jest-words.js'

/**
 * Binds a spec to the tests of the current file, or of the `describe` block it is called in. A `{ spec }`
 * option on a matcher wins over it; `defaultSpec` is the fallback. A name that is not in `specs` throws here.
 *
 * @example
 * openApiSpec('petstore')
 *
 * describe('admin API', () => {
 *   openApiSpec('admin')
 *   test('lists users', async () => {
 *     expect(await request(app).get('/users')).toMatchOpenApiSchema()
 *   })
 * })
 */
export function openApiSpec(name: string): void {
  if (typeof name !== 'string' || name.trim() === '') {
    throw bindingError(JEST_WORDS, { kind: 'empty-name', got: name })
  }
  const runtime = currentJestRuntime()
  if (runtime === undefined) {
    throw bindingError(JEST_WORDS, { kind: 'binding-unregistered', name })
  }
  runtime.bind(name.trim())
}
