import { describe, expect, it } from 'vitest'
import { thrownContractToolError } from './build-test-spec.test-kit.js'
import {
  parseStrictAdditionalPropertiesMode,
  parseStrictAdditionalPropertiesPerCallMode,
  parseStrictRequiredMode,
  parseStrictRequiredPerCallMode,
} from './parse-strict-mode.js'
import { StrictRequiredErrorCode } from './strict-required-error-code.js'

const tolerated = [
  { given: 'off', want: 'off' },
  { given: 'warn', want: 'warn' },
  { given: 'Warn', want: 'warn' },
  { given: '  WARN\n', want: 'warn' },
  { given: '', want: 'off' },
  { given: '   ', want: 'off' },
  { given: undefined, want: 'off' },
  { given: null, want: 'off' },
] as const

describe('parseStrictRequiredMode', () => {
  it.each([...tolerated, { given: 'fail ', want: 'fail' }, { given: 'FAIL', want: 'fail' }])(
    'reads $given as $want',
    ({ given, want }) => {
      expect(parseStrictRequiredMode(given, 'strictRequired')).toBe(want)
    },
  )

  it.each([
    { given: 'enforce' },
    { given: 'true' },
    { given: '1' },
    { given: true },
    { given: 1 },
    { given: false },
  ])('rejects $given', ({ given }) => {
    const error = thrownContractToolError(() => parseStrictRequiredMode(given, 'strictRequired'))
    expect(error.code).toBe(StrictRequiredErrorCode.InvalidMode)
    expect(error.message).toMatch(
      /^\[OpenAPI Strict Required\] FATAL: strictRequired=\S+ is not recognised\. Accepted: off, warn, fail\.$/,
    )
  })

  it('names the setting the way the caller spells it', () => {
    expect(
      thrownContractToolError(() => parseStrictRequiredMode('enforce', '--strict-required')),
    ).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_STRICT_INVALID_MODE",
        "message": "[OpenAPI Strict Required] FATAL: --strict-required=enforce is not recognised. Accepted: off, warn, fail.",
      }
    `)
  })
})

describe('parseStrictRequiredPerCallMode', () => {
  it.each(tolerated)('reads $given as $want', ({ given, want }) => {
    expect(parseStrictRequiredPerCallMode(given, 'strictRequiredPerCall')).toBe(want)
  })

  it.each([{ given: 'fail' }, { given: ' Fail ' }])(
    'rejects $given with its own message, never demoting it to warn',
    ({ given }) => {
      expect(
        thrownContractToolError(() => parseStrictRequiredPerCallMode(given, 'strictRequiredPerCall')),
      ).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_STRICT_PER_CALL_FAIL_UNSUPPORTED",
        "message": "[OpenAPI Strict Required per-call] FATAL: strictRequiredPerCall does not support 'fail': per-call mode is warn-only by design, because it warns on every legitimately optional field present in a single response. To fail tests on per-call drift, turn ContractToolWarning warnings into test failures (see the @contracttool/strict-required README, "Per-call mode"); for an aggregate gate that fails the run, use strictRequired: 'fail'.",
      }
    `)
    },
  )

  it('rejects unknown values as not recognised', () => {
    expect(
      thrownContractToolError(() => parseStrictRequiredPerCallMode('loud', 'strictRequiredPerCall')),
    ).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_STRICT_INVALID_MODE",
        "message": "[OpenAPI Strict Required per-call] FATAL: strictRequiredPerCall=loud is not recognised. Accepted: off, warn.",
      }
    `)
  })
})

describe('parseStrictAdditionalPropertiesMode', () => {
  it.each([...tolerated, { given: 'Fail', want: 'fail' }])('reads $given as $want', ({ given, want }) => {
    expect(parseStrictAdditionalPropertiesMode(given, '--strict-additional-properties')).toBe(want)
  })

  it('rejects unknown values', () => {
    expect(
      thrownContractToolError(() =>
        parseStrictAdditionalPropertiesMode('strict', '--strict-additional-properties'),
      ),
    ).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_STRICT_INVALID_MODE",
        "message": "[OpenAPI Strict Additional Properties] FATAL: --strict-additional-properties=strict is not recognised. Accepted: off, warn, fail.",
      }
    `)
  })
})

describe('parseStrictAdditionalPropertiesPerCallMode', () => {
  it.each(tolerated)('reads $given as $want', ({ given, want }) => {
    expect(parseStrictAdditionalPropertiesPerCallMode(given)).toBe(want)
  })

  it('rejects fail with its own message', () => {
    expect(
      thrownContractToolError(() => parseStrictAdditionalPropertiesPerCallMode('fail')),
    ).toMatchInlineSnapshot(`
      {
        "code": "CONTRACTTOOL_STRICT_PER_CALL_FAIL_UNSUPPORTED",
        "message": "[OpenAPI Strict Additional Properties per-call] FATAL: strictAdditionalPropertiesPerCall does not support 'fail': per-call mode is warn-only by design. To fail tests on per-call findings, turn ContractToolWarning warnings into test failures (see the @contracttool/strict-required README, "Per-call mode"); for an aggregate gate that fails the run, use strictAdditionalProperties: 'fail'.",
      }
    `)
  })

  it('rejects unknown values', () => {
    expect(thrownContractToolError(() => parseStrictAdditionalPropertiesPerCallMode('yes')).code).toBe(
      StrictRequiredErrorCode.InvalidMode,
    )
  })
})
