import { describe, expect, it } from 'vitest'
import { escapePointerName, parsePointer, unescapePointerName } from './pointer.js'

describe('escapePointerName / unescapePointerName', () => {
  it.each([
    { given: 'plain', want: 'plain' },
    { given: 'a/b', want: 'a~1b' },
    { given: 'a~b', want: 'a~0b' },
    { given: '[*]', want: '[~*]' },
    { given: '~[*]', want: '~0[~*]' },
    { given: '[~*]', want: '[~0*]' },
    { given: 'a~1', want: 'a~01' },
    { given: '', want: '' },
  ])('$given ↔ $want', ({ given, want }) => {
    expect(escapePointerName(given)).toBe(want)
    expect(unescapePointerName(want)).toBe(given)
  })
})

describe('parsePointer', () => {
  it.each([
    { given: '/', want: [] },
    { given: '/data', want: [{ kind: 'property', name: 'data' }] },
    { given: '[*]', want: [{ kind: 'items' }] },
    { given: '[*][*]', want: [{ kind: 'items' }, { kind: 'items' }] },
    {
      given: '/items[*]/a~1b/[~*]',
      want: [
        { kind: 'property', name: 'items' },
        { kind: 'items' },
        { kind: 'property', name: 'a/b' },
        { kind: 'property', name: '[*]' },
      ],
    },
    {
      given: '/a/',
      want: [
        { kind: 'property', name: 'a' },
        { kind: 'property', name: '' },
      ],
    },
    { given: '', want: undefined },
    { given: 'data', want: undefined },
    { given: '/a[x]', want: [{ kind: 'property', name: 'a[x]' }] },
  ])('$given', ({ given, want }) => {
    expect(parsePointer(given)).toEqual(want)
  })
})
