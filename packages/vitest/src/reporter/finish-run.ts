import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  appendStepSummary,
  buildSidecarEnvelope,
  type CoverageResult,
  CoverageTracker,
  computeCoverage,
  describePartialRun,
  evaluateThresholds,
  renderConsole,
  renderHtml,
  renderJson,
  renderJunit,
  renderMarkdown,
  resolveConsoleMode,
  writeReport,
  writeSidecar,
} from '@contracttool/coverage'
import type { LoadedSpec } from '@contracttool/spec-loader'
import {
  describeStrictRequiredPartialRun,
  evaluateStrictAdditionalProperties,
  evaluateStrictRequired,
  StrictAdditionalPropertiesTracker,
  StrictRequiredTracker,
} from '@contracttool/strict-required'
import type { ResolvedOptions } from '../internal/resolve-options.js'
import type { WorkerEnvelope } from '../internal/worker-envelope.js'

/** One Vitest project that uses the plugin, with its options and the specs preloaded at start. */
export interface ProjectSetup {
  readonly name: string
  readonly options: ResolvedOptions
  readonly specs: ReadonlyMap<string, LoadedSpec>
}

/** Where the end-of-run output goes. */
export interface RunIo {
  readonly out: (text: string) => void
  readonly err: (line: string) => void
  readonly env: Readonly<Record<string, string | undefined>>
  readonly color: boolean
  readonly toolVersion: string
}

/** How the run selected tests: partial-run reasons, and the shard when `--shard` was given. */
export interface RunShape {
  readonly partialReasons: readonly string[]
  readonly shard: { readonly index: number; readonly count: number } | undefined
}

/** Default sidecar directory of `--shard` runs that configure none (same-machine shards). */
export const DEFAULT_SHARD_SIDECAR_DIR = join(tmpdir(), 'contracttool-sidecars')

interface Observations {
  readonly coverage: CoverageTracker
  readonly strictRequired: StrictRequiredTracker
  readonly additional: StrictAdditionalPropertiesTracker
}

/**
 * The end of a run for one project: merges what the test files observed, then either writes a sidecar
 * (shards, `sidecarDir`) or renders the console report, writes the reports and evaluates the gates, in the
 * seed's order (reports first, so a failing gate never suppresses them). Returns the exit code the gates ask for.
 */
export function finishRun(
  setup: ProjectSetup,
  envelopes: readonly WorkerEnvelope[],
  shape: RunShape,
  io: RunIo,
): 0 | 1 {
  const observed = merge(envelopes)
  const sidecarDir =
    setup.options.sidecarDir ?? (shape.shard === undefined ? undefined : DEFAULT_SHARD_SIDECAR_DIR)
  if (sidecarDir !== undefined) {
    writeShardSidecar(setup.name, sidecarDir, shape, observed, io)
    return 0
  }

  const { options } = setup
  const result = computeCoverage([...setup.specs.values()], observed.coverage)
  const { mode, warning } = resolveConsoleMode(io.env, options.consoleOutput)
  if (warning !== undefined) io.err(warning)
  const rendered = renderConsole(result, { mode, color: io.color })
  if (rendered !== '') io.out(rendered)

  // One observation proves a property undeclared, so this report holds on partial runs too.
  const undeclared = evaluateStrictAdditionalProperties(
    setup.specs,
    observed.additional,
    options.strictAdditionalProperties,
  )
  const outputs = fileOutputs(options, io)
  const partial = describePartialRun(shape.partialReasons, {
    skippedOutputs: outputs.map((output) => output.label),
  })
  if (partial.partial) {
    for (const line of partial.lines) io.err(line)
    if (options.strictRequired !== 'off') io.err(describeStrictRequiredPartialRun())
    if (undeclared.message !== '') io.err(undeclared.message)
    return undeclared.exitCode
  }

  for (const output of outputs) {
    try {
      output.write(result)
    } catch (error) {
      io.err(`[OpenAPI Coverage] WARNING: ${(error as Error).message}`)
    }
  }
  const thresholds = evaluateThresholds(result, options.thresholds)
  for (const line of thresholds.lines) io.err(line)
  const strict = evaluateStrictRequired(setup.specs, observed.strictRequired, options.strictRequired)
  for (const note of strict.notes) io.err(note)
  for (const block of [strict, undeclared]) {
    if (block.message !== '') io.err(block.message)
    if (block.stepSummary !== '') appendSummary(block.stepSummary, options, io)
  }
  return thresholds.exitCode === 1 || strict.exitCode === 1 || undeclared.exitCode === 1 ? 1 : 0
}

function merge(envelopes: readonly WorkerEnvelope[]): Observations {
  const observed: Observations = {
    coverage: new CoverageTracker(),
    strictRequired: new StrictRequiredTracker(),
    additional: new StrictAdditionalPropertiesTracker(),
  }
  for (const envelope of envelopes) {
    observed.coverage.mergeState(envelope.coverage)
    observed.strictRequired.mergeState(envelope.strictRequired)
    observed.additional.mergeState(envelope.strictAdditionalProperties)
  }
  return observed
}

function writeShardSidecar(
  project: string,
  dir: string,
  shape: RunShape,
  observed: Observations,
  io: RunIo,
): void {
  const base = project === '' ? 'vitest' : project
  // Unique per writer: shards of one project differ by index, plain sidecar runs by process and time.
  const token =
    shape.shard === undefined
      ? `${base}-${process.pid}-${Date.now()}`
      : `${base}-shard-${shape.shard.index}-of-${shape.shard.count}`
  const envelope = buildSidecarEnvelope(observed.coverage, {
    token,
    strictRequired: observed.strictRequired.toState(),
    strictAdditionalProperties: observed.additional.toState(),
  })
  const path = writeSidecar(dir, token, envelope)
  io.err(
    `[OpenAPI Coverage] NOTE: wrote this run's observations to ${path}; reports and gates are left to ` +
      `\`contracttool coverage:merge --sidecar-dir ${dir}\` once every shard has run.`,
  )
}

interface FileOutput {
  readonly label: string
  readonly write: (result: CoverageResult) => void
}

/** The persistent outputs configured for this project, in the order they are written. */
function fileOutputs(options: ResolvedOptions, io: RunIo): FileOutput[] {
  const outputs: FileOutput[] = []
  const file = (label: string, path: string | undefined, render: (result: CoverageResult) => string) => {
    if (path !== undefined) outputs.push({ label, write: (result) => void writeReport(path, render(result)) })
  }
  file('JSON', options.jsonOutput, (result) => renderJson(result, { toolVersion: io.toolVersion }))
  file('Markdown', options.outputFile, renderMarkdown)
  file('JUnit', options.junitOutput, renderJunit)
  file('HTML', options.htmlOutput, renderHtml)
  const summaryPath = stepSummaryPath(options, io.env)
  if (summaryPath !== undefined) {
    const path = summaryPath
    outputs.push({
      label: '$GITHUB_STEP_SUMMARY',
      write: (result) => void appendStepSummary(renderMarkdown(result), { GITHUB_STEP_SUMMARY: path }),
    })
  }
  return outputs
}

function stepSummaryPath(options: ResolvedOptions, env: RunIo['env']): string | undefined {
  if (options.githubStepSummary === false) return undefined
  const path = options.githubStepSummary ?? env.GITHUB_STEP_SUMMARY
  return path === undefined || path.trim() === '' ? undefined : path
}

function appendSummary(markdown: string, options: ResolvedOptions, io: RunIo): void {
  const path = stepSummaryPath(options, io.env)
  if (path === undefined) return
  try {
    appendStepSummary(markdown, { GITHUB_STEP_SUMMARY: path })
  } catch (error) {
    // A summary that cannot be written must not hide the gate verdicts that follow it.
    io.err(`[OpenAPI Coverage] WARNING: ${(error as Error).message}`)
  }
}
