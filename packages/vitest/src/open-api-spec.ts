import { describeArgument } from '@contracttool/kernel/internal'
import { ContractTestingError, VitestErrorCode } from './errors.js'
import { currentRuntime } from './internal/current-runtime.js'
import { SPEC_BINDING_KEY } from './internal/find-spec-binding.js'

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
    throw new ContractTestingError(
      VitestErrorCode.InvalidBinding,
      `openApiSpec() needs a non-empty spec name, got ${describeArgument(name)}. Pass one of the names listed in contractTesting({ specs }).`,
    )
  }
  const runtime = currentRuntime()
  if (runtime === undefined) {
    throw new ContractTestingError(
      VitestErrorCode.NotRegistered,
      `openApiSpec('${name}') needs the contractTesting() plugin: add it to plugins in vitest.config.ts.`,
    )
  }
  if (runtime.currentTest() !== undefined) {
    throw new ContractTestingError(
      VitestErrorCode.InvalidBinding,
      `openApiSpec('${name}') was called inside a test. Call it at file or describe scope, or pass { spec: '${name}' } to the matcher.`,
    )
  }
  const task = runtime.collectingTask()
  if (task === undefined) {
    throw new ContractTestingError(
      VitestErrorCode.InvalidBinding,
      `openApiSpec('${name}') was called outside a test file being collected. Call it at file or describe scope.`,
    )
  }
  ;(task.meta as Record<string, unknown>)[SPEC_BINDING_KEY] = name.trim()
}
