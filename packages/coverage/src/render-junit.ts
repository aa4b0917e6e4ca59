import { xmlAttribute, xmlText } from '@contracttool/kernel/internal'
import { pushAll } from './internal/push-all.js'
import type { CoverageResult, EndpointCoverage, SpecCoverage } from './types.js'

interface TestCase {
  readonly name: string
  readonly classname: string
  readonly child: {
    readonly kind: 'skipped' | 'failure'
    readonly type?: string
    readonly message: string
  } | null
  readonly systemOut: string
}

/**
 * The coverage report as JUnit XML for CI test-report tabs (GitLab, Jenkins, SonarQube, CircleCI): one
 * `<testsuite>` per spec, one `<testcase>` per documented response. Validated → passed, skipped → `<skipped>`,
 * uncovered → `<failure type="UncoveredResponse">`, unexpected observation → `<failure type="UnexpectedObservation">`.
 * Attributes follow the common JUnit XSD (Jenkins `junit-10.xsd`). Returns `''` when nothing was recorded.
 *
 * @example
 * writeReport('reports/coverage.junit.xml', renderJunit(result))
 */
export function renderJunit(result: CoverageResult): string {
  if (!result.hasObservations || result.specs.length === 0) return ''
  let tests = 0
  let failures = 0
  const suites: string[] = []
  for (const spec of result.specs) {
    const cases = specCases(spec, result.sdkExerciseEnabled)
    const suiteFailures = cases.filter((c) => c.child?.kind === 'failure').length
    const suiteSkipped = cases.filter((c) => c.child?.kind === 'skipped').length
    tests += cases.length
    failures += suiteFailures
    const body = cases.map(renderCase).join('')
    const open = `  <testsuite name="${xmlAttribute(spec.name)}" tests="${cases.length}" failures="${suiteFailures}" errors="0" skipped="${suiteSkipped}" time="0"`
    suites.push(cases.length === 0 ? `${open}/>\n` : `${open}>\n${body}  </testsuite>\n`)
  }
  // `skipped` stays off the root: junit-10.xsd does not allow it on <testsuites>; each suite carries its own.
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="openapi-contract-coverage" tests="${tests}" failures="${failures}" errors="0" time="0">\n` +
    suites.join('') +
    '</testsuites>\n'
  )
}

function renderCase(testCase: TestCase): string {
  let out = `    <testcase name="${xmlAttribute(testCase.name)}" classname="${xmlAttribute(testCase.classname)}" time="0">\n`
  const child = testCase.child
  if (child !== null) {
    const type = child.type === undefined ? '' : ` type="${xmlAttribute(child.type)}"`
    out += `      <${child.kind}${type} message="${xmlAttribute(child.message)}"/>\n`
  }
  out += `      <system-out>${xmlText(testCase.systemOut)}</system-out>\n`
  return `${out}    </testcase>\n`
}

function systemOut(hits: number, operationId: string | null): string {
  return operationId === null ? `hits=${hits}` : `hits=${hits} operationId=${operationId}`
}

function specCases(spec: SpecCoverage, sdkExerciseEnabled: boolean): TestCase[] {
  const classname = `openapi.coverage.${spec.name}`
  const cases: TestCase[] = []
  for (const endpoint of spec.endpoints) pushAll(cases, endpointCases(endpoint, classname))
  if (!sdkExerciseEnabled) return cases
  const sdkClassname = `${spec.name}.sdk-exercise`
  for (const row of spec.sdkExercise.responses) {
    cases.push({
      name: `${row.endpoint} [${row.statusKey} ${row.contentTypeKey}]`,
      classname: sdkClassname,
      child: row.exercised
        ? null
        : {
            kind: 'failure',
            type: 'UnexercisedSdkResponseSchema',
            message: `Response schema ${row.statusKey} ${row.contentTypeKey} on ${row.endpoint} was not exercised against an SDK decoder`,
          },
      systemOut: systemOut(row.hits, row.operationId),
    })
  }
  for (const row of spec.sdkExercise.unexpectedObservations) {
    cases.push({
      name: `${row.endpoint} [unexpected ${row.statusKey} ${row.contentTypeKey}]`,
      classname: sdkClassname,
      child: {
        kind: 'failure',
        type: 'UnexpectedSdkExerciseObservation',
        message: 'SDK exercise observation does not match an eligible live-spec response schema',
      },
      systemOut: systemOut(row.hits, null),
    })
  }
  return cases
}

function endpointCases(endpoint: EndpointCoverage, classname: string): TestCase[] {
  const cases: TestCase[] = endpoint.responses.map((row) => ({
    name: `${endpoint.endpoint} [${row.statusKey} ${row.contentTypeKey}]`,
    classname,
    child: row.isCheckFailed
      ? {
          kind: 'failure',
          type: 'FailedResponseCheck',
          message: `Response ${row.statusKey} ${row.contentTypeKey} on ${endpoint.endpoint} was exercised, but every check of it failed`,
        }
      : row.state === 'validated'
        ? null
        : row.state === 'skipped'
          ? { kind: 'skipped', message: row.skipReason ?? 'skipped' }
          : {
              kind: 'failure',
              type: 'UncoveredResponse',
              message: `Response ${row.statusKey} ${row.contentTypeKey} on ${endpoint.endpoint} not exercised by any test`,
            },
    systemOut: systemOut(row.hits, endpoint.operationId),
  }))
  for (const observation of endpoint.unexpectedObservations) {
    cases.push({
      name: `${endpoint.endpoint} [unexpected ${observation.statusKey} ${observation.contentTypeKey}]`,
      classname,
      child: {
        kind: 'failure',
        type: 'UnexpectedObservation',
        message: `Observed ${observation.statusKey} ${observation.contentTypeKey} on ${endpoint.endpoint} but spec declares no such response`,
      },
      systemOut: systemOut(0, endpoint.operationId),
    })
  }
  // An endpoint without response definitions would vanish from CI dashboards: keep it as a skipped case.
  if (cases.length === 0) {
    cases.push({
      name: endpoint.endpoint,
      classname,
      child: {
        kind: 'skipped',
        message: endpoint.requestReached
          ? 'request reached, but spec has no response definitions'
          : 'no response definitions in spec; no observations recorded',
      },
      systemOut: systemOut(0, endpoint.operationId),
    })
  }
  return cases
}
