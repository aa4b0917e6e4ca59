import type { ContractRunOptions } from '@contracttool/harness'
import { describeArgument } from '@contracttool/kernel/internal'
import { ContractJestError, JestErrorCode } from './errors.js'

/** The setup file and the reporter `withContractTesting()` adds, as Jest resolves them from the project root. */
export const SETUP_FILE = '@contracttool/jest/setup'
export const REPORTER = '@contracttool/jest/reporter'
/** The test environment `withContractTesting()` sets in place of Jest's `node` environment. */
export const ENVIRONMENT = '@contracttool/jest/environment'

/** The `testEnvironment` values that mean Jest's `node` environment (unset: Jest's default). */
const NODE_ENVIRONMENTS: ReadonlySet<unknown> = new Set([undefined, 'node', 'jest-environment-node'])

type ReporterEntry = string | readonly [string, Record<string, unknown>]

/** A config `withContractTesting()` returned: the reporters are always set. */
type Extended<Config> = Config & { readonly reporters: readonly ReporterEntry[] }

/** The parts of a Jest config (`jest.config.*`) that `withContractTesting()` reads and extends. */
interface JestConfigLike {
  readonly reporters?: readonly ReporterEntry[] | undefined
  readonly setupFilesAfterEnv?: readonly string[] | undefined
  readonly testEnvironment?: string | undefined
  readonly projects?: readonly (string | JestConfigLike)[] | undefined
  readonly [key: string]: unknown
}

/**
 * Returns your Jest config with what contract testing needs added: a setup file (matchers, `openApiSpec()`,
 * recording) after your own `setupFilesAfterEnv`, in every inline project, and a reporter (coverage report,
 * files and gates at the end of the run) after your own `reporters` (Jest's `default` when you set none).
 * A project in Jest's `node` environment (`testEnvironment` unset, `'node'` or `'jest-environment-node'`) gets
 * `@contracttool/jest/environment`, the same environment with the checks loaded once per worker process;
 * any other environment is kept.
 * `options` are those of every contracttool runner; `contracttool.config.*` at the project root fills in the
 * keys you leave out. They are validated when the run starts, with the same messages as every runner.
 *
 * @example
 * // jest.config.js
 * const { withContractTesting } = require('@contracttool/jest')
 * module.exports = withContractTesting({ testEnvironment: 'node' }, { specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore' })
 */
export function withContractTesting<Config extends JestConfigLike>(
  config: Config,
  options: ContractRunOptions = {},
): Extended<Config> {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new ContractJestError(
      JestErrorCode.InvalidConfig,
      `withContractTesting() needs your Jest config object as its first argument, got ${describeArgument(config)}. ` +
        'For a config exported as a function, call withContractTesting() on the object it returns.',
    )
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ContractJestError(
      JestErrorCode.InvalidConfig,
      `withContractTesting() options must be an object such as { specBasePath: 'openapi', specs: ['petstore'] }, got ${describeArgument(options)}.`,
    )
  }
  const reporters = config.reporters ?? ['default']
  const reporterAt = reporters.findIndex((entry) => entryName(entry).includes(REPORTER))
  if (reporterAt !== -1)
    throw conflict('reporters', reporterAt, entryName(reporters[reporterAt] as ReporterEntry))
  const extended: JestConfigLike = {
    ...config,
    reporters: [...reporters, [REPORTER, { options }]],
  }
  if (config.projects === undefined) {
    return { ...extended, ...withProjectSetup(config, 'setupFilesAfterEnv') } as unknown as Extended<Config>
  }
  return {
    ...extended,
    projects: config.projects.map((project, i) => {
      if (typeof project === 'string') {
        throw new ContractJestError(
          JestErrorCode.InvalidConfig,
          `withContractTesting() cannot add its setup file to projects[${i}] ('${project}'), a path to another config. ` +
            'Write that project inline in this config, or add setupFilesAfterEnv: ' +
            `['${SETUP_FILE}'] to its own config.`,
        )
      }
      return { ...project, ...withProjectSetup(project, `projects[${i}].setupFilesAfterEnv`) }
    }),
  } as unknown as Extended<Config>
}

/** What a project needs: the setup file, and the environment that loads the checks once per worker. */
function withProjectSetup(
  config: JestConfigLike,
  where: string,
): { setupFilesAfterEnv: string[]; testEnvironment?: string } {
  const files = config.setupFilesAfterEnv ?? []
  const at = files.findIndex((file) => file.includes(SETUP_FILE))
  if (at !== -1) throw conflict(where, at, files[at] as string)
  return {
    setupFilesAfterEnv: [...files, SETUP_FILE],
    ...(NODE_ENVIRONMENTS.has(config.testEnvironment) ? { testEnvironment: ENVIRONMENT } : {}),
  }
}

function entryName(entry: ReporterEntry): string {
  return typeof entry === 'string' ? entry : String(entry[0])
}

function conflict(where: string, index: number, entry: string): ContractJestError {
  return new ContractJestError(
    JestErrorCode.ConflictingConfig,
    `withContractTesting() adds its own setup file and reporter, and your Jest config already has '${entry}' at ${where}[${index}]. ` +
      'Remove that entry (the config was wrapped twice, or the entry was added by hand); pass the options to withContractTesting() instead.',
  )
}
