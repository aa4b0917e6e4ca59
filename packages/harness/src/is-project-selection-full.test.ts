import { describe, expect, it } from 'vitest'
import { isProjectSelectionFull } from './is-project-selection-full.js'

describe('isProjectSelectionFull', () => {
  it.each([
    [['api'], false, false],
    [['api'], true, true],
    [['web', 'api'], ['api', 'web'], true],
    [['api'], ['api', 'web'], false],
    [['api', 'web', 'cli'], ['api', 'web'], false],
  ] as const)('%j under %j → %s', (running, treat, full) => {
    expect(isProjectSelectionFull(running, treat)).toBe(full)
  })
})
