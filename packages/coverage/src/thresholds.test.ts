import { describe, expect, it } from 'vitest'
import { computeCoverage } from './compute-coverage.js'
import { CoverageTracker } from './coverage-tracker.js'
import { describePartialRun, PARTIAL_RUN_REASONS } from './describe-partial-run.js'
import { evaluateThresholds } from './evaluate-thresholds.js'
import { fixtureResult, fixtureSpecs, specFrom, validation } from './fixture.test-kit.js'
import { parseThresholds, type ThresholdInput, type Thresholds } from './parse-thresholds.js'
import { resolveConsoleMode } from './resolve-console-mode.js'

describe('parseThresholds', () => {
  it.each<{ name: string; raw: ThresholdInput; thresholds: Thresholds; warnings: string[]; fatal?: boolean }>(
    [
      {
        name: 'numbers and numeric strings',
        raw: { minEndpointCoverage: 80, minResponseCoverage: ' 62.5 ', minSdkExerciseCoverage: '0' },
        thresholds: {
          minEndpointCoverage: 80,
          minResponseCoverage: 62.5,
          minSdkExerciseCoverage: 0,
          strict: false,
        },
        warnings: [],
      },
      {
        name: 'empty values mean unset',
        raw: { minEndpointCoverage: '', minResponseCoverage: '  ' },
        thresholds: { strict: false },
        warnings: [],
      },
      {
        name: "'abc' is not a number",
        raw: { minEndpointCoverage: 'abc' },
        thresholds: { strict: false },
        warnings: [
          "[OpenAPI Coverage] WARNING: minEndpointCoverage='abc' is not a number; skipping threshold gate.",
        ],
      },
      {
        name: '101 is out of range',
        raw: { minResponseCoverage: '101' },
        thresholds: { strict: false },
        warnings: [
          '[OpenAPI Coverage] WARNING: minResponseCoverage=101 is out of range (expected 0-100); skipping threshold gate.',
        ],
      },
      {
        name: '-1 is out of range',
        raw: { minSdkExerciseCoverage: -1 },
        thresholds: { strict: false },
        warnings: [
          '[OpenAPI Coverage] WARNING: minSdkExerciseCoverage=-1 is out of range (expected 0-100); skipping threshold gate.',
        ],
      },
      {
        name: 'NaN is not a number',
        raw: { minEndpointCoverage: Number.NaN },
        thresholds: { strict: false },
        warnings: [
          "[OpenAPI Coverage] WARNING: minEndpointCoverage='NaN' is not a number; skipping threshold gate.",
        ],
      },
      {
        name: 'strict turns bad values into FATAL lines',
        raw: { minEndpointCoverage: 'abc', minResponseCoverage: 101, minCoverageStrict: 'true' },
        thresholds: { strict: true },
        warnings: [
          "[OpenAPI Coverage] FATAL: minEndpointCoverage='abc' is not a number; skipping threshold gate.",
          '[OpenAPI Coverage] FATAL: minResponseCoverage=101 is out of range (expected 0-100); skipping threshold gate.',
        ],
        fatal: true,
      },
      {
        name: 'strict flag spellings',
        raw: { minEndpointCoverage: 50, minCoverageStrict: ' Yes ' },
        thresholds: { minEndpointCoverage: 50, strict: true },
        warnings: [],
      },
      {
        name: 'strict false spellings',
        raw: { minCoverageStrict: 'no' },
        thresholds: { strict: false },
        warnings: [],
      },
      {
        name: 'an unknown strict value is fatal',
        raw: { minCoverageStrict: 'maybe' },
        thresholds: { strict: true },
        warnings: [
          "[OpenAPI Coverage] FATAL: minCoverageStrict='maybe' is not a boolean (accepted: true, false, 1, 0, yes, no).",
        ],
        fatal: true,
      },
    ],
  )('$name', ({ raw, thresholds, warnings, fatal = false }) => {
    expect(parseThresholds(raw)).toEqual({ thresholds, warnings, fatal })
  })

  it('names settings the way the caller spells them', () => {
    const parsed = parseThresholds(
      { minEndpointCoverage: 'abc', minResponseCoverage: '101' },
      {
        names: {
          minEndpointCoverage: '--min-endpoint-coverage',
          minResponseCoverage: '--min-response-coverage',
        },
      },
    )
    expect(parsed.warnings).toEqual([
      "[OpenAPI Coverage] WARNING: --min-endpoint-coverage='abc' is not a number; skipping threshold gate.",
      '[OpenAPI Coverage] WARNING: --min-response-coverage=101 is out of range (expected 0-100); skipping threshold gate.',
    ])
  })
})

describe('evaluateThresholds', () => {
  const result = fixtureResult() // endpoints 1/8 (12.5%), responses 4/14 (28.6%), SDK 2/9 (22.2%)

  it.each<{ name: string; thresholds: Thresholds; passed: boolean; exitCode: 0 | 1; lines: string[] }>([
    { name: 'nothing configured', thresholds: { strict: true }, passed: true, exitCode: 0, lines: [] },
    {
      name: 'every gate passes',
      thresholds: {
        minEndpointCoverage: 12.5,
        minResponseCoverage: 20,
        minSdkExerciseCoverage: 22.2,
        strict: true,
      },
      passed: true,
      exitCode: 0,
      lines: [],
    },
    {
      name: 'strict miss: FAIL with continuation lines and passing gates',
      thresholds: {
        minEndpointCoverage: 80,
        minResponseCoverage: 20,
        minSdkExerciseCoverage: 100,
        strict: true,
      },
      passed: false,
      exitCode: 1,
      lines: [
        '[OpenAPI Coverage] FAIL: endpoint coverage 12.5% < threshold 80%.',
        '                         response coverage 28.6% (>= 20%, ok).',
        '                         SDK exercise coverage 22.2% < threshold 100%.',
      ],
    },
    {
      name: 'warn-only miss: WARN, exit 0',
      thresholds: { minResponseCoverage: 80.5, strict: false },
      passed: false,
      exitCode: 0,
      lines: ['[OpenAPI Coverage] WARN: response coverage 28.6% < threshold 80.5%.'],
    },
  ])('$name', ({ thresholds, passed, exitCode, lines }) => {
    const outcome = evaluateThresholds(result, thresholds)
    expect({ passed: outcome.passed, exitCode: outcome.exitCode, lines: outcome.lines }).toEqual({
      passed,
      exitCode,
      lines,
    })
  })

  it('reports the evaluated gates', () => {
    expect(evaluateThresholds(result, { minEndpointCoverage: 10, strict: false }).endpoint).toEqual({
      metric: 'endpoint',
      covered: 1,
      total: 8,
      percent: 12.5,
      threshold: 10,
      evaluable: true,
      ok: true,
    })
  })

  it('fails the SDK gate as unevaluable when the denominator is empty', () => {
    const spec = specFrom('s', {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/x': { get: { responses: { '204': { description: '' } } } } },
    })
    const tracker = new CoverageTracker()
    tracker.recordResponse(validation({ spec: 's', path: '/x', status: '204', contentType: null }))
    const outcome = evaluateThresholds(computeCoverage([spec], tracker), {
      minEndpointCoverage: 100,
      minSdkExerciseCoverage: 0,
      strict: true,
    })
    expect(outcome.lines).toEqual([
      '[OpenAPI Coverage] FAIL: endpoint coverage 100% (>= 100%, ok).',
      '                         SDK exercise coverage cannot be evaluated (no eligible response schemas).',
    ])
    expect(outcome.exitCode).toBe(1)
  })

  it('treats an empty endpoint or response denominator as 100%', () => {
    const spec = specFrom('s', { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} })
    const tracker = new CoverageTracker()
    tracker.recordResponse(validation({ spec: 's', path: '/gone' }))
    expect(
      evaluateThresholds(computeCoverage([spec], tracker), { minEndpointCoverage: 100, strict: true }).passed,
    ).toBe(true)
  })

  it.each<{ strict: boolean; line: string; exitCode: 0 | 1 }>([
    {
      strict: true,
      line: '[OpenAPI Coverage] FATAL: no contract test coverage was recorded; configured threshold cannot be evaluated.',
      exitCode: 1,
    },
    {
      strict: false,
      line: '[OpenAPI Coverage] WARNING: no contract test coverage was recorded; configured threshold cannot be evaluated.',
      exitCode: 0,
    },
  ])(
    'nothing recorded with a gate configured (strict: $strict) is an unevaluable failure',
    ({ strict, line, exitCode }) => {
      const outcome = evaluateThresholds(computeCoverage(fixtureSpecs(), new CoverageTracker()), {
        minEndpointCoverage: 1,
        strict,
      })
      expect(outcome).toEqual({ configured: true, passed: false, exitCode, lines: [line] })
    },
  )

  it('handles sidecars without SDK exercise state: strict fails, warn evaluates what it has', () => {
    const thresholds = { minSdkExerciseCoverage: 20, strict: true }
    expect(evaluateThresholds(result, thresholds, { sidecarsWithoutSdkExercise: 2 }).lines).toEqual([
      '[OpenAPI Coverage] FAIL: SDK exercise coverage cannot be evaluated (2 worker sidecar(s) carried no SDK exercise state).',
    ])
    const warn = evaluateThresholds(
      result,
      { ...thresholds, strict: false },
      { sidecarsWithoutSdkExercise: 2 },
    )
    expect(warn.passed).toBe(true)
    expect(warn.lines).toEqual([
      '[OpenAPI Coverage] WARNING: 2 worker sidecar(s) carried no SDK exercise state; SDK exercise coverage is evaluated on the available data.',
    ])
  })
})

describe('describePartialRun', () => {
  it('says nothing for a full run', () => {
    expect(describePartialRun([])).toEqual({ partial: false, lines: [] })
  })

  it('notes the skipped gate and the skipped outputs, worded for Vitest', () => {
    expect(
      describePartialRun([PARTIAL_RUN_REASONS.testNamePattern, PARTIAL_RUN_REASONS.fileFilter], {
        runner: 'Vitest',
        skippedOutputs: ['JSON', 'HTML', '$GITHUB_STEP_SUMMARY'],
      }).lines,
    ).toMatchInlineSnapshot(`
      [
        "[OpenAPI Coverage] NOTE: the coverage threshold gate is skipped on partial runs (-t/--testNamePattern, file filters) because a subset cannot prove a suite-wide coverage rate. Run the full suite to evaluate the gate.",
        "[OpenAPI Coverage] WARNING: Skipping JSON, HTML, $GITHUB_STEP_SUMMARY write because Vitest is running a partial subset (-t/--testNamePattern, file filters). Coverage reports are not written on partial runs to avoid overwriting persistent docs with subset data. Re-run the full suite to refresh.",
      ]
    `)
  })

  it('names another runner and its flags, and no runner for a custom harness', () => {
    expect(
      describePartialRun(['--selectProjects api'], { runner: 'Jest', skippedOutputs: ['JSON'] })
        .outputsWarning,
    ).toContain('Skipping JSON write because Jest is running a partial subset (--selectProjects api).')
    expect(describePartialRun(['by the caller'], { skippedOutputs: ['JSON'] }).outputsWarning).toContain(
      'Skipping JSON write because this is a partial run (by the caller).',
    )
    expect(describePartialRun(['--test-shard=1/2']).thresholdGateNote).toContain('coverage:merge')
  })

  it('points shards at the merge step', () => {
    const { thresholdGateNote, outputsWarning } = describePartialRun([
      PARTIAL_RUN_REASONS.shard,
      '--shard',
      ' ',
    ])
    expect(thresholdGateNote).toBe(
      '[OpenAPI Coverage] NOTE: the coverage threshold gate is skipped on partial runs (--shard) because a subset cannot prove a suite-wide coverage rate. Run the full suite, or merge the sidecars of every shard with `contracttool coverage:merge`, to evaluate the gate.',
    )
    expect(outputsWarning).toBeUndefined()
  })

  it('has a label for every Vitest partial-run signal', () => {
    expect(Object.values(PARTIAL_RUN_REASONS)).toEqual([
      '-t/--testNamePattern',
      'file filters',
      '--project',
      '--changed',
      '--related',
      '--shard',
    ])
  })
})

describe('resolveConsoleMode', () => {
  it.each<{ name: string; env: Record<string, string>; option?: string; mode: string; warning?: string }>([
    { name: 'defaults to default', env: {}, mode: 'default' },
    { name: 'uses the option', env: {}, option: 'all', mode: 'all' },
    {
      name: 'env wins over the option',
      env: { CONTRACTTOOL_CONSOLE_OUTPUT: 'uncovered_only' },
      option: 'all',
      mode: 'uncovered_only',
    },
    {
      name: 'env is trimmed and case-insensitive',
      env: { CONTRACTTOOL_CONSOLE_OUTPUT: ' Active_Only ' },
      mode: 'active_only',
    },
    {
      name: 'an empty env value is ignored',
      env: { CONTRACTTOOL_CONSOLE_OUTPUT: ' ' },
      option: 'all',
      mode: 'all',
    },
    {
      name: 'an invalid env value warns and falls back',
      env: { CONTRACTTOOL_CONSOLE_OUTPUT: 'verbose' },
      mode: 'default',
      warning:
        "[OpenAPI Coverage] WARNING: Invalid CONTRACTTOOL_CONSOLE_OUTPUT value 'verbose'. Valid values: default, all, uncovered_only, active_only. Falling back to 'default'.",
    },
    {
      name: 'an invalid env value falls back to a valid option',
      env: { CONTRACTTOOL_CONSOLE_OUTPUT: 'verbose' },
      option: 'all',
      mode: 'all',
      warning:
        "[OpenAPI Coverage] WARNING: Invalid CONTRACTTOOL_CONSOLE_OUTPUT value 'verbose'. Valid values: default, all, uncovered_only, active_only. Falling back to 'all'.",
    },
    {
      name: 'an invalid option warns',
      env: {},
      option: 'loud',
      mode: 'default',
      warning:
        "[OpenAPI Coverage] WARNING: Invalid consoleOutput value 'loud'. Valid values: default, all, uncovered_only, active_only. Falling back to 'default'.",
    },
  ])('$name', ({ env, option, mode, warning }) => {
    expect(resolveConsoleMode(env, option)).toEqual(warning === undefined ? { mode } : { mode, warning })
  })

  it('names the option the way the caller spells it', () => {
    expect(resolveConsoleMode({}, 'x', { optionName: '--console-output' }).warning).toContain(
      "Invalid --console-output value 'x'",
    )
  })
})
