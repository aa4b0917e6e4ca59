import { describe, expect, it } from 'vitest'
import { ContractToolError, errorClass, isContractToolError } from './contract-tool-error.js'

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

describe('errorClass', () => {
  const CodeOf = { Broken: 'CONTRACTTOOL_TEST_BROKEN' } as const
  type CodeOf = (typeof CodeOf)[keyof typeof CodeOf]

  it('makes a named ContractToolError class that instanceof recognises in every copy of its package', () => {
    const ThisCopy = errorClass<CodeOf>('TestError', 'test')
    const OtherCopy = errorClass<CodeOf>('TestError', 'test')
    const error = new OtherCopy(CodeOf.Broken, 'broken', { specName: 'pets' })
    expect(error).toBeInstanceOf(ThisCopy)
    expect(error).toBeInstanceOf(ContractToolError)
    expect(isContractToolError(error)).toBe(true)
    expect({ name: error.name, code: error.code, message: error.message, specName: error.specName }).toEqual({
      name: 'TestError',
      code: CodeOf.Broken,
      message: 'broken',
      specName: 'pets',
    })
    expect(ThisCopy.name).toBe('TestError')
  })

  it('tells the classes of two packages apart', () => {
    const Mine = errorClass<CodeOf>('MineError', 'mine')
    const Theirs = errorClass<CodeOf>('TheirsError', 'theirs')
    expect(new Theirs(CodeOf.Broken, 'x')).not.toBeInstanceOf(Mine)
    expect(new ContractToolError(CodeOf.Broken, 'x')).not.toBeInstanceOf(Mine)
  })
})
