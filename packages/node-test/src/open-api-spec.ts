import { describeArgument } from '@contracttool/kernel/internal'
import { NodeTestError, NodeTestErrorCode } from './errors.js'
import { processState } from './internal/process-state.js'

/**
 * Binds a spec to the tests declared after it in the same scope: at the top of a test file, to the file's
 * tests; inside a `describe` callback, to the tests of that block (nested blocks included, unless they bind
 * their own). A `{ spec }` option on an assertion wins over it; `defaultSpec` is the fallback. A name that
 * is not in `specs` fails every test of the file before it runs.
 *
 * @example
 * openApiSpec('petstore')
 *
 * describe('admin API', () => {
 *   openApiSpec('admin')
 *   it('lists users', async () => {
 *     assertResponseMatchesOpenApiSchema(await request(app).get('/users'))
 *   })
 * })
 */
export function openApiSpec(name: string): void {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new NodeTestError(
      NodeTestErrorCode.InvalidBinding,
      `openApiSpec() needs a non-empty spec name, got ${describeArgument(name)}. Pass one of the names listed in specs of contracttool.config.*.`,
    )
  }
  const state = processState()
  state.boundNames.add(name.trim())
  // node:test runs each test in the async context its `test()` call was made in: tests declared after
  // this call, in this scope, see the binding.
  state.bindings.enterWith(name.trim())
}
