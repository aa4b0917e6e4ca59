import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseThresholds } from '@contracttool/coverage'
import type { Thresholds } from '@contracttool/coverage/internal'
import {
  DEFAULT_SKIP_REQUEST_CODES,
  DEFAULT_SKIP_RESPONSE_CODES,
  isContractToolError,
} from '@contracttool/kernel'
import { describeArgument, didYouMean } from '@contracttool/kernel/internal'
import {
  parseStrictAdditionalPropertiesMode,
  parseStrictAdditionalPropertiesPerCallMode,
  parseStrictRequiredMode,
  parseStrictRequiredPerCallMode,
} from '@contracttool/strict-required'
import type { CustomFormats } from '@contracttool/validator'
import type {
  ContractRunOptions,
  StrictAdditionalPropertiesMode,
  StrictAdditionalPropertiesPerCallMode,
  StrictRequiredMode,
  StrictRequiredPerCallMode,
} from './contract-run-options.js'
import { ContractRunError, HarnessErrorCode, invalidOption } from './errors.js'
import { checkFormats, importFormatsModule } from './formats-option.js'

/** Options after validation and merging: what a run works with. */
export interface ResolvedOptions {
  readonly root: string
  /** Absolute. */
  readonly specBasePath: string
  readonly specs: readonly string[]
  readonly defaultSpec: string | null
  /** Checkers of formats the validator does not know, by name (`useFormats()`). */
  readonly formats: CustomFormats
  /** Absolute path of the module holding more checkers (`formats: './formats.ts'`), loaded where checks run. */
  readonly formatsModule: string | undefined
  readonly stripPrefixes: readonly string[]
  readonly skipResponseCodes: readonly string[]
  readonly skipRequestValidationResponseCodes: readonly string[]
  readonly maxErrors: number | undefined
  readonly validateRequest: boolean
  /** As given (validated later by the console renderer, which owns the fallback warning). */
  readonly consoleOutput: string | undefined
  /** Absolute paths. */
  readonly jsonOutput: string | undefined
  readonly outputFile: string | undefined
  readonly junitOutput: string | undefined
  readonly htmlOutput: string | undefined
  readonly githubStepSummary: string | false | undefined
  readonly thresholds: Thresholds
  /** `[OpenAPI Coverage] WARNING: …` lines about thresholds that were skipped (out of range). */
  readonly warnings: readonly string[]
  readonly strictRequired: StrictRequiredMode
  readonly strictRequiredPerCall: StrictRequiredPerCallMode
  readonly strictAdditionalProperties: StrictAdditionalPropertiesMode
  readonly strictAdditionalPropertiesPerCall: StrictAdditionalPropertiesPerCallMode
  readonly treatProjectFilterAsFull: boolean | readonly string[]
  readonly sidecarDir: string | undefined
  /**
   * The options as given (paths as written), with where each came from: what a shard leaves in its sidecar
   * so `contracttool coverage:merge` resolves the same options.
   */
  readonly given: GivenOptions
}

/** Options as given, by key, and the source of each (`withContractTesting()`, `contracttool.config.json`). */
export interface GivenOptions {
  readonly values: Readonly<Record<string, unknown>>
  readonly sources: Readonly<Record<string, string>>
}

/** A layer of options under the caller's: a config file, or options combined from several places. */
export interface FileOptions {
  /** Where the values came from, in messages. */
  readonly source: string
  readonly values: unknown
  /** Where each key came from, when the values were combined from several places; default `source`. */
  readonly sources?: Readonly<Record<string, string>>
}

/** How a caller names the options it was given, where its syntax differs (a CLI's flags), and what it needs. */
export interface ResolveSettings {
  /** `{ strictRequired: '--strict-required' }`: messages about a value the caller gave name it so. */
  readonly names?: Readonly<Partial<Record<keyof ContractRunOptions, string>>>
  /** `specs` may be left out (a merge reports the specs its sidecars mention). Default `true`. */
  readonly specsRequired?: boolean
}

const KNOWN_KEYS: readonly (keyof ContractRunOptions)[] = [
  'specBasePath',
  'specs',
  'defaultSpec',
  'formats',
  'stripPrefixes',
  'skipResponseCodes',
  'skipRequestValidationResponseCodes',
  'maxErrors',
  'validateRequest',
  'consoleOutput',
  'jsonOutput',
  'outputFile',
  'junitOutput',
  'htmlOutput',
  'githubStepSummary',
  'minEndpointCoverage',
  'minResponseCoverage',
  'minSdkExerciseCoverage',
  'minCoverageStrict',
  'strictRequired',
  'strictRequiredPerCall',
  'strictAdditionalProperties',
  'strictAdditionalPropertiesPerCall',
  'treatProjectFilterAsFull',
  'sidecarDir',
]

/**
 * Validates the options a runner was given (`caller` names where: `contractTesting()`,
 * `createContractRun()`) and the config file, merges them key by key (the caller's win) and resolves paths
 * against the project root. Every problem is a `FATAL` line naming the option and where it was set, thrown
 * as a `ContractRunError` (`CONTRACTTOOL_HARNESS_INVALID_OPTION`).
 *
 * @example
 * const file = await loadConfigFile(process.cwd())
 * const options = resolveOptions({ specs: ['petstore'] }, file, process.cwd(), process.env, 'createContractRun()')
 */
export function resolveOptions(
  callerOptions: unknown,
  fileOptions: FileOptions | undefined,
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  caller: string,
  settings: ResolveSettings = {},
): ResolvedOptions {
  const options = resolveAll(callerOptions, fileOptions, root, env, caller, settings, true)
  // `resolveAll` has thrown when it is absent.
  return { ...options, specBasePath: options.specBasePath as string }
}

/**
 * `resolveOptions` for a caller that may learn `specBasePath` later (`contracttool coverage:merge` reads it
 * from the sidecars of the shards): the same checks and messages, `specBasePath` may be absent.
 *
 * @example
 * const first = resolveOptionsWithoutBasePath(flags, file, cwd, process.env, 'contracttool coverage:merge')
 */
export function resolveOptionsWithoutBasePath(
  callerOptions: unknown,
  fileOptions: FileOptions | undefined,
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  caller: string,
  settings: ResolveSettings = {},
): ConfiguredOptions {
  return resolveAll(callerOptions, fileOptions, root, env, caller, settings, false)
}

/** A config file's options as a command that falls back on them reads them: `specBasePath` may be absent. */
export type ConfiguredOptions = Omit<ResolvedOptions, 'specBasePath'> & {
  /** Absolute; `undefined` when the file names none. */
  readonly specBasePath: string | undefined
}

/**
 * The options of `contracttool.config.*` alone, for a command that falls back on them when a flag is not
 * given (`contracttool doctor`, `stubs`, `coverage:gate`): every key checked as `resolveOptions` checks it,
 * with the same messages, but `specBasePath` and `specs` may be left out (a command given `--spec` needs
 * neither). Throws a `ContractRunError` (`CONTRACTTOOL_HARNESS_INVALID_OPTION`).
 *
 * @example
 * const file = await loadConfigFile(process.cwd())
 * const jsonOutput = file && resolveConfigFile(file, process.cwd(), process.env, 'contracttool doctor').jsonOutput
 */
export function resolveConfigFile(
  file: { readonly source: string; readonly values: unknown },
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  caller: string,
): ConfiguredOptions {
  return resolveAll(undefined, file, root, env, caller, { specsRequired: false }, false)
}

// Reads every option in turn: the rules that span options (a required `specBasePath`, `defaultSpec` among
// `specs`) are steps of their own below.
function resolveAll(
  callerOptions: unknown,
  fileOptions: FileOptions | undefined,
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  caller: string,
  settings: ResolveSettings,
  basePathRequired: boolean,
): ConfiguredOptions {
  const fromFile = fileOptions === undefined ? {} : checkShape(fileOptions.values, fileOptions.source)
  const fromCaller = checkShape(callerOptions ?? {}, caller)
  const sources = new Map<string, string>()
  for (const key of Object.keys(fromFile))
    sources.set(key, fileOptions?.sources?.[key] ?? fileOptions?.source ?? caller)
  for (const key of Object.keys(fromCaller)) sources.set(key, caller)
  const merged: Record<string, unknown> = { ...fromFile, ...fromCaller }
  const read = new OptionReader(merged, sources, caller, settings.names ?? {})

  const specBasePath = readSpecBasePath(read, caller, basePathRequired)
  const specs = readSpecs(read, settings.specsRequired ?? true)
  const defaultSpec = readDefaultSpec(read, specs)
  const { formats, formatsModule } = read.formatsOption(root)
  const stripPrefixes = readStripPrefixes(read)
  const maxErrors = readMaxErrors(read)
  const sidecarDir = read.string('sidecarDir') ?? nonBlank(env.CONTRACTTOOL_SIDECAR_DIR)
  const { thresholds, warnings } = readThresholds(read)
  return {
    root,
    specBasePath: specBasePath === undefined ? undefined : resolve(root, specBasePath),
    specs,
    defaultSpec,
    formats,
    formatsModule,
    stripPrefixes,
    skipResponseCodes: read.statusPatterns('skipResponseCodes') ?? DEFAULT_SKIP_RESPONSE_CODES,
    skipRequestValidationResponseCodes:
      read.statusPatterns('skipRequestValidationResponseCodes') ?? DEFAULT_SKIP_REQUEST_CODES,
    maxErrors,
    validateRequest: read.boolean('validateRequest') ?? false,
    consoleOutput: read.string('consoleOutput'),
    jsonOutput: read.path('jsonOutput', root),
    outputFile: read.path('outputFile', root),
    junitOutput: read.path('junitOutput', root),
    htmlOutput: read.path('htmlOutput', root),
    githubStepSummary: read.stepSummary(root),
    thresholds,
    warnings,
    strictRequired: read.mode('strictRequired', parseStrictRequiredMode),
    strictRequiredPerCall: read.mode('strictRequiredPerCall', parseStrictRequiredPerCallMode),
    strictAdditionalProperties: read.mode('strictAdditionalProperties', parseStrictAdditionalPropertiesMode),
    strictAdditionalPropertiesPerCall: read.mode(
      'strictAdditionalPropertiesPerCall',
      parseStrictAdditionalPropertiesPerCallMode,
    ),
    treatProjectFilterAsFull: read.projectFilterAsFull(),
    sidecarDir:
      sidecarDir === undefined ? undefined : isAbsolute(sidecarDir) ? sidecarDir : resolve(root, sidecarDir),
    given: { values: merged, sources: Object.fromEntries(sources) },
  }
}

function readSpecBasePath(read: OptionReader, caller: string, required: boolean): string | undefined {
  const specBasePath = read.string('specBasePath')
  if (specBasePath !== undefined || !required) return specBasePath
  const example = caller.endsWith('()')
    ? `, for example ${caller.slice(0, -2)}({ specBasePath: 'openapi', specs: ['petstore'] })`
    : ''
  throw invalidOption(
    read.label('specBasePath'),
    caller,
    `is required: the directory holding your OpenAPI files${example}.`,
  )
}

function readSpecs(read: OptionReader, required: boolean): string[] {
  const specs = read.stringList('specs', 'an array of spec names') ?? []
  if (specs.length > 0 || !required) return specs
  throw invalidOption(
    read.label('specs'),
    read.source('specs'),
    "must name at least one spec (file name without extension under specBasePath), for example specs: ['petstore'].",
  )
}

// One spec needs no defaultSpec: it is the spec every check uses.
function readDefaultSpec(read: OptionReader, specs: readonly string[]): string | null {
  const defaultSpec = read.string('defaultSpec') ?? (specs.length === 1 ? (specs[0] ?? null) : null)
  if (defaultSpec === null || specs.includes(defaultSpec)) return defaultSpec
  throw invalidOption(
    read.label('defaultSpec'),
    read.source('defaultSpec'),
    `'${defaultSpec}' is not one of specs (${specs.join(', ')}).${didYouMean(defaultSpec, specs, "'")}`,
  )
}

function readStripPrefixes(read: OptionReader): string[] {
  const stripPrefixes = read.stringList('stripPrefixes', 'an array of path prefixes') ?? []
  const bad = stripPrefixes.findIndex((prefix) => !prefix.startsWith('/'))
  if (bad === -1) return stripPrefixes
  throw invalidOption(
    read.label('stripPrefixes'),
    read.source('stripPrefixes'),
    `[${bad}] '${stripPrefixes[bad]}' must start with '/'.`,
  )
}

function readMaxErrors(read: OptionReader): number | undefined {
  const maxErrors = read.number('maxErrors')
  if (maxErrors === undefined || (Number.isInteger(maxErrors) && maxErrors >= 0)) return maxErrors
  throw invalidOption(
    read.label('maxErrors'),
    read.source('maxErrors'),
    `must be 0 (unlimited) or a positive integer, got ${maxErrors}.`,
  )
}

function readThresholds(read: OptionReader): Pick<ConfiguredOptions, 'thresholds' | 'warnings'> {
  const parsed = parseThresholds(
    {
      minEndpointCoverage: read.number('minEndpointCoverage'),
      minResponseCoverage: read.number('minResponseCoverage'),
      minSdkExerciseCoverage: read.number('minSdkExerciseCoverage'),
      minCoverageStrict: read.boolean('minCoverageStrict'),
    },
    {
      names: {
        minEndpointCoverage: read.named('minEndpointCoverage'),
        minResponseCoverage: read.named('minResponseCoverage'),
        minSdkExerciseCoverage: read.named('minSdkExerciseCoverage'),
        minCoverageStrict: read.named('minCoverageStrict'),
      },
    },
  )
  if (parsed.fatal) throw new ContractRunError(HarnessErrorCode.InvalidOption, parsed.warnings.join('\n'))
  return { thresholds: parsed.thresholds, warnings: parsed.warnings }
}

function checkShape(values: unknown, source: string): Record<string, unknown> {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new ContractRunError(
      HarnessErrorCode.InvalidOption,
      `FATAL: [contracttool] ${source} must be an object of options, got ${describeArgument(values)}.`,
    )
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    if (!(KNOWN_KEYS as readonly string[]).includes(key)) {
      throw new ContractRunError(
        HarnessErrorCode.InvalidOption,
        `FATAL: [contracttool] unknown option '${key}' in ${source}.${didYouMean(key, KNOWN_KEYS, "'")} Known options: ${KNOWN_KEYS.join(', ')}.`,
      )
    }
    if (value !== undefined) out[key] = value
  }
  return out
}

/**
 * Options with the checkers of their `formats` module added, imported in this process (`import()`): for a
 * run or command whose checks run where its options were read. A module that does not load or export
 * formats rejects with a `FATAL` `ContractRunError` naming it.
 *
 * @example
 * const options = await withFormatsModule(resolveOptions(given, await loadConfigFile(root), root, env, caller))
 */
export async function withFormatsModule<T extends Pick<ResolvedOptions, 'formats' | 'formatsModule'>>(
  resolved: T,
): Promise<T> {
  const file = resolved.formatsModule
  if (file === undefined) return resolved
  const formats = await importFormatsModule(file, (path) => import(pathToFileURL(path).href))
  return { ...resolved, formats: { ...resolved.formats, ...formats }, formatsModule: undefined }
}

function nonBlank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

class OptionReader {
  private readonly values: Record<string, unknown>
  private readonly sources: ReadonlyMap<string, string>
  private readonly caller: string
  private readonly names: Readonly<Partial<Record<string, string>>>

  constructor(
    values: Record<string, unknown>,
    sources: ReadonlyMap<string, string>,
    caller: string,
    names: Readonly<Partial<Record<string, string>>>,
  ) {
    this.values = values
    this.sources = sources
    this.caller = caller
    this.names = names
  }

  /** The option and where it was set, for messages that name only the option (`minEndpointCoverage (contracttool.config.json)`). */
  named(key: string): string {
    return this.source(key) === this.caller ? this.label(key) : `${key} (${this.source(key)})`
  }

  /** The option as its source spells it: the caller's name for it (a flag), or the config-file key. */
  label(key: string): string {
    return this.source(key) === this.caller ? (this.names[key] ?? key) : key
  }

  source(key: string): string {
    return this.sources.get(key) ?? this.caller
  }

  private wrongType(key: string, expected: string): ContractRunError {
    return invalidOption(
      this.label(key),
      this.source(key),
      `must be ${expected}, got ${describeArgument(this.values[key])}.`,
    )
  }

  string(key: string): string | undefined {
    const value = this.values[key]
    if (value === undefined) return undefined
    if (typeof value !== 'string' || value.trim() === '') throw this.wrongType(key, 'a non-empty string')
    return value
  }

  number(key: string): number | undefined {
    const value = this.values[key]
    if (value === undefined) return undefined
    if (typeof value !== 'number' || Number.isNaN(value)) throw this.wrongType(key, 'a number')
    return value
  }

  boolean(key: string): boolean | undefined {
    const value = this.values[key]
    if (value === undefined) return undefined
    if (typeof value !== 'boolean') throw this.wrongType(key, 'true or false')
    return value
  }

  stringList(key: string, what: string): string[] | undefined {
    const value = this.values[key]
    if (value === undefined) return undefined
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.trim() === '')) {
      throw this.wrongType(key, `${what} (non-empty strings)`)
    }
    return value.map((item: string) => item.trim())
  }

  path(key: string, root: string): string | undefined {
    const value = this.string(key)
    return value === undefined ? undefined : resolve(root, value)
  }

  stepSummary(root: string): string | false | undefined {
    const value = this.values.githubStepSummary
    if (value === false) return false
    return this.path('githubStepSummary', root)
  }

  statusPatterns(key: string): string[] | undefined {
    const value = this.values[key]
    if (value === undefined) return undefined
    if (!Array.isArray(value)) throw this.wrongType(key, 'an array of statuses or status patterns')
    return value.map((item: unknown, i: number) => {
      if (typeof item === 'number' && Number.isInteger(item) && item >= 100 && item <= 599)
        return String(item)
      if (typeof item !== 'string' || item.trim() === '') {
        throw invalidOption(
          this.label(key),
          this.source(key),
          `[${i}] must be a status (100-599) or a non-empty pattern, got ${describeArgument(item)}.`,
        )
      }
      try {
        new RegExp(`^(?:${item})$`)
      } catch (error) {
        throw invalidOption(
          this.label(key),
          this.source(key),
          `[${i}] is not a valid regular expression "${item}": ${(error as Error).message}.`,
        )
      }
      return item
    })
  }

  /** Modes are parsed by the library that owns them, so every runner and the CLI accept exactly the same values. */
  mode<T>(key: string, parse: (raw: unknown, source: string) => T): T {
    try {
      return parse(this.values[key], this.label(key))
    } catch (error) {
      if (!isContractToolError(error)) throw error
      // One shape for every caller: `FATAL: [<library tag>] …`, as the other option messages lead with FATAL.
      const message = error.message.replace(/^(\[[^\]]+\]) FATAL: /, 'FATAL: $1 ')
      throw new ContractRunError(HarnessErrorCode.InvalidOption, `${message} (${this.source(key)})`, {
        cause: error,
      })
    }
  }

  formatsOption(root: string): { formats: CustomFormats; formatsModule: string | undefined } {
    const value = this.values.formats
    if (typeof value !== 'string')
      return {
        formats: checkFormats(value, this.label('formats'), this.source('formats')),
        formatsModule: undefined,
      }
    const file = resolve(root, value)
    if (!existsSync(file)) {
      throw invalidOption(
        this.label('formats'),
        this.source('formats'),
        `names the module '${value}', and there is no file ${file}: give the path of a module (from the project root) whose default export maps format names to a RegExp or a function.`,
      )
    }
    return { formats: {}, formatsModule: file }
  }

  projectFilterAsFull(): boolean | readonly string[] {
    const value = this.values.treatProjectFilterAsFull
    if (value === undefined) return false
    if (typeof value === 'boolean') return value
    return this.stringList('treatProjectFilterAsFull', 'true, false or an array of project names') ?? false
  }
}

/** What each option holds, for reading it from a command line. */
const NUMBER_KEYS = new Set([
  'maxErrors',
  'minEndpointCoverage',
  'minResponseCoverage',
  'minSdkExerciseCoverage',
])
const BOOLEAN_KEYS = new Set(['validateRequest', 'minCoverageStrict'])
const LIST_KEYS = new Set([
  'specs',
  'stripPrefixes',
  'skipResponseCodes',
  'skipRequestValidationResponseCodes',
])

/**
 * Options given as command-line text (`--min-response-coverage=80`), typed for `resolveOptions`: numbers,
 * `true`/`false`, comma-separated lists; an empty `githubStepSummary` turns the summary off. A value that does
 * not read as its type is passed on as written, so `resolveOptions` rejects it with the wording every runner
 * gets. Flags not given are left out.
 *
 * @example
 * commandLineOptions({ specs: 'petstore,orders', minCoverageStrict: true }) // { specs: ['petstore', 'orders'], minCoverageStrict: true }
 */
export function commandLineOptions(
  flags: Readonly<Partial<Record<keyof ContractRunOptions, string | boolean | undefined>>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(flags)) {
    if (value === undefined) continue
    if (typeof value === 'boolean') out[key] = value
    else if (NUMBER_KEYS.has(key)) out[key] = /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value
    else if (BOOLEAN_KEYS.has(key)) out[key] = value === 'true' ? true : value === 'false' ? false : value
    else if (LIST_KEYS.has(key))
      out[key] = value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
    else if (key === 'githubStepSummary' && value.trim() === '') out[key] = false
    else out[key] = value
  }
  return out
}
