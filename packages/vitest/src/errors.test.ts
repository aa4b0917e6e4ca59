import { isContractToolError } from '@contracttool/kernel'
import { describe, expect, it, vi } from 'vitest'
import { ContractTestingError, VitestErrorCode } from './errors.js'

describe('ContractTestingError', () => {
  it('is recognised by instanceof across copies of the package (entry, CommonJS build, worker code)', async () => {
    vi.resetModules()
    const copy = await import('./errors.js')
    expect(copy.ContractTestingError).not.toBe(ContractTestingError)
    const error = new copy.ContractTestingError(VitestErrorCode.UnsupportedVersion, 'too old')
    expect(error).toBeInstanceOf(ContractTestingError)
    expect(isContractToolError(error)).toBe(true)
    expect(new Error('other')).not.toBeInstanceOf(ContractTestingError)
    expect(null).not.toBeInstanceOf(ContractTestingError)
  })

  it('leaves instanceof a subclass to the prototype chain', () => {
    class Narrower extends ContractTestingError {}
    expect(new Narrower(VitestErrorCode.UnsupportedVersion, 'too old')).toBeInstanceOf(Narrower)
    expect(new ContractTestingError(VitestErrorCode.UnsupportedVersion, 'too old')).not.toBeInstanceOf(
      Narrower,
    )
  })
})
