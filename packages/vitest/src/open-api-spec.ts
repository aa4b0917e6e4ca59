import { bindingError } from '@contracttool/harness/internal'
import { SPEC_BINDING_KEY } from './internal/find-spec-binding.js'
import { VITEST_WORDS } from './internal/vitest-words.js'
import { workerState } from './internal/worker-state.js'

/**
 * Binds a spec to the tests of the current file, or of the `describe` block it is called in. A `{ spec }`
 * option on a matcher wins over it; the plugin's `defaultSpec` is the fallback.
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
    throw bindingError(VITEST_WORDS, { kind: 'empty-name', got: name })
  }
  const hooks = workerState()?.hooks
  if (hooks === undefined) throw bindingError(VITEST_WORDS, { kind: 'binding-unregistered', name })
  if (hooks.currentTest() !== undefined) throw bindingError(VITEST_WORDS, { kind: 'inside-test', name })
  const task = hooks.collectingTask()
  if (task === undefined) {
    throw bindingError(VITEST_WORDS, { kind: 'outside-file', name, where: 'a test file being collected' })
  }
  ;(task.meta as Record<string, unknown>)[SPEC_BINDING_KEY] = name.trim()
}
