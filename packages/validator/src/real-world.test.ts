import { describe, expect, it } from 'vitest'
import {
  loadGithubRestSpec,
  loadGithubWebhooksSpec,
  readGithubRecordings,
  readWebhookExamples,
} from './github-corpus.test-kit.js'
import { GITHUB_REST_DRIFT, GITHUB_WEBHOOK_DRIFT } from './known-spec-drift.test-kit.js'
import type { ValidationResult } from './types.js'
import { validateResponse } from './validate-response.js'
import { validateWebhook } from './validate-webhook.js'

function tally(results: readonly ValidationResult[]): string {
  const count = (outcome: string) => results.filter((result) => result.outcome === outcome).length
  const passed = count('success') + count('skipped')
  return `${passed}/${results.length} pass (${((passed / results.length) * 100).toFixed(1)}%: ${count('success')} success, ${count('skipped')} skipped), ${count('failure')} fail`
}

/** Failure keys the validator produced that the reviewed drift list does not explain: ours. */
function unexplained(actual: readonly string[], known: readonly { cases: readonly string[] }[]): string[] {
  const expected = new Set(known.flatMap((group) => group.cases))
  return actual.filter((key) => !expected.has(key))
}

describe('real world: GitHub', () => {
  it('validates every @octokit/fixtures recording against the published REST description', {
    timeout: 120_000,
  }, () => {
    const spec = loadGithubRestSpec()
    const recordings = readGithubRecordings()
    const results: ValidationResult[] = []
    const failures: string[] = []
    for (const recording of recordings) {
      const result = validateResponse(spec, recording, { maxErrors: 0, onWarning: () => {} })
      results.push(result)
      if (result.outcome !== 'failure') continue
      for (const violation of result.violations) {
        failures.push(
          `${recording.method} ${recording.path} ${recording.status} ${violation.keyword === undefined ? violation.code : violation.location.pointer}`,
        )
      }
    }
    process.stdout.write(`GitHub REST recordings: ${tally(results)}\n`)
    expect(recordings.length).toBe(71)
    expect(unexplained(failures, GITHUB_REST_DRIFT)).toEqual([])
    expect([...new Set(failures)].sort()).toEqual(GITHUB_REST_DRIFT.flatMap((group) => group.cases).sort())
  })

  it('validates every @octokit/webhooks-examples payload against the published webhooks description', {
    timeout: 120_000,
  }, () => {
    const spec = loadGithubWebhooksSpec()
    const examples = readWebhookExamples(spec)
    const results: ValidationResult[] = []
    const failures: string[] = []
    for (const example of examples) {
      expect(example.webhook, example.id).toBeDefined()
      const result = validateWebhook(
        spec,
        example.webhook as string,
        { body: example.payload },
        { maxErrors: 0, onWarning: () => {} },
      )
      results.push(result)
      if (result.outcome === 'failure')
        for (const violation of result.violations)
          failures.push(`${example.id} ${violation.location.pointer}`)
    }
    process.stdout.write(`GitHub webhook examples: ${tally(results)}\n`)
    expect(examples.length).toBe(329)
    expect(unexplained(failures, GITHUB_WEBHOOK_DRIFT)).toEqual([])
    expect([...new Set(failures)].sort()).toEqual(GITHUB_WEBHOOK_DRIFT.flatMap((group) => group.cases).sort())
  })
})
