import { describe, expect, it } from 'vitest'
import { headerRecord } from './header-record.js'
import { firstHeader } from './index.js'

describe('headerRecord', () => {
  it.each([
    { name: 'not an object', given: undefined, want: {} },
    {
      name: 'a Node header object: names lower-cased, numbers as strings, absent values left out',
      given: { 'Content-Type': 'application/json', 'Content-Length': 2, 'X-None': undefined, 'X-Null': null },
      want: { 'content-type': 'application/json', 'content-length': '2' },
    },
    {
      name: 'lists stay lists',
      given: { 'Set-Cookie': ['a=1', 'b=2'] },
      want: { 'set-cookie': ['a=1', 'b=2'] },
    },
  ])('$name', ({ given, want }) => {
    expect(headerRecord(given)).toEqual(want)
  })

  it('reads a WHATWG Headers as fetch joins it, each set-cookie kept apart', () => {
    const headers = new Headers([
      ['Accept', 'text/plain'],
      ['Accept', 'application/json'],
      ['Set-Cookie', 'a=1'],
      ['Set-Cookie', 'b=2'],
    ])
    expect(headerRecord(headers)).toEqual({
      accept: 'text/plain, application/json',
      'set-cookie': ['a=1', 'b=2'],
    })
    expect(headerRecord(new Headers({ 'Set-Cookie': 'a=1' }))).toEqual({ 'set-cookie': 'a=1' })
  })
})

describe('firstHeader', () => {
  it('returns the value or the first of a list', () => {
    expect(firstHeader({ a: 'x', b: ['y', 'z'] }, 'a')).toBe('x')
    expect(firstHeader({ a: 'x', b: ['y', 'z'] }, 'b')).toBe('y')
    expect(firstHeader({ a: 'x' }, 'c')).toBeUndefined()
  })

  it('finds a name in any case, as the validator does', () => {
    expect(firstHeader({ 'Content-Type': 'text/plain' }, 'content-type')).toBe('text/plain')
  })
})
