import { resolve } from 'node:path'
import {
  CoverageErrorCode,
  hasThresholds,
  lockSidecars,
  mergeSidecars,
  NO_COVERAGE_RECORDED,
  parseThresholds,
  readSidecars,
  removeSidecars,
  type SidecarEnvelope,
  type SidecarLock,
} from '@contracttool/coverage'
import { finishRun, type SettingNames } from '@contracttool/harness'
import { isContractToolError, type LoadedSpec, loadSpec } from '@contracttool/spec-loader'
import {
  parseStrictAdditionalPropertiesMode,
  parseStrictRequiredMode,
  StrictAdditionalPropertiesTracker,
  StrictRequiredTracker,
} from '@contracttool/strict-required'
import { Command, Option } from 'clipanion'
import { BaseCommand } from '../internal/base-command.js'
import { wantsColor } from '../internal/output.js'
import { createProgress } from '../internal/progress.js'
import { loadProjectConfig, type ProjectConfig } from '../internal/project-config.js'
import { toolVersion } from '../internal/tool-version.js'
import { splitList } from './doctor-command.js'

const FATAL = '[OpenAPI Coverage] FATAL:'
/** The flag of each setting `contracttool.config.*` can also hold, for messages. */
const FLAG_NAMES = {
  strictRequired: '--strict-required',
  strictAdditionalProperties: '--strict-additional-properties',
  minEndpointCoverage: '--min-endpoint-coverage',
  minResponseCoverage: '--min-response-coverage',
  minSdkExerciseCoverage: '--min-sdk-exercise-coverage',
  minCoverageStrict: '--min-coverage-strict',
  consoleOutput: '--console-output',
} as const
const SIDECAR_ENV = 'CONTRACTTOOL_SIDECAR_DIR'
/** Where workers write sidecars unless configured otherwise (`defaultSidecarDir` of @contracttool/coverage). */
const DEFAULT_SIDECAR_DIR = '.contracttool/sidecars'

/**
 * `contracttool coverage:merge`: reads and merges the sidecars of parallel workers or CI shards, then ends
 * the run with the harness's `finishRun()`, as a runner does (reports before gates, so a failing gate never
 * suppresses them), and deletes the merged sidecars.
 */
export class CoverageMergeCommand extends BaseCommand {
  static override paths = [['coverage:merge']]

  static override usage = Command.Usage({
    description: 'Merge worker or shard sidecars, write the coverage reports and evaluate the gates.',
    details: `
      Reads every \`part-*.json\` sidecar in \`--sidecar-dir\` (default \`$${SIDECAR_ENV}\`, else \`${DEFAULT_SIDECAR_DIR}\`), merges them, prints the console report, writes the requested reports (JSON schema_version 3, JUnit, Markdown, HTML, GitHub step summary), then evaluates the coverage thresholds and the strict_required and strict_additional_properties gates, and finally deletes the merged sidecars (exactly those it read: one that arrived meanwhile is kept). The directory is locked for the merge (\`.contracttool-merge.lock\`): a second merge on it is FATAL.

      Failure markers left by a worker, an invalid sidecar, a spec that no longer loads, or \`--expect-sidecars\` not matching the number found are FATAL (exit 1; sidecars are kept). Without sidecars the merge warns and exits 0, or fails when a strict threshold is configured.

      Every flag left out is taken from the same key of \`contracttool.config.*\` in the working directory, the file the Vitest plugin reads (\`specBasePath\`, \`specs\`, \`sidecarDir\`, the outputs, the thresholds and the strict modes).

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
  jsonOutput = Option.String('--json-output', {
    description: 'Write the coverage JSON (schema_version 3) here',
  })
  junitOutput = Option.String('--junit-output', { description: 'Write the JUnit XML report here' })
  markdownOutput = Option.String('--markdown-output', { description: 'Write the Markdown report here' })
  htmlOutput = Option.String('--html-output', { description: 'Write the HTML report here' })
  githubStepSummary = Option.String('--github-step-summary', {
    description: 'Append the Markdown report to this file (default $GITHUB_STEP_SUMMARY)',
  })
  consoleOutput = Option.String('--console-output', {
    description: 'default, all, uncovered_only or active_only',
  })
  minEndpointCoverage = Option.String('--min-endpoint-coverage', {
    description: 'Percent of endpoints fully covered',
  })
  minResponseCoverage = Option.String('--min-response-coverage', {
    description: 'Percent of responses validated',
  })
  minSdkExerciseCoverage = Option.String('--min-sdk-exercise-coverage', {
    description: 'Percent of SDK response schemas exercised',
  })
  minCoverageStrict = Option.String('--min-coverage-strict', {
    tolerateBoolean: true,
    description: 'A threshold miss exits 1 (otherwise it warns)',
  })
  strictRequired = Option.String('--strict-required', { description: 'off (default), warn or fail' })
  strictAdditionalProperties = Option.String('--strict-additional-properties', {
    description: 'off (default), warn or fail',
  })
  expectSidecars = Option.String('--expect-sidecars', {
    description: 'Number of sidecars that must be present',
  })
  cleanup = Option.Boolean('--cleanup', true, {
    description: 'Delete the merged sidecars (--no-cleanup keeps them)',
  })

  protected async run(): Promise<number> {
    const { env, cwd } = this.context
    // A flag wins over the same key of contracttool.config.*, which the test run reads too.
    const config = await loadProjectConfig(cwd)
    this.config = config
    this.applyConfig(config)
    // Usage first: nothing is read before every flag is known to be valid.
    if (this.specBasePath === undefined || this.specBasePath.trim() === '') {
      this.note(`${FATAL} --spec-base-path is required (or specBasePath in contracttool.config.*)`)
      return 2
    }
    const sidecarValue = nonBlank(this.sidecarDir) ?? nonBlank(env[SIDECAR_ENV]) ?? DEFAULT_SIDECAR_DIR
    let strictRequiredMode: ReturnType<typeof parseStrictRequiredMode>
    let additionalMode: ReturnType<typeof parseStrictAdditionalPropertiesMode>
    try {
      strictRequiredMode = parseStrictRequiredMode(this.strictRequired, this.nameOf('strictRequired'))
      additionalMode = parseStrictAdditionalPropertiesMode(
        this.strictAdditionalProperties,
        this.nameOf('strictAdditionalProperties'),
      )
    } catch (error) {
      if (!isContractToolError(error)) throw error
      this.note(error.message)
      return 2
    }
    const raw = {
      minEndpointCoverage: this.fromFile(
        'minEndpointCoverage',
        this.minEndpointCoverage,
        config?.percent('minEndpointCoverage'),
      ),
      minResponseCoverage: this.fromFile(
        'minResponseCoverage',
        this.minResponseCoverage,
        config?.percent('minResponseCoverage'),
      ),
      minSdkExerciseCoverage: this.fromFile(
        'minSdkExerciseCoverage',
        this.minSdkExerciseCoverage,
        config?.percent('minSdkExerciseCoverage'),
      ),
      minCoverageStrict: this.fromFile('minCoverageStrict', this.minCoverageStrict, config?.strict()),
    }
    const parsed = parseThresholds(raw, {
      names: {
        minEndpointCoverage: this.nameOf('minEndpointCoverage'),
        minResponseCoverage: this.nameOf('minResponseCoverage'),
        minSdkExerciseCoverage: this.nameOf('minSdkExerciseCoverage'),
        minCoverageStrict: this.nameOf('minCoverageStrict'),
      },
    })
    for (const line of parsed.warnings) this.note(line)
    if (parsed.fatal) return 2
    let expected: number | undefined
    if (this.expectSidecars !== undefined) {
      expected = Number(this.expectSidecars)
      if (!/^\d+$/.test(this.expectSidecars.trim()) || !Number.isSafeInteger(expected)) {
        this.note(`${FATAL} --expect-sidecars must be a non-negative integer, got '${this.expectSidecars}'.`)
        return 2
      }
    }
    for (const [flag, path] of this.outputFlags()) {
      if (path !== undefined && path.trim() === '') {
        this.note(`${FATAL} ${flag} is empty; pass a file path or leave the flag out.`)
        return 2
      }
    }
    const basePath = resolve(cwd, this.specBasePath)
    const sidecarDir = resolve(cwd, sidecarValue)

    // Sidecars: failure markers and invalid payloads are FATAL and leave the directory as it is.
    let envelopes: readonly SidecarEnvelope[]
    let files: readonly string[]
    try {
      this.lock = lockSidecars(sidecarDir)
      ;({ envelopes, files } = readSidecars(sidecarDir))
    } catch (error) {
      if (!isContractToolError(error)) throw error
      this.note(
        error.code === CoverageErrorCode.SidecarWorkerFailed || error.code === CoverageErrorCode.SidecarLocked
          ? `${FATAL} ${error.message}`
          : `${FATAL} invalid sidecar payload: ${error.message}`,
      )
      return 1
    }
    if (expected !== undefined && envelopes.length !== expected) {
      this.note(
        `${FATAL} expected ${expected} sidecar(s) in ${sidecarDir} but found ${envelopes.length}; a worker or shard is missing or extra. Sidecars were kept.`,
      )
      return 1
    }
    if (envelopes.length === 0) {
      if (parsed.thresholds.strict && hasThresholds(parsed.thresholds)) {
        this.note(`${FATAL} no sidecars found in ${sidecarDir}; ${NO_COVERAGE_RECORDED}`)
        return 1
      }
      this.note(`[OpenAPI Coverage] WARNING: no sidecars found in ${sidecarDir}; nothing to merge.`)
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
      this.note(`${FATAL} invalid sidecar payload: ${error.message}`)
      return 1
    }
    const strictRequiredTracker = new StrictRequiredTracker()
    const additionalTracker = new StrictAdditionalPropertiesTracker()
    try {
      for (const state of merged.strictRequiredStates) strictRequiredTracker.mergeState(state)
      for (const state of merged.strictAdditionalPropertiesStates) additionalTracker.mergeState(state)
    } catch (error) {
      progress.done()
      if (!isContractToolError(error)) throw error
      this.note(`${FATAL} invalid sidecar payload: ${error.message}`)
      return 1
    }

    // Specs: named ones, or every spec the sidecars mention.
    const names = this.specs === undefined ? [...merged.tracker.specNames()].sort() : splitList([this.specs])
    if (this.specs === undefined) {
      this.note(
        `[OpenAPI Coverage] NOTE: --specs not given; reporting the spec(s) the sidecars mention: ${names.join(', ') || '(none)'}. Pass --specs to include specs no test reached.`,
      )
    }
    const specsFrom = this.fromConfig.get('specs') ?? '--specs'
    const specs: LoadedSpec[] = []
    for (const [index, name] of names.entries()) {
      progress.update(index + 1, names.length, `loading ${name}`)
      try {
        specs.push(await loadSpec(name, { basePath }))
      } catch (error) {
        progress.done()
        if (!isContractToolError(error)) throw error
        this.note(
          `${FATAL} spec '${name}' configured in ${specsFrom} is not loadable: ${error.message}\n  Action: restore or regenerate the spec under ${basePath}, or remove '${name}' from ${specsFrom}.`,
        )
        return 1
      }
    }
    progress.done()

    const stepSummary = this.githubStepSummary ?? env.GITHUB_STEP_SUMMARY
    const output = (path: string | undefined) => (path === undefined ? undefined : resolve(cwd, path))
    let { exitCode } = finishRun(
      {
        specs,
        observations: {
          coverage: merged.tracker,
          strictRequired: strictRequiredTracker,
          additional: additionalTracker,
        },
        options: {
          root: cwd,
          consoleOutput: this.consoleOutput,
          jsonOutput: output(this.jsonOutput),
          outputFile: output(this.markdownOutput),
          junitOutput: output(this.junitOutput),
          htmlOutput: output(this.htmlOutput),
          // An empty --github-step-summary (or `githubStepSummary: false`) writes no summary.
          githubStepSummary:
            stepSummary === undefined || stepSummary.trim() === '' ? false : resolve(cwd, stepSummary),
          thresholds: parsed.thresholds,
          strictRequired: strictRequiredMode,
          strictAdditionalProperties: additionalMode,
          sidecarDir: undefined,
        },
        names: this.settingNames(),
        merged: { sidecarsWithoutSdkExercise: merged.sidecarsWithoutSdkExercise },
      },
      {
        out: (text) => this.context.stdout.write(text),
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
          `${FATAL} failed to delete sidecar/marker after merge: ${file}; the next merge would count it again.`,
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

  /** The report flags, for the empty-path check. */
  private outputFlags(): [string, string | undefined][] {
    return [
      ['--json-output', this.jsonOutput],
      ['--junit-output', this.junitOutput],
      ['--markdown-output', this.markdownOutput],
      ['--html-output', this.htmlOutput],
    ]
  }

  /** How the end of the run names settings: the flags, or the config keys they came from. */
  private settingNames(): SettingNames {
    return {
      consoleOutput: this.nameOf('consoleOutput'),
      strictRequiredOff: '`--strict-required=off`',
      strictRequiredFail: '--strict-required=fail',
      strictAdditionalPropertiesOff: '`--strict-additional-properties=off`',
      strictRequiredConfiguration: '--strict-required=warn|fail|off on contracttool coverage:merge',
    }
  }

  /** Keys of the config file whose value stands in for a flag not given, by key; for messages. */
  private readonly fromConfig = new Map<string, string>()
  private config: ProjectConfig | undefined

  /** Fills every flag left out from the same key of the config file (thresholds are read in `run`). */
  private applyConfig(config: ProjectConfig | undefined): void {
    if (config === undefined) return
    this.specBasePath = this.fromFile('specBasePath', this.specBasePath, config.string('specBasePath'))
    this.specs = this.fromFile('specs', this.specs, config.list('specs')?.join(','))
    this.sidecarDir = this.fromFile('sidecarDir', this.sidecarDir, config.string('sidecarDir'))
    this.jsonOutput = this.fromFile('jsonOutput', this.jsonOutput, config.string('jsonOutput'))
    this.junitOutput = this.fromFile('junitOutput', this.junitOutput, config.string('junitOutput'))
    this.markdownOutput = this.fromFile('outputFile', this.markdownOutput, config.string('outputFile'))
    this.htmlOutput = this.fromFile('htmlOutput', this.htmlOutput, config.string('htmlOutput'))
    this.consoleOutput = this.fromFile('consoleOutput', this.consoleOutput, config.string('consoleOutput'))
    this.strictRequired = this.fromFile(
      'strictRequired',
      this.strictRequired,
      config.string('strictRequired'),
    )
    this.strictAdditionalProperties = this.fromFile(
      'strictAdditionalProperties',
      this.strictAdditionalProperties,
      config.string('strictAdditionalProperties'),
    )
    const summary = config.stepSummary()
    // `githubStepSummary: false` turns the summary off, even where $GITHUB_STEP_SUMMARY is set.
    this.githubStepSummary = this.fromFile(
      'githubStepSummary',
      this.githubStepSummary,
      summary === false ? '' : summary,
    )
  }

  /** The flag's value, else the file's (remembered, for messages, as coming from the file). */
  private fromFile<F, V>(key: string, flag: F | undefined, value: V | undefined): F | V | undefined {
    if (flag !== undefined || value === undefined) return flag
    this.fromConfig.set(key, this.config?.label(key) ?? key)
    return value
  }

  /** How messages name a setting: the config key it came from, else its flag. */
  private nameOf(key: keyof typeof FLAG_NAMES): string {
    return this.fromConfig.get(key) ?? FLAG_NAMES[key]
  }
}

function nonBlank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}
