import { describe, expect, it } from 'vitest'
import { resolveStatusKey } from './status-key.js'

describe('resolveStatusKey', () => {
  it.each([
    [['200', '2XX', 'default'], 200, { kind: 'found', key: '200', suspicious: [] }],
    [['2XX', 'default'], 201, { kind: 'found', key: '2XX', suspicious: [] }],
    [['2xx'], 204, { kind: 'found', key: '2xx', suspicious: [] }],
    [['2Xx', 'default'], 204, { kind: 'found', key: 'default', suspicious: ['2Xx'] }],
    [['20O', 'x-ok', 'default'], 200, { kind: 'found', key: 'default', suspicious: ['20O'] }],
    [['x-200'], 200, { kind: 'none' }],
    [['4XX'], 600, { kind: 'none' }],
  ])('%j with %i', (keys, status, want) => {
    expect(resolveStatusKey(Object.fromEntries(keys.map((key) => [key, {}])), status)).toEqual(want)
  })
})
