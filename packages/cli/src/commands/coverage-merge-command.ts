import { resolve } from 'node:path'
import {
  CoverageErrorCode,
  lockSidecars,
  mergeSidecars,
  readSidecars,
  removeSidecars,
} from '@contracttool/coverage'
import {
  hasThresholds,
  NO_COVERAGE_RECORDED,
  type SidecarEnvelope,
  type SidecarLock,
} from '@contracttool/coverage/internal'
import type { ContractRunOptions } from '@contracttool/harness'
import {
  combineRunOptions,
  commandLineOptions,
  finishRun,
  loadConfigFile,
  resolveOptions,
  resolveOptionsWithoutBasePath,
} from '@contracttool/harness'
import type { ResolvedOptions } from '@contracttool/harness/internal'
import { isContractToolError } from '@contracttool/kernel'
import { terminalText } from '@contracttool/kernel/internal'
import { type LoadedSpec, loadSpec } from '@contracttool/spec-loader'
import { StrictAdditionalPropertiesTracker, StrictRequiredTracker } from '@contracttool/strict-required'
import { Command, Option } from 'clipanion'
import { wantsColor } from '../internal/output.js'
import { createProgress } from '../internal/progress.js'
import { REPORT_FLAG_NAMES, RunReportCommand } from '../internal/run-report-command.js'
import { toolVersion } from '../internal/tool-version.js'

const FATAL = '[OpenAPI Coverage] FATAL:'
const CALLER = 'contracttool coverage:merge'
/** The flag of each option the command takes, for the harness's messages. */
const FLAG_NAMES = {
  specBasePath: '--spec-base-path',
  specs: '--specs',
  sidecarDir: '--sidecar-dir',
  stripPrefixes: '--strip-prefixes',
  ...REPORT_FLAG_NAMES,
} as const satisfies Partial<Record<keyof ContractRunOptions, string>>
const THRESHOLD_KEYS = [
  'minEndpointCoverage',
  'minResponseCoverage',
  'minSdkExerciseCoverage',
  'minCoverageStrict',
] as const
const SIDECAR_ENV = 'CONTRACTTOOL_SIDECAR_DIR'
/** Where workers write sidecars unless configured otherwise (`defaultSidecarDir` of @contracttool/coverage). */
const DEFAULT_SIDECAR_DIR = '.contracttool/sidecars'
/** The sidecar errors that are about what a sidecar holds (the rest: a folder or file that cannot be read, a lock). */
const PAYLOAD_ERRORS: ReadonlySet<string> = new Set([
  CoverageErrorCode.SidecarEmpty,
  CoverageErrorCode.SidecarCorrupt,
  CoverageErrorCode.SidecarInvalid,
  CoverageErrorCode.SidecarUnsupportedVersion,
  CoverageErrorCode.SidecarStrictRequiredV1,
])

/**
 * `contracttool coverage:merge`: reads and merges the sidecars of parallel workers or CI shards, then ends
 * the run with the harness's `finishRun()`, as a runner does (reports before gates, so a failing gate never
 * suppresses them), and deletes the merged sidecars.
 */
export class CoverageMergeCommand extends RunReportCommand {
  static override paths = [['coverage:merge']]

  static override usage = Command.Usage({
    description: 'Merge worker or shard sidecars, write the coverage reports and evaluate the gates.',
    details: `
      Reads every \`part-*.json\` sidecar in \`--sidecar-dir\` (default \`$${SIDECAR_ENV}\`, else \`${DEFAULT_SIDECAR_DIR}\`), merges them, prints the console report, writes the requested reports (JSON schema_version 3, JUnit, Markdown, HTML, GitHub step summary), then evaluates the coverage thresholds and the strict_required and strict_additional_properties gates, and finally deletes the merged sidecars (exactly those it read: one that arrived meanwhile is kept). The directory is locked for the merge (\`.contracttool-merge.lock\`): a second merge on it is FATAL.

      Failure markers left by a worker, an invalid sidecar, a spec that no longer loads, or \`--expect-sidecars\` not matching the number found are FATAL (exit 1; sidecars are kept). Without sidecars the merge warns and exits 0, or fails when a strict threshold is configured.

      Every flag left out is taken from the options the shards ran with, which each sidecar carries (so \`coverage:merge --sidecar-dir <dir>\` alone reproduces the unsharded run), else from the same key of \`contracttool.config.*\` in the working directory, the file every runner binding reads (\`specBasePath\`, \`specs\`, \`sidecarDir\`, the outputs, the thresholds and the strict modes). A threshold flag replaces the shards' thresholds as a whole. Shards that ran with different values of an option are an error naming both, unless a flag chooses.

      Exit codes: 0 success, 1 a gate failed or a FATAL condition, 2 usage error.
    `,
    examples: [
      [
        'Merge CI shards and gate on response coverage',
        '$0 coverage:merge --spec-base-path=openapi --specs=petstore --sidecar-dir=.contracttool/sidecars --json-output=reports/coverage.json --min-response-coverage=80 --min-coverage-strict',
      ],
      [
        'Fail on schema under-description found by any worker',
        '$0 coverage:merge --spec-base-path=openapi --specs=petstore --sidecar-dir=.contracttool/sidecars --strict-required=fail',
      ],
    ],
  })

  protected readonly errorPrefix = '[OpenAPI Coverage] FATAL:'

  specBasePath = Option.String('--spec-base-path', {
    description: 'Directory the specs are loaded from by name; required',
  })
  specs = Option.String('--specs', {
    description: 'Comma-separated spec names (default: every spec the sidecars mention)',
  })
  sidecarDir = Option.String('--sidecar-dir', {
    description: `Directory of the sidecars (default $${SIDECAR_ENV}, else ${DEFAULT_SIDECAR_DIR})`,
  })
  stripPrefixes = Option.String('--strip-prefixes', {
    description:
      'Comma-separated strip prefixes, as configured for the test run (sidecars already hold matched paths)',
  })
  expectSidecars = Option.String('--expect-sidecars', {
    description: 'Number of sidecars that must be present',
  })
  cleanup = Option.Boolean('--cleanup', true, {
    description: 'Delete the merged sidecars (--no-cleanup keeps them)',
  })

  protected async run(): Promise<number> {
    const { env, cwd } = this.context
    // The flags are handed to the harness, which merges them over contracttool.config.* key by key and
    // validates them as it does a runner's options; usage first: nothing is read before every flag is valid.
    // Their `ContractRunError` is reported by the base command (exit 2).
    const configFile = await loadConfigFile(cwd)
    // `specBasePath` may come from the shards' sidecars: it is required once they are read.
    const given = commandLineOptions(this.flags())
    const settings = { names: FLAG_NAMES, specsRequired: false }
    const first = resolveOptionsWithoutBasePath(given, configFile, cwd, env, CALLER, settings)
    let expected: number | undefined
    if (this.expectSidecars !== undefined) {
      expected = Number(this.expectSidecars)
      if (!/^\d+$/.test(this.expectSidecars.trim()) || !Number.isSafeInteger(expected)) {
        this.note(`${FATAL} --expect-sidecars must be a non-negative integer, got '${this.expectSidecars}'.`)
        return 2
      }
    }
    const sidecarDir = first.sidecarDir ?? resolve(cwd, DEFAULT_SIDECAR_DIR)

    // Sidecars: failure markers and invalid payloads are FATAL and leave the directory as it is.
    let envelopes: readonly SidecarEnvelope[]
    let files: readonly string[]
    try {
      this.lock = lockSidecars(sidecarDir)
      if (this.lock.takenOver !== undefined)
        this.note(`[OpenAPI Coverage] ${terminalText(this.lock.takenOver)}.`)
      ;({ envelopes, files } = readSidecars(sidecarDir))
    } catch (error) {
      if (!isContractToolError(error)) throw error
      this.note(
        PAYLOAD_ERRORS.has(error.code)
          ? `${FATAL} invalid sidecar payload: ${terminalText(error.message)}`
          : `${FATAL} ${terminalText(error.message)}`,
      )
      return 1
    }
    if (expected !== undefined && envelopes.length !== expected) {
      this.note(
        `${FATAL} expected ${expected} sidecar(s) in ${terminalText(sidecarDir)} but found ${envelopes.length}; a worker or shard is missing or extra. Sidecars were kept.`,
      )
      return 1
    }
    if (envelopes.length === 0) {
      // No shard to learn options from: the flags and the config file must name everything.
      resolveOptions(given, configFile, cwd, env, CALLER, settings)
      for (const line of first.warnings) this.note(line)
      if (first.thresholds.strict && hasThresholds(first.thresholds)) {
        this.note(`${FATAL} no sidecars found in ${terminalText(sidecarDir)}; ${NO_COVERAGE_RECORDED}`)
        return 1
      }
      this.note(
        `[OpenAPI Coverage] WARNING: no sidecars found in ${terminalText(sidecarDir)}; nothing to merge.`,
      )
      return 0
    }
    const progress = createProgress(this.context.stderr, 'contracttool coverage:merge')
    progress.update(0, envelopes.length, 'merging sidecars')
    let merged: ReturnType<typeof mergeSidecars>
    try {
      merged = mergeSidecars(envelopes)
    } catch (error) {
      progress.done()
      if (!isContractToolError(error)) throw error
      this.note(`${FATAL} invalid sidecar payload: ${terminalText(error.message)}`)
      return 1
    }
    // The options the shards ran with (their sidecars' runOptions halves), one layer under the flags and over
    // the config file, so the merge reproduces the unsharded run without being told its options again.
    let options: ResolvedOptions
    try {
      // The thresholds are one gate: a threshold flag replaces every threshold the shards ran with.
      const overridden = new Set(Object.keys(given))
      if (THRESHOLD_KEYS.some((key) => overridden.has(key)))
        for (const key of THRESHOLD_KEYS) overridden.add(key)
      const shards = combineRunOptions(merged.runOptionsStates, overridden, FLAG_NAMES)
      const configValues = (configFile?.values ?? {}) as Record<string, unknown>
      const sources: Record<string, string> = {}
      for (const key of Object.keys(configValues)) sources[key] = configFile?.source ?? CALLER
      Object.assign(sources, shards.sources)
      const layer =
        merged.runOptionsStates.length === 0
          ? configFile
          : { source: 'the sidecars', values: { ...configValues, ...shards.values }, sources }
      options = resolveOptions(given, layer, cwd, env, CALLER, settings)
    } catch (error) {
      progress.done()
      throw error
    }
    for (const line of options.warnings) this.note(line)
    const basePath = options.specBasePath
    const strictRequiredTracker = new StrictRequiredTracker()
    const additionalTracker = new StrictAdditionalPropertiesTracker()
    try {
      for (const state of merged.strictRequiredStates) strictRequiredTracker.mergeState(state)
      for (const state of merged.strictAdditionalPropertiesStates) additionalTracker.mergeState(state)
    } catch (error) {
      progress.done()
      if (!isContractToolError(error)) throw error
      this.note(`${FATAL} invalid sidecar payload: ${terminalText(error.message)}`)
      return 1
    }

    // Specs: named ones, or every spec the sidecars mention.
    const names = options.specs.length > 0 ? options.specs : [...merged.tracker.specNames()].sort()
    if (options.specs.length === 0) {
      this.note(
        `[OpenAPI Coverage] NOTE: --specs not given; reporting the spec(s) the sidecars mention: ${terminalText(names.join(', ')) || '(none)'}. Pass --specs to include specs no test reached.`,
      )
    }
    const specsFrom =
      this.specs === undefined ? `specs (${options.given.sources.specs ?? configFile?.source})` : '--specs'
    const specs: LoadedSpec[] = []
    for (const [index, name] of names.entries()) {
      progress.update(index + 1, names.length, `loading ${name}`)
      try {
        specs.push(await loadSpec(name, { basePath }))
      } catch (error) {
        progress.done()
        if (!isContractToolError(error)) throw error
        this.note(
          `${FATAL} spec '${terminalText(name)}' configured in ${terminalText(specsFrom)} is not loadable: ${terminalText(error.message)}\n  Action: restore or regenerate the spec under ${terminalText(basePath)}, or remove '${terminalText(name)}' from ${terminalText(specsFrom)}.`,
        )
        return 1
      }
    }
    progress.done()

    let { exitCode } = finishRun(
      {
        specs,
        observations: {
          coverage: merged.tracker,
          strictRequired: strictRequiredTracker,
          additional: additionalTracker,
          mockCoverage: merged.mockTracker,
        },
        options: { ...options, sidecarDir: undefined },
        names: this.settingNames('coverage:merge'),
        merged: { sidecarsWithoutSdkExercise: merged.sidecarsWithoutSdkExercise },
      },
      {
        out: (text) => this.write(text),
        err: (line) => this.note(line),
        env,
        color: wantsColor(this.context.stdout, env),
        toolVersion: toolVersion(),
      },
    )

    if (this.cleanup) {
      const { failed } = removeSidecars(sidecarDir, files)
      for (const file of failed) {
        this.note(
          `${FATAL} failed to delete sidecar/marker after merge: ${terminalText(file)}; the next merge would count it again.`,
        )
        exitCode = 1
      }
    }
    return exitCode
  }

  /** The sidecar directory's merge lock, held from reading the sidecars until the command ends. */
  private lock: SidecarLock | undefined

  override async execute(): Promise<number> {
    try {
      return await super.execute()
    } finally {
      this.lock?.release()
    }
  }

  /** The option flags as given, by option name (the harness resolves them). */
  private flags(): Partial<Record<keyof typeof FLAG_NAMES, string | boolean | undefined>> {
    return {
      specBasePath: this.specBasePath,
      specs: this.specs,
      sidecarDir: this.sidecarDir,
      stripPrefixes: this.stripPrefixes,
      ...this.reportFlags(),
    }
  }
}
