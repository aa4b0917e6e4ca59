import { describeArgument } from '@contracttool/kernel/internal'
import { ContractJestError, JestErrorCode } from './errors.js'
import { currentJestRuntime } from './internal/jest-runtime.js'

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
    throw new ContractJestError(
      JestErrorCode.InvalidBinding,
      `openApiSpec() needs a non-empty spec name, got ${describeArgument(name)}. Pass one of the names listed in withContractTesting(config, { specs }).`,
    )
  }
  const runtime = currentJestRuntime()
  if (runtime === undefined) {
    throw new ContractJestError(
      JestErrorCode.NotRegistered,
      `openApiSpec('${name}') needs the setup file withContractTesting() adds: export withContractTesting(config, options) from jest.config.*.`,
    )
  }
  runtime.bind(name.trim())
}
