import { describe, expect, it } from 'vitest'
import { collectWarnings, makeSpec } from './make-spec.test-kit.js'
import { useFormats } from './use-formats.js'
import { validateResponse } from './validate-response.js'

const SPEC = {
  paths: {
    '/repos': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    nwo: { type: 'string', format: 'repo.nwo' },
                    at: { type: 'string', format: 'timestamp' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
}

const check = (spec: ReturnType<typeof makeSpec>, body: unknown) =>
  validateResponse(
    spec,
    { method: 'GET', path: '/repos', status: 200, contentType: 'application/json', body },
    { onWarning: collectWarnings().onWarning },
  )

describe('useFormats', () => {
  it('checks formats the validator does not know, with a RegExp or a function, from then on', () => {
    const spec = makeSpec(SPEC, '3.1')
    const bad = { nwo: 'no-slash', at: 'noon' }
    expect(check(spec, bad).outcome).toBe('success')
    useFormats(spec, { timestamp: /^\d{10}$/, 'repo.nwo': (value) => value.split('/').length === 2 })
    const failed = check(spec, bad)
    expect(failed.outcome).toBe('failure')
    expect(failed.message).toContain('must match format "repo.nwo"')
    expect(check(spec, { nwo: 'octo/cat', at: '1700000000' }).outcome).toBe('success')
    expect(check(spec, { nwo: 'octo/cat', at: 'noon' }).message).toContain('must match format "timestamp"')
  })

  it('refuses to redefine a format the validator checks, and anything but a RegExp or a function', () => {
    const spec = makeSpec(SPEC, '3.1')
    expect(() => useFormats(spec, { uuid: /x/ })).toThrow(
      "formats: 'uuid' is a format the validator already checks; it cannot be redefined.",
    )
    expect(() => useFormats(spec, { timestamp: 'digits' as never })).toThrow(
      "formats: 'timestamp' must be a RegExp or a function (value: string) => boolean, got string.",
    )
  })
})
