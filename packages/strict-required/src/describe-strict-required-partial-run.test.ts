import { describe, expect, it } from 'vitest'
import { describeStrictRequiredPartialRun } from './describe-strict-required-partial-run.js'

describe('describeStrictRequiredPartialRun', () => {
  it('is one NOTE line, worded for Vitest', () => {
    const note = describeStrictRequiredPartialRun()
    expect(note).not.toContain('\n')
    expect(
      note.startsWith('[OpenAPI Strict Required] NOTE: strict_required is skipped on partial runs'),
    ).toBe(true)
    expect(note).toMatchInlineSnapshot(
      `"[OpenAPI Strict Required] NOTE: strict_required is skipped on partial runs (vitest -t / file filters / --project / --changed / --related / --shard) because the intersection requires the full suite to be reliable. Run without filters to evaluate the gate, or merge every shard with contracttool coverage:merge."`,
    )
  })

  it("names the runner's own reasons when given", () => {
    expect(describeStrictRequiredPartialRun(['--test-name-pattern=pets'])).toContain(
      'skipped on partial runs (--test-name-pattern=pets) because',
    )
  })
})
