import type { ContractRunOptions } from '@contracttool/harness'
import type { SettingNames } from '@contracttool/harness/internal'
import { Option } from 'clipanion'
import { BaseCommand } from './base-command.js'

/** The flag of each report and gate option, for the harness's messages. */
export const REPORT_FLAG_NAMES = {
  jsonOutput: '--json-output',
  junitOutput: '--junit-output',
  outputFile: '--markdown-output',
  htmlOutput: '--html-output',
  githubStepSummary: '--github-step-summary',
  consoleOutput: '--console-output',
  minEndpointCoverage: '--min-endpoint-coverage',
  minResponseCoverage: '--min-response-coverage',
  minSdkExerciseCoverage: '--min-sdk-exercise-coverage',
  minCoverageStrict: '--min-coverage-strict',
  strictRequired: '--strict-required',
  strictAdditionalProperties: '--strict-additional-properties',
} as const satisfies Partial<Record<keyof ContractRunOptions, string>>

/**
 * A command that ends a run as a runner does (`coverage:merge`, `traffic`): the flags of the coverage reports
 * and of the gates, handed to the harness as the options of the same names.
 */
export abstract class RunReportCommand extends BaseCommand {
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

  /** The report and gate flags as given, by option name (the harness resolves them). */
  protected reportFlags(): Partial<Record<keyof typeof REPORT_FLAG_NAMES, string | boolean | undefined>> {
    return {
      jsonOutput: this.jsonOutput,
      junitOutput: this.junitOutput,
      outputFile: this.markdownOutput,
      htmlOutput: this.htmlOutput,
      githubStepSummary: this.githubStepSummary,
      consoleOutput: this.consoleOutput,
      minEndpointCoverage: this.minEndpointCoverage,
      minResponseCoverage: this.minResponseCoverage,
      minSdkExerciseCoverage: this.minSdkExerciseCoverage,
      minCoverageStrict: this.minCoverageStrict,
      strictRequired: this.strictRequired,
      strictAdditionalProperties: this.strictAdditionalProperties,
    }
  }

  /** How the end of the run names settings: the flags, or the config keys they came from. */
  protected settingNames(command: string): SettingNames {
    return {
      consoleOutput: this.consoleOutput === undefined ? 'consoleOutput' : '--console-output',
      strictRequiredOff: '`--strict-required=off`',
      strictRequiredFail: '--strict-required=fail',
      strictAdditionalPropertiesOff: '`--strict-additional-properties=off`',
      strictRequiredConfiguration: `--strict-required=warn|fail|off on contracttool ${command}`,
    }
  }
}
