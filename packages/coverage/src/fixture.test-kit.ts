import { readFileSync } from 'node:fs'
import { fixturePath } from '@contracttool/fixtures'
import type { JsonObject } from '@contracttool/kernel'
import { buildSpec, type LoadedSpec } from '@contracttool/spec-loader'
import type { OpenApiVersion } from '@contracttool/spec-loader/internal'
import type { ValidationOutcome, ValidationResult } from '@contracttool/validator'
import { computeCoverage } from './compute-coverage.js'
import { CoverageTracker } from './coverage-tracker.js'
import type { CoverageResult } from './types.js'

/** Builds a LoadedSpec from an in-memory document (the loader's own indexer, no file access). */
export function specFrom(name: string, document: JsonObject): LoadedSpec {
  const openapi = typeof document.openapi === 'string' ? document.openapi : '3.1.0'
  const version = openapi.slice(0, 3) as OpenApiVersion
  return buildSpec(document, {
    name,
    version,
    openapi,
    defaultDialect: version === '3.0' ? 'draft-07' : '2020-12',
  })
}

/** Loads `fixtures/specs/coverage/<file>` with JSON.parse + buildSpec. */
export function fixtureSpec(name: string, file = `${name}.json`): LoadedSpec {
  return specFrom(name, JSON.parse(readFileSync(fixturePath(`coverage/${file}`), 'utf8')) as JsonObject)
}

export interface ResultInput {
  readonly spec?: string
  readonly method?: string
  readonly path?: string | null
  readonly status?: string | null
  readonly contentType?: string | null
  readonly outcome?: ValidationOutcome
  readonly skipReason?: string | null
}

/** A ValidationResult as the validator returns it (fields the tracker does not read are neutral). */
export function validation(input: ResultInput = {}): ValidationResult {
  return {
    outcome: input.outcome ?? 'success',
    specName: input.spec ?? 'petstore',
    method: input.method ?? 'GET',
    matchedPath: input.path === undefined ? '/pets' : input.path,
    matchedStatusKey: input.status === undefined ? '200' : input.status,
    matchedContentType: input.contentType === undefined ? 'application/json' : input.contentType,
    matchedServer: null,
    violations: [],
    skipReason: input.skipReason ?? null,
    message: '',
  }
}

export const SKIP_503 = 'status 503 matched skip pattern 5\\d\\d'
export const REQUEST_SKIP =
  'request validation skipped: response 422 is documented (spec key 422) and matched pattern 422'

/**
 * The one recording every renderer test uses: every endpoint state, skipped rows, an unexpected
 * observation, a row whose only check failed, an ignored endpoint, an untracked method and SDK exercises.
 */
export function fixtureTracker(): CoverageTracker {
  const tracker = new CoverageTracker()
  tracker.recordResponse(validation({}))
  tracker.recordResponse(validation({ outcome: 'failure' }))
  tracker.recordResponse(
    validation({ status: '503', contentType: null, outcome: 'skipped', skipReason: SKIP_503 }),
  )
  tracker.recordResponse(validation({ status: '418', outcome: 'failure' }))
  tracker.recordResponse(validation({ method: 'POST', status: '201' }))
  tracker.recordResponse(validation({ path: '/pets/{petId}' }))
  tracker.recordResponse(validation({ path: '/pets/{petId}', status: '404', outcome: 'failure' }))
  tracker.recordRequest(
    validation({ method: 'COPY', path: '/pets/{petId}', status: null, contentType: null }),
  )
  tracker.recordRequest(
    validation({
      path: '/health',
      status: null,
      contentType: null,
      outcome: 'skipped',
      skipReason: REQUEST_SKIP,
    }),
  )
  tracker.recordResponse(validation({ path: '/gone' }))
  tracker.recordResponse(validation({ method: 'OPTIONS', status: '204', contentType: null }))
  tracker.recordResponse(validation({ path: null, status: null, contentType: null, outcome: 'failure' }))
  tracker.recordSdkExercise('petstore', 'GET', '/pets', '200', 'application/json')
  tracker.recordSdkExercise('petstore', 'GET', '/pets/{petId}', '404', 'application/json')
  tracker.recordSdkExercise('petstore', 'GET', '/pets', '299', 'application/json')
  return tracker
}

export function fixtureSpecs(): LoadedSpec[] {
  return [fixtureSpec('petstore'), fixtureSpec('admin')]
}

export function fixtureResult(): CoverageResult {
  return computeCoverage(fixtureSpecs(), fixtureTracker())
}
