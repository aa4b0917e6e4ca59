import { createRequire } from 'node:module'
import {
  appendStepSummary,
  buildSidecarEnvelope,
  type CoverageResult,
  computeCoverage,
  defaultSidecarDir,
  describePartialRun,
  evaluateThresholds,
  renderConsole,
  renderHtml,
  renderJson,
  renderJunit,
  renderMarkdown,
  resolveConsoleMode,
  writeFailureMarker,
  writeReport,
  writeSidecar,
} from '@contracttool/coverage'
import { MOCK_COVERAGE_TITLE } from '@contracttool/coverage/internal'
import { terminalLines } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import {
  describeStrictRequiredPartialRun,
  evaluateStrictAdditionalProperties,
  evaluateStrictRequired,
} from '@contracttool/strict-required'
import type { GivenOptions, ResolvedOptions } from './resolve-options.js'
import type { RunObservations } from './run-envelope.js'
import { describeUnfinished } from './run-handover.js'
import { runOptionsState } from './run-options-state.js'
import type { SettingNames } from './runner-setting-names.js'

const FATAL = '[OpenAPI Coverage] FATAL:'

/** The options the end of a run reads. */
export type FinishRunOptions = Pick<
  ResolvedOptions,
  | 'root'
  | 'consoleOutput'
  | 'jsonOutput'
  | 'outputFile'
  | 'junitOutput'
  | 'htmlOutput'
  | 'githubStepSummary'
  | 'thresholds'
  | 'strictRequired'
  | 'strictAdditionalProperties'
  | 'sidecarDir'
> & {
  /** The options as given, left in a sidecar so the merge resolves the same options. */
  readonly given?: GivenOptions
}

/** One run (or one project of a run) to finish. */
export interface FinishRunInput {
  /** The specs to report on, in report order. */
  readonly specs: ReadonlyMap<string, LoadedSpec> | readonly LoadedSpec[]
  /** What the run observed (`mergeEnvelopes()`). */
  readonly observations: RunObservations
  readonly options: FinishRunOptions
  readonly names: SettingNames
  /** Why the run is a subset of the suite, in the runner's own flags; empty or left out for a full run. */
  readonly partialReasons?: readonly string[]
  /**
   * Test files that started and never handed over their observations (their process died, or was killed,
   * mid-file: `collectHandovers()`). The run fails with a `FATAL` line naming them; its report prints as a
   * partial run's, and a run that writes a sidecar leaves a failure marker instead, which
   * `coverage:merge` refuses.
   */
  readonly unfinished?: readonly { readonly label: string }[]
  /** The runner, as its users call it (`'Vitest'`, `'Jest'`, `'node:test'`); left out for a custom harness. */
  readonly runner?: string
  /** `--shard i/n`: the run writes a sidecar (to `sidecarDir`, else the project's default folder). */
  readonly shard?: { readonly index: number; readonly count: number } | undefined
  /** Names this run's sidecar (a runner's project name); `''` or left out: `run`. */
  readonly writer?: string
  /** Set when the observations were merged from sidecars (`contracttool coverage:merge`). */
  readonly merged?: {
    /** Sidecars written without SDK exercise data (their SDK coverage is unknown, not zero). */
    readonly sidecarsWithoutSdkExercise: number
  }
}

/** Where the end of the run prints, and what it reads from the environment. */
export interface RunIo {
  /** The console report (stdout). */
  readonly out: (text: string) => void
  /** Every other line: notes, warnings, gate verdicts, FATAL lines (stderr). */
  readonly err: (line: string) => void
  readonly env: Readonly<Record<string, string | undefined>>
  readonly color: boolean
  /** Written into the coverage JSON; default: this package's version. */
  readonly toolVersion?: string
}

/** The outcome of `finishRun()`: the exit code the run asks for, and what it printed, in order. */
export interface FinishRunResult {
  readonly exitCode: 0 | 1
  readonly printed: readonly string[]
}

/**
 * The end of a run, the same for every runner and for `contracttool coverage:merge`. A run that writes a
 * sidecar (`sidecarDir`, or a shard) writes it and stops there. Otherwise: the console report, then on full
 * runs the reports the options ask for (JSON, Markdown, JUnit, HTML, then the `$GITHUB_STEP_SUMMARY`
 * append), then the threshold gate, the strict-required gate and the strict-additional-properties report.
 * Reports come first, so a failing gate never suppresses them. A report that cannot be written fails the run
 * (`FATAL` naming the path and the OS error, exit 1) and the others are still written. Partial runs print
 * the console report (even when every contract test was skipped) and a `NOTE`, and skip gates and reports.
 *
 * @example
 * const { exitCode } = finishRun(
 *   { specs, observations: mergeEnvelopes(envelopes), options, names: runnerSettingNames('contractTesting()') },
 *   { out: (text) => process.stdout.write(text), err: (line) => process.stderr.write(`${line}\n`), env: process.env, color: false, toolVersion: '1.0.0' },
 * )
 */
export function finishRun(input: FinishRunInput, io: RunIo): FinishRunResult {
  const printed: string[] = []
  // Every line of the run's end passes here: none can start a CI workflow command.
  const record: RunIo = {
    ...io,
    out: (text) => {
      const safe = terminalLines(text)
      printed.push(safe)
      io.out(safe)
    },
    err: (line) => {
      const safe = terminalLines(line)
      printed.push(safe)
      io.err(safe)
    },
  }
  return { exitCode: finish(input, record), printed }
}

function finish(input: FinishRunInput, io: RunIo): 0 | 1 {
  const { options, names, observations } = input
  const unfinished = input.unfinished ?? []
  if (unfinished.length > 0) io.err(describeUnfinished(unfinished))
  const sidecarDir =
    options.sidecarDir ?? (input.shard === undefined ? undefined : defaultSidecarDir(options.root))
  if (sidecarDir !== undefined) {
    return unfinished.length > 0
      ? writeRunFailureMarker(input, sidecarDir, io)
      : writeRunSidecar(input, sidecarDir, io)
  }

  const specs = input.specs
  const result = computeCoverage([...specs.values()], observations.coverage)
  const mock = observations.mockCoverage?.hasObservations()
    ? computeCoverage([...specs.values()], observations.mockCoverage)
    : undefined
  const partialReasons = [...(input.partialReasons ?? [])]
  if (unfinished.length > 0) partialReasons.push('a test file stopped before handing over its observations')
  const partial = describePartialRun(partialReasons, {
    skippedOutputs: reportOutputs(options, io).map((output) => output.label),
    ...(input.runner === undefined ? {} : { runner: input.runner }),
  })
  const { mode, warning } = resolveConsoleMode(io.env, options.consoleOutput, {
    optionName: names.consoleOutput,
  })
  if (warning !== undefined) io.err(warning)
  const rendered = renderConsole(result, { mode, color: io.color, evenWhenEmpty: partial.partial })
  if (rendered !== '') io.out(rendered)
  if (mock !== undefined) io.out(renderConsole(mock, { mode, color: io.color, title: MOCK_COVERAGE_TITLE }))

  // One observation proves a property undeclared, so this report holds on partial runs too.
  const undeclared = evaluateStrictAdditionalProperties(
    specs,
    observations.additional,
    options.strictAdditionalProperties,
    { offSetting: names.strictAdditionalPropertiesOff },
  )
  if (partial.partial) {
    for (const line of partial.lines) io.err(line)
    if (options.strictRequired !== 'off') io.err(describeStrictRequiredPartialRun(partialReasons))
    if (undeclared.message !== '') io.err(undeclared.message)
    return unfinished.length > 0 ? 1 : undeclared.exitCode
  }

  let exitCode: 0 | 1 = 0
  for (const output of reportOutputs(options, io, mock)) {
    if (!writeOrReport(() => output.write(result), io)) exitCode = 1
  }
  const thresholds = evaluateThresholds(
    result,
    options.thresholds,
    input.merged === undefined ? {} : { sidecarsWithoutSdkExercise: input.merged.sidecarsWithoutSdkExercise },
  )
  for (const line of thresholds.lines) io.err(line)
  if (thresholds.exitCode === 1) exitCode = 1

  if (
    input.merged !== undefined &&
    options.strictRequired === 'fail' &&
    !observations.strictRequired.hasObservations()
  ) {
    io.err(
      `[OpenAPI Strict Required] FATAL: ${names.strictRequiredFail} requested but no worker recorded any strict_required observations; the gate cannot be evaluated. Check that the workers run a contracttool version that exports strict_required state.`,
    )
    exitCode = 1
  } else {
    const strict = evaluateStrictRequired(specs, observations.strictRequired, options.strictRequired, {
      configurationHint: names.strictRequiredConfiguration,
      offSetting: names.strictRequiredOff,
    })
    for (const note of strict.notes) io.err(note)
    if (!gateBlock(strict, options, io)) exitCode = 1
  }
  if (!gateBlock(undeclared, options, io)) exitCode = 1
  return exitCode
}

/** Prints a gate's message and appends its summary; false when the gate fails or its summary cannot be written. */
function gateBlock(
  block: { readonly message: string; readonly stepSummary: string; readonly exitCode: 0 | 1 },
  options: FinishRunOptions,
  io: RunIo,
): boolean {
  if (block.message !== '') io.err(block.message)
  const path = stepSummaryPath(options, io.env)
  const appended =
    block.stepSummary === '' ||
    path === undefined ||
    writeOrReport(() => appendStepSummary(block.stepSummary, { GITHUB_STEP_SUMMARY: path }), io)
  return appended && block.exitCode === 0
}

/** Runs a write; a failure is a `FATAL` line naming the path and the OS error. False when it failed. */
function writeOrReport(write: () => void, io: RunIo): boolean {
  try {
    write()
    return true
  } catch (error) {
    io.err(`${FATAL} ${(error as Error).message}`)
    return false
  }
}

/** Names a run's sidecar (or failure marker): unique per writer (shards of one project differ by index). */
function sidecarToken(input: FinishRunInput): string {
  const base = input.writer === undefined || input.writer === '' ? 'run' : input.writer
  return input.shard === undefined
    ? `${base}-${process.pid}-${Date.now()}`
    : `${base}-shard-${input.shard.index}-of-${input.shard.count}`
}

/**
 * A run that lost test files leaves, in place of its sidecar, a failure marker naming them: merging what it
 * has would under-count the suite without a word.
 */
function writeRunFailureMarker(input: FinishRunInput, dir: string, io: RunIo): 1 {
  const files = (input.unfinished ?? []).map((writer) => writer.label)
  const reason = `${files.length} test file(s) stopped before handing over their contract observations: ${files.join(', ')}`
  try {
    const path = writeFailureMarker(dir, sidecarToken(input), reason)
    io.err(
      `${FATAL} wrote a failure marker (${path}) instead of this run's sidecar: \`contracttool coverage:merge\` ` +
        'refuses the sidecars until the run is repeated and the marker removed.',
    )
  } catch (error) {
    io.err(`${FATAL} ${(error as Error).message}`)
  }
  return 1
}

function writeRunSidecar(input: FinishRunInput, dir: string, io: RunIo): 0 | 1 {
  const { observations } = input
  const token = sidecarToken(input)
  const envelope = buildSidecarEnvelope(observations.coverage, {
    token,
    strictRequired: observations.strictRequired.toState(),
    strictAdditionalProperties: observations.additional.toState(),
    ...(observations.mockCoverage === undefined ? {} : { mockCoverage: observations.mockCoverage }),
    ...(input.options.given === undefined ? {} : { runOptions: runOptionsState(input.options.given) }),
  })
  let path: string
  try {
    path = writeSidecar(dir, token, envelope)
  } catch (error) {
    io.err(`${FATAL} ${(error as Error).message}`)
    return 1
  }
  io.err(
    `[OpenAPI Coverage] NOTE: wrote this run's observations to ${path}; reports and gates are left to ` +
      `\`contracttool coverage:merge --sidecar-dir ${dir}\` once every shard has run (the sidecar carries this ` +
      `run's options; flags given to the merge win).`,
  )
  return 0
}

interface ReportOutput {
  readonly label: string
  readonly write: (result: CoverageResult) => void
}

/** The reports the options ask for, in the order they are written. */
function reportOutputs(options: FinishRunOptions, io: RunIo, mock?: CoverageResult): ReportOutput[] {
  const outputs: ReportOutput[] = []
  const file = (label: string, path: string | undefined, render: (result: CoverageResult) => string) => {
    if (path !== undefined) outputs.push({ label, write: (result) => void writeReport(path, render(result)) })
  }
  const withMock = mock === undefined ? {} : { mock }
  file('JSON', options.jsonOutput, (result) =>
    renderJson(result, { toolVersion: io.toolVersion ?? packageVersion(), ...withMock }),
  )
  file('Markdown', options.outputFile, (result) => renderMarkdown(result, withMock))
  // JUnit holds a test case per documented response the API answered, for CI to gate on: mocks test no API.
  file('JUnit', options.junitOutput, renderJunit)
  file('HTML', options.htmlOutput, (result) => renderHtml(result, withMock))
  const summaryPath = stepSummaryPath(options, io.env)
  if (summaryPath !== undefined) {
    outputs.push({
      label: '$GITHUB_STEP_SUMMARY',
      write: (result) =>
        void appendStepSummary(renderMarkdown(result, withMock), { GITHUB_STEP_SUMMARY: summaryPath }),
    })
  }
  return outputs
}

function stepSummaryPath(options: FinishRunOptions, env: RunIo['env']): string | undefined {
  if (options.githubStepSummary === false) return undefined
  const path = options.githubStepSummary ?? env.GITHUB_STEP_SUMMARY
  return path === undefined || path.trim() === '' ? undefined : path
}

function packageVersion(): string {
  try {
    return (createRequire(import.meta.url)('@contracttool/harness/package.json') as { version: string })
      .version
  } catch {
    return 'unknown'
  }
}
