import { ContractToolError, readConfigFile } from '@contracttool/spec-loader'
import { CliErrorCode } from '../cli-error-code.js'

/**
 * The keys of `contracttool.config.*` (the Vitest plugin's options) the commands fall back on when a flag is not
 * given. The plugin checks every key; the CLI checks the types of those it reads and leaves the others alone.
 */
const STRING_KEYS = [
  'specBasePath',
  'defaultSpec',
  'sidecarDir',
  'jsonOutput',
  'junitOutput',
  'outputFile',
  'htmlOutput',
  'consoleOutput',
  'strictRequired',
  'strictAdditionalProperties',
] as const
const LIST_KEYS = ['specs', 'stripPrefixes'] as const
const PERCENT_KEYS = ['minEndpointCoverage', 'minResponseCoverage', 'minSdkExerciseCoverage'] as const

type StringKey = (typeof STRING_KEYS)[number]
type ListKey = (typeof LIST_KEYS)[number]
type PercentKey = (typeof PERCENT_KEYS)[number]

/** Checked values of the project's config file, each with the words that name it in messages. */
export interface ProjectConfig {
  /** `contracttool.config.json`, … */
  readonly source: string
  string(key: StringKey): string | undefined
  list(key: ListKey): readonly string[] | undefined
  percent(key: PercentKey): number | undefined
  /** `minCoverageStrict`. */
  strict(): boolean | undefined
  /** `githubStepSummary`: a path, or `false` to write no summary. */
  stepSummary(): string | false | undefined
  /** `specBasePath (contracttool.config.json)`. */
  label(key: string): string
}

/**
 * Reads `contracttool.config.*` from `cwd` (the project root), if there is one. A file that cannot be read, or
 * a key the commands use holding the wrong type, throws a `ContractToolError` naming the file and the key,
 * which a command reports with exit code 2.
 */
export async function loadProjectConfig(cwd: string): Promise<ProjectConfig | undefined> {
  const file = await readConfigFile(cwd)
  if (file === undefined) return undefined
  const { source, values } = file
  const label = (key: string) => `${key} (${source})`
  const wrong = (key: string, expected: string) =>
    new ContractToolError(
      CliErrorCode.ConfigValueInvalid,
      `${label(key)} must be ${expected}, got ${JSON.stringify(values[key]) ?? String(values[key])}. Fix it there, or pass the flag instead.`,
      { file: source },
    )
  const strings = new Map<string, string>()
  for (const key of STRING_KEYS) {
    const value = values[key]
    if (value === undefined) continue
    if (typeof value !== 'string' || value.trim() === '') throw wrong(key, 'a non-empty string')
    strings.set(key, value)
  }
  const lists = new Map<string, readonly string[]>()
  for (const key of LIST_KEYS) {
    const value = values[key]
    if (value === undefined) continue
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.trim() !== '')) {
      throw wrong(key, 'an array of non-empty strings')
    }
    lists.set(key, value as string[])
  }
  const percents = new Map<string, number>()
  for (const key of PERCENT_KEYS) {
    const value = values[key]
    if (value === undefined) continue
    // The range is the threshold parser's to judge, with the seed's warning; the type is ours.
    if (typeof value !== 'number') throw wrong(key, 'a number from 0 to 100')
    percents.set(key, value)
  }
  const strict = values.minCoverageStrict
  if (strict !== undefined && typeof strict !== 'boolean') throw wrong('minCoverageStrict', 'true or false')
  const summary = values.githubStepSummary
  if (summary !== undefined && summary !== false && (typeof summary !== 'string' || summary.trim() === '')) {
    throw wrong('githubStepSummary', 'a file path or false')
  }
  return {
    source,
    string: (key) => strings.get(key),
    list: (key) => lists.get(key),
    percent: (key) => percents.get(key),
    strict: () => strict as boolean | undefined,
    stepSummary: () => summary as string | false | undefined,
    label,
  }
}
