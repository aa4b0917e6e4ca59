import { describe, expect, it } from 'vitest'
import { closestName, didYouMean } from './closest-name.js'
import { levenshtein } from './levenshtein.js'

describe('closestName', () => {
  it.each<{ word: string; candidates: string[]; want: string | undefined }>([
    { word: 'sepc', candidates: ['spec', 'spec-name', 'json'], want: 'spec' },
    { word: 'specBasepath', candidates: ['specs', 'specBasePath', 'defaultSpec'], want: 'specBasePath' },
    { word: 'petstor', candidates: ['petstore', 'orders'], want: 'petstore' },
    { word: 'docter', candidates: ['doctor', 'stubs'], want: 'doctor' },
    { word: 'zzzzzz', candidates: ['doctor', 'stubs'], want: undefined },
    { word: 'spec', candidates: ['spec'], want: undefined },
  ])('$word → $want', ({ word, candidates, want }) => {
    expect(closestName(word, candidates)).toBe(want)
  })

  it('phrases the hint, or says nothing', () => {
    expect(didYouMean('--sepc', ['--spec', '--json'])).toBe(' Did you mean "--spec"?')
    expect(didYouMean('x', ['--spec'], "'")).toBe('')
  })
})

describe('levenshtein', () => {
  it('counts edits and stops past max', () => {
    expect(levenshtein('doctr', 'doctor')).toBe(1)
    expect(levenshtein('kitten', 'sitting')).toBe(3)
    expect(levenshtein('kitten', 'sitting', 1)).toBe(2)
  })
})
