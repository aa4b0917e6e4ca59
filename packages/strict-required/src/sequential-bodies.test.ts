import { fixturePath } from '@contracttool/fixtures'
import { loadSpecFileSync } from '@contracttool/spec-loader'
import { validateResponse } from '@contracttool/validator'
import { describe, expect, it } from 'vitest'
import { evaluateStrictAdditionalProperties, evaluateStrictRequired } from './evaluate-strict.js'
import { StrictAdditionalPropertiesPerCallChecker } from './per-call-checker.js'
import { StrictAdditionalPropertiesTracker, StrictRequiredTracker } from './strict-tracker.js'

// The items of a sequential body (OpenAPI 3.2 itemSchema) are observed as the array of its items: each
// JSON Lines item, each event's JSON payload.
const spec = loadSpecFileSync(fixturePath('streams-3.2.yaml'), { name: 'streams' })

const PETS = [
  { id: 1, name: 'Tom', kind: 'cat', tag: 'indoor', chip: 'a1' },
  { id: 2, name: 'Rex', kind: 'dog', tag: 'outdoor' },
]

const BODIES = {
  '/pets/export': PETS.map((pet) => `${JSON.stringify(pet)}\n`).join(''),
  '/pets/events': PETS.map((pet, i) => `event: added\nid: ${i}\ndata: ${JSON.stringify(pet)}\n\n`).join(''),
} as const

function observe(path: keyof typeof BODIES, type: string) {
  const response = { method: 'GET', path, status: 200, headers: { 'content-type': type }, body: BODIES[path] }
  const result = validateResponse(spec, response)
  expect(result.outcome).toBe('success')
  return { result, body: response.body }
}

describe('strict checks on sequential bodies', () => {
  it.each([
    ['/pets/export', 'application/jsonl'],
    ['/pets/events', 'text/event-stream'],
  ] as const)('%s (%s): an item key always present but not required, and undeclared ones', (path, type) => {
    const { result, body } = observe(path, type)
    const required = new StrictRequiredTracker()
    // A drift needs two responses at least.
    required.record(result, body, spec)
    required.record(result, body, spec)
    const additional = new StrictAdditionalPropertiesTracker()
    additional.record(spec, result, body)
    const requiredReport = evaluateStrictRequired([spec], required, 'warn').reports
    expect(requiredReport.map((report) => [report.path, report.pointer, report.missingFromRequired])).toEqual(
      [[path, '[*]', ['tag']]],
    )
    const undeclared = evaluateStrictAdditionalProperties([spec], additional, 'warn').reports
    expect(undeclared.map((report) => [report.path, report.pointer])).toEqual([[path, '[*]/chip']])
    const perCall = new StrictAdditionalPropertiesPerCallChecker()
    expect(perCall.check(spec, result, body).warning).toContain('chip')
  })

  it('without the spec, a sequential body is not an observation', () => {
    const { result, body } = observe('/pets/export', 'application/jsonl')
    const tracker = new StrictRequiredTracker()
    tracker.record(result, body)
    expect(tracker.hasObservations()).toBe(false)
  })
})
