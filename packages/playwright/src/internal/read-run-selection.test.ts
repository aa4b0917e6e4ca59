import { describe, expect, it } from 'vitest'
import { readRunSelection } from './read-run-selection.js'

describe('readRunSelection', () => {
  it.each([
    { argv: ['node', 'playwright', 'test'], want: [] },
    { argv: ['node', 'playwright', 'test', '--workers=2', '--shard', '1/2', '--reporter', 'blob'], want: [] },
    { argv: ['node', 'playwright', 'test', '-g', 'pets'], want: ['-g pets'] },
    { argv: ['node', 'playwright', 'test', '--grep-invert=slow'], want: ['--grep-invert slow'] },
    {
      argv: ['node', 'playwright', 'test', 'tests/pets.spec.ts:12'],
      want: ['file filters (tests/pets.spec.ts:12)'],
    },
    { argv: ['node', 'playwright', 'test', '--config', 'e2e.config.ts'], want: [] },
    { argv: ['node', 'playwright', 'test', '--only-changed=main'], want: ['--only-changed=main'] },
    { argv: ['node', 'playwright', 'test', '--last-failed'], want: ['--last-failed'] },
    { argv: ['node', 'playwright', 'test', '--project', 'api'], want: ['--project api'] },
    { argv: ['node', 'playwright', 'merge-reports', 'blob-report'], want: [] },
  ])('$argv', ({ argv, want }) => {
    expect(readRunSelection(argv, false)).toEqual(want)
  })

  it('lifts --project when treatProjectFilterAsFull says so', () => {
    const argv = ['node', 'playwright', 'test', '--project=api', '--project=web']
    expect(readRunSelection(argv, true)).toEqual([])
    expect(readRunSelection(argv, ['web', 'api'])).toEqual([])
    expect(readRunSelection(argv, ['api'])).toEqual(['--project api, web'])
  })
})
