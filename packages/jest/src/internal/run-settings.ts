import {
  bindingError,
  type RecorderSettings,
  type ResolvedOptions,
  type SpecCacheEntry,
} from '@contracttool/harness/internal'
import { JEST_WORDS } from './jest-words.js'

/**
 * The environment variable through which the reporter (Jest's main process) hands the run's settings to the
 * test files: Jest's worker processes inherit the main process's environment, and a run in band shares it.
 */
export const RUN_SETTINGS_ENV = 'CONTRACTTOOL_RUN_SETTINGS'

/** What every test file of a run needs from the reporter that started it. */
export interface RunSettings {
  /** The handover directory of the run (`createHandoverDir()` of `@contracttool/harness`). */
  readonly handoverDir: string
  /** The options the reporter resolved, with `contracttool.config.*`. */
  readonly options: ResolvedOptions
  readonly recorder: RecorderSettings
  /** Spec name → the copy the reporter left in the cache folder (`preloadRunSpecs()`); a spec missing here is loaded by each test file. */
  readonly specCache: Readonly<Record<string, SpecCacheEntry>>
  /** Where test files keep the schema code Ajv generated, for the next test files and, in a kept cache folder, the next runs (`useSchemaCodeFolder()`). */
  readonly schemaCodeDir: string
}

/** Hands the settings to the test files the run starts from now on. */
export function publishRunSettings(settings: RunSettings, env: NodeJS.ProcessEnv = process.env): void {
  env[RUN_SETTINGS_ENV] = JSON.stringify(settings)
}

/** Stops handing settings over once the run ended. */
export function withdrawRunSettings(env: NodeJS.ProcessEnv = process.env): void {
  delete env[RUN_SETTINGS_ENV]
}

/** The settings of the run this test file belongs to; a file run without the reporter is refused. */
export function readRunSettings(env: NodeJS.ProcessEnv = process.env): RunSettings {
  const text = env[RUN_SETTINGS_ENV]
  if (text === undefined || text === '') {
    throw bindingError(JEST_WORDS, {
      kind: 'setup-unregistered',
      what: '@contracttool/jest/setup (listed by hand instead of through withContractTesting())',
    })
  }
  return JSON.parse(text) as RunSettings
}
