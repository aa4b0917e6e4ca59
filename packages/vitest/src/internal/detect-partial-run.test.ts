import { describe, expect, it } from 'vitest'
import { detectPartialRun, type RunSelection } from './detect-partial-run.js'

const FULL: RunSelection = {
  fileFilters: [],
  testNamePattern: undefined,
  projectFilters: [],
  runningProjects: ['api', 'web'],
  changed: false,
  related: [],
  shard: undefined,
  watchRerun: false,
}

describe('detectPartialRun', () => {
  it.each<[string, Partial<RunSelection>, boolean | string[], string[]]>([
    ['a full run', {}, false, []],
    ['file filters', { fileFilters: ['pets'] }, false, ['test file filters (pets)']],
    ['-t', { testNamePattern: /lists/ }, false, ['-t /lists/']],
    ['--project', { projectFilters: ['api'], runningProjects: ['api'] }, false, ['--project api']],
    ['--project lifted by true', { projectFilters: ['api'], runningProjects: ['api'] }, true, []],
    ['--project lifted by the exact list', { projectFilters: ['a*'], runningProjects: ['api'] }, ['api'], []],
    [
      '--project not lifted by another list',
      { projectFilters: ['api'], runningProjects: ['api'] },
      ['api', 'web'],
      ['--project api'],
    ],
    ['--changed', { changed: true }, false, ['--changed']],
    ['--changed <ref>', { changed: 'main' }, false, ['--changed main']],
    ['--related', { related: ['src/a.ts'] }, false, ['--related']],
    ['--shard', { shard: { index: 1, count: 3 } }, false, ['--shard 1/3']],
    ['a watch rerun', { watchRerun: true }, false, ['watch-mode rerun of changed files']],
    [
      'several signals',
      { fileFilters: ['pets'], testNamePattern: 'x' },
      false,
      ['test file filters (pets)', '-t x'],
    ],
  ])('%s', (_name, selection, treatProjectFilterAsFull, reasons) => {
    expect(detectPartialRun({ ...FULL, ...selection }, treatProjectFilterAsFull)).toEqual(reasons)
  })
})
