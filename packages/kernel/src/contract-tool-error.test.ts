import { describe, expect, it } from 'vitest'
import { ContractToolError, isContractToolError } from './contract-tool-error.js'

// Codes as the spec loader's errors carry them.
const SpecErrorCode = {
  SpecNotFound: 'CONTRACTTOOL_SPEC_NOT_FOUND',
  InvalidOption: 'CONTRACTTOOL_INVALID_OPTION',
} as const

/** An error as another copy of the package builds it: same brand, another class. */
function fromAnotherCopy(): Error {
  class OtherCopy extends Error {
    readonly code = SpecErrorCode.SpecNotFound
  }
  const error = new OtherCopy('OpenAPI spec not found')
  Object.defineProperty(error, Symbol.for('contracttool.error'), { value: true })
  return error
}

describe('ContractToolError', () => {
  it('is recognised by instanceof across copies of the package, like isContractToolError()', () => {
    const foreign = fromAnotherCopy()
    expect(foreign instanceof ContractToolError).toBe(true)
    expect(isContractToolError(foreign)).toBe(true)
    expect(() => {
      throw foreign
    }).toThrow(ContractToolError)
    expect(new ContractToolError(SpecErrorCode.InvalidOption, 'x')).toBeInstanceOf(ContractToolError)
  })

  it('refuses what is not one', () => {
    for (const value of [new Error('x'), { code: SpecErrorCode.SpecNotFound }, null, 'error', undefined]) {
      expect(value instanceof ContractToolError).toBe(false)
    }
  })

  it('keeps the prototype check for subclasses', () => {
    class SubError extends ContractToolError {}
    const sub = new SubError(SpecErrorCode.InvalidOption, 'x')
    expect(sub instanceof SubError).toBe(true)
    expect(sub instanceof ContractToolError).toBe(true)
    expect(new ContractToolError(SpecErrorCode.InvalidOption, 'x') instanceof SubError).toBe(false)
    expect(fromAnotherCopy() instanceof SubError).toBe(false)
  })
})
