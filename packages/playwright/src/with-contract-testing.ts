import type { ContractRunOptions } from '@contracttool/harness'
import { describeArgument } from '@contracttool/kernel/internal'
import { ContractPlaywrightError, PlaywrightErrorCode } from './errors.js'
import { OPTIONS_FIXTURE } from './internal/state.js'

/** The reporter `withContractTesting()` adds, as Playwright resolves it from the config's folder. */
export const REPORTER = '@contracttool/playwright/reporter'

type ReporterEntry = readonly [string] | readonly [string, unknown]

/** The parts of a Playwright config (`playwright.config.*`) that `withContractTesting()` reads and extends. */
interface PlaywrightConfigLike {
  readonly reporter?: string | readonly ReporterEntry[] | undefined
  readonly use?: object | undefined
  readonly [key: string]: unknown
}

/** A config `withContractTesting()` returned: its reporters are a list, with the contract reporter last. */
type Extended<Config> = Omit<Config, 'reporter'> & { reporter: ReporterTuple[] }

type ReporterTuple = [string] | [string, unknown]

/**
 * Returns your Playwright config with contract testing added: the contracttool reporter (coverage report,
 * files and gates at the end of the run) after your own reporters (Playwright's default, `list` or `dot` on
 * CI, when you set none), and `options` in `use`, where the tests' fixtures read them.
 * `options` are those of every contracttool runner; `contracttool.config.*` beside the Playwright config
 * fills in the keys you leave out. They are validated when the run starts, with the same messages as every
 * runner.
 *
 * @example
 * // playwright.config.ts
 * import { defineConfig } from '@playwright/test'
 * import { withContractTesting } from '@contracttool/playwright'
 *
 * export default defineConfig(withContractTesting({ use: { baseURL: 'http://localhost:3000' } }, { specBasePath: 'openapi', specs: ['petstore'] }))
 */
export function withContractTesting<Config extends PlaywrightConfigLike>(
  config: Config,
  options: ContractRunOptions = {},
): Extended<Config> {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new ContractPlaywrightError(
      PlaywrightErrorCode.InvalidConfig,
      `withContractTesting() needs your Playwright config object as its first argument, got ${describeArgument(config)}. ` +
        'Write export default defineConfig(withContractTesting({ ... }, options)) in playwright.config.*.',
    )
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ContractPlaywrightError(
      PlaywrightErrorCode.InvalidConfig,
      `withContractTesting() options must be an object such as { specBasePath: 'openapi', specs: ['petstore'] }, got ${describeArgument(options)}.`,
    )
  }
  const reporters = userReporters(config.reporter)
  const at = reporters.findIndex(([name]) => name.includes(REPORTER))
  if (at !== -1) {
    throw new ContractPlaywrightError(
      PlaywrightErrorCode.InvalidConfig,
      `withContractTesting() adds its own reporter, and your Playwright config already has '${reporters[at]?.[0]}' at reporter[${at}]. ` +
        'Remove that entry (the config was wrapped twice, or the entry was added by hand); pass the options to withContractTesting() instead.',
    )
  }
  if (config.use !== undefined && (typeof config.use !== 'object' || config.use === null)) {
    throw new ContractPlaywrightError(
      PlaywrightErrorCode.InvalidConfig,
      `withContractTesting() needs use to be an object in your Playwright config, got ${describeArgument(config.use)}.`,
    )
  }
  return {
    ...config,
    reporter: [...reporters, [REPORTER, { options }]],
    use: { ...config.use, [OPTIONS_FIXTURE]: options },
  } as unknown as Extended<Config>
}

/** The user's reporters as a list; Playwright's own default when none is set. */
function userReporters(reporter: PlaywrightConfigLike['reporter']): ReporterTuple[] {
  if (reporter === undefined) return [[process.env.CI ? 'dot' : 'list']]
  if (typeof reporter === 'string') return [[reporter]]
  if (
    !Array.isArray(reporter) ||
    reporter.some((entry) => !Array.isArray(entry) || typeof entry[0] !== 'string')
  ) {
    throw new ContractPlaywrightError(
      PlaywrightErrorCode.InvalidConfig,
      `withContractTesting() reads reporter as a name or a list of [name, options?] entries, got ${describeArgument(reporter)}.`,
    )
  }
  return reporter.map((entry) => [...entry] as ReporterTuple)
}
