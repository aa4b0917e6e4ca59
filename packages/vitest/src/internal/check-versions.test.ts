import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { contractTesting } from '../contract-testing.js'
import { ContractTestingError, VitestErrorCode } from '../errors.js'
import { checkVersions } from './check-versions.js'

describe('checkVersions', () => {
  it.each([
    { vitest: '4.1.0', node: 'v20.19.0' },
    { vitest: '4.1.12', node: '20.20.2' },
    { vitest: '4.1.12', node: 'v24.1.0' },
    { vitest: '5.1.1', node: 'v22.12.0' },
    { vitest: '5.0.0', node: 'v24.0.0' },
    { vitest: '5.0.0', node: 'v26.0.0' },
  ])('lets Vitest $vitest run on Node.js $node', ({ vitest, node }) => {
    expect(checkVersions(vitest, node)).toBeUndefined()
  })

  it.each([
    {
      vitest: '5.1.1',
      node: 'v20.20.2',
      want: 'Vitest 5.1.1 needs Node.js 22.12 or later and this is Node.js v20.20.2: install vitest@^4 (which runs on Node.js 20.19 and later), or run a newer Node.js',
    },
    {
      vitest: '5.0.0',
      node: 'v22.11.0',
      want: 'Vitest 5.0.0 needs Node.js 22.12 or later and this is Node.js v22.11.0: install vitest@^4 (which runs on Node.js 20.19 and later), or run a newer Node.js',
    },
    {
      vitest: '3.2.4',
      node: 'v20.20.2',
      want: '@contracttool/vitest needs Vitest 4.1 or later; this is Vitest 3.2.4: install vitest@^4',
    },
    {
      vitest: '4.0.18',
      node: 'v20.20.2',
      want: '@contracttool/vitest needs Vitest 4.1 or later; this is Vitest 4.0.18: install vitest@^4',
    },
  ])('stops Vitest $vitest on Node.js $node', ({ vitest, node, want }) => {
    expect(checkVersions(vitest, node)).toBe(want)
  })
})

describe('contractTesting() on an unsupported Vitest', () => {
  it('stops at start with one line carrying CONTRACTTOOL_VITEST_UNSUPPORTED_VERSION', async () => {
    const plugin = contractTesting()
    const hook = plugin.configureVitest as (context: { vitest: { version: string } }) => Promise<void>
    const error = await hook({ vitest: { version: '3.2.4' } }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(ContractTestingError)
    expect((error as ContractTestingError).code).toBe(VitestErrorCode.UnsupportedVersion)
    // Vitest prints start-up errors with console.error, which formats them with util.inspect.
    expect(inspect(error)).toBe(
      'ContractTestingError [CONTRACTTOOL_VITEST_UNSUPPORTED_VERSION]: @contracttool/vitest needs Vitest 4.1 or later; this is Vitest 3.2.4: install vitest@^4',
    )
  })
})
