import type { CustomFormats } from '@contracttool/validator'
/** Console report modes (`consoleOutput` in the `@contracttool/vitest` README). */
export type ConsoleOutputMode = 'default' | 'all' | 'uncovered_only' | 'active_only'

/** Run-level strict-required gate (`strictRequired` in the `@contracttool/vitest` README). */
export type StrictRequiredMode = 'off' | 'warn' | 'fail'

/** Per-call strict-required check: warn-only by design. */
export type StrictRequiredPerCallMode = 'off' | 'warn'

/** Run-level report of response properties the schema does not declare. */
export type StrictAdditionalPropertiesMode = 'off' | 'warn' | 'fail'

/** Per-call report of undeclared response properties: warn-only by design. */
export type StrictAdditionalPropertiesPerCallMode = 'off' | 'warn'

/**
 * Options of a contract-testing run, the same for every runner (`contractTesting()` of
 * `@contracttool/vitest`, `createContractRun()`). Every key may also come from
 * `contracttool.config.{ts,js,mjs,json}` at the project root; options passed to the runner win, key by key.
 */
export interface ContractRunOptions {
  /** Directory the specs are loaded from, relative to the project root. */
  readonly specBasePath?: string
  /** Names of the specs to track (file names without extension under `specBasePath`). */
  readonly specs?: readonly string[]
  /** Spec used when neither `{ spec }` nor `openApiSpec()` names one. Default: the only entry of `specs`, if one. */
  readonly defaultSpec?: string
  /**
   * Checkers of schema `format`s the validator does not know (`timestamp`, `repo.nwo`): name → a RegExp a
   * string must match, or a function `(value: string) => boolean`. Without one, an unknown format passes
   * unchecked (`contracttool doctor` lists them). Or the path of a module (from the project root) whose default
   * export (or `formats` export) is such an object: each runner loads it where the checks run, so functions
   * work in Vitest's and Jest's workers too (options reach those as JSON, where only RegExps can go).
   */
  readonly formats?: CustomFormats | string
  /** Literal path prefixes removed from request paths before matching (first match wins, at most one). */
  readonly stripPrefixes?: readonly string[]
  /** Status patterns (anchored regular expressions) whose responses are skipped. Default `['5\\d\\d']`. */
  readonly skipResponseCodes?: readonly (string | number)[]
  /** Documented statuses that downgrade request violations to a skip. Default `['400', '422']`. */
  readonly skipRequestValidationResponseCodes?: readonly (string | number)[]
  /** Most violations listed per failure (default 20, 0 = all). */
  readonly maxErrors?: number
  /** Also validate the request whenever a response is checked. Per-call `{ validateRequest }` wins. */
  readonly validateRequest?: boolean
  /** Console report mode; `CONTRACTTOOL_CONSOLE_OUTPUT` wins. */
  readonly consoleOutput?: ConsoleOutputMode
  /** Coverage JSON (`schema_version: 3`) written at the end of a full run. */
  readonly jsonOutput?: string
  /** Markdown coverage report written at the end of a full run. */
  readonly outputFile?: string
  /** JUnit XML coverage report written at the end of a full run. */
  readonly junitOutput?: string
  /** Self-contained HTML coverage report written at the end of a full run. */
  readonly htmlOutput?: string
  /** Where the Markdown summary is appended; default `$GITHUB_STEP_SUMMARY`; `false` disables it. */
  readonly githubStepSummary?: string | false
  readonly minEndpointCoverage?: number
  readonly minResponseCoverage?: number
  readonly minSdkExerciseCoverage?: number
  /** A threshold miss fails the run (exit 1) instead of warning. */
  readonly minCoverageStrict?: boolean
  readonly strictRequired?: StrictRequiredMode
  readonly strictRequiredPerCall?: StrictRequiredPerCallMode
  /** Reports properties successful responses returned that their schema does not declare. */
  readonly strictAdditionalProperties?: StrictAdditionalPropertiesMode
  readonly strictAdditionalPropertiesPerCall?: StrictAdditionalPropertiesPerCallMode
  /**
   * Lifts the `--project` partial-run signal: `true` for any project selection, or the exact list of project
   * names whose selection counts as the full suite.
   */
  readonly treatProjectFilterAsFull?: boolean | readonly string[]
  /**
   * Write this run's observations as a sidecar envelope into this directory and render nothing; merge later
   * with `contracttool coverage:merge`. `CONTRACTTOOL_SIDECAR_DIR` sets it too. Sharded runs that set none
   * write to `.contracttool/sidecars` under the project root, where `coverage:merge` looks by default.
   */
  readonly sidecarDir?: string
}
