import { describe, expect, it } from 'vitest'
import { detectPartialRun, type JestSelection } from './detect-partial-run.js'

describe('detectPartialRun', () => {
  it.each<[string, JestSelection, boolean | string[], string[]]>([
    ['a full run (Jest 30)', { testPathPatterns: { patterns: [] } }, false, []],
    ['a full run (Jest 29)', { testPathPattern: '' }, false, []],
    [
      'jest <path> (Jest 30)',
      { testPathPatterns: { patterns: ['pets'] } },
      false,
      ['test path patterns (pets)'],
    ],
    [
      'jest <path> (Jest 29)',
      { testPathPattern: 'pets|health' },
      false,
      ['test path patterns (pets|health)'],
    ],
    ['-t', { testNamePattern: 'lists' }, false, ['-t lists']],
    ['--onlyChanged', { onlyChanged: true }, false, ['--onlyChanged']],
    ['--watch', { onlyChanged: true, watch: true }, false, ['--watch']],
    ['--changedSince', { onlyChanged: true, changedSince: 'main' }, false, ['--changedSince main']],
    ['--lastCommit', { onlyChanged: true, lastCommit: true }, false, ['--lastCommit']],
    ['--findRelatedTests', { findRelatedTests: true }, false, ['--findRelatedTests']],
    ['--onlyFailures', { onlyFailures: true }, false, ['--onlyFailures']],
    ['--selectProjects', { selectProjects: ['api'] }, false, ['--selectProjects api']],
    ['--selectProjects lifted by true', { selectProjects: ['api'] }, true, []],
    ['--selectProjects lifted by the exact list', { selectProjects: ['web', 'api'] }, ['api', 'web'], []],
    [
      '--selectProjects not lifted by another list',
      { selectProjects: ['api'] },
      ['api', 'web'],
      ['--selectProjects api'],
    ],
    ['--shard', { shard: { shardIndex: 1, shardCount: 2 } }, false, ['--shard 1/2']],
  ])('%s', (_name, selection, treat, reasons) => {
    expect(detectPartialRun(selection, treat)).toEqual(reasons)
  })
})
