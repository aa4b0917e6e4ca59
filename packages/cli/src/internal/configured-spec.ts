import { relative } from 'node:path'
import { ContractToolError, isContractToolError } from '@contracttool/kernel'
import { didYouMean } from '@contracttool/kernel/internal'
import { findSpecFile } from '@contracttool/spec-loader'
import { CliErrorCode } from '../cli-error-code.js'
import { loadProjectConfig, type ProjectConfig } from './project-config.js'

/** The spec file `contracttool.config.*` names for a command run without `--spec`. */
export interface ConfiguredSpec {
  /** The file the tests' loader reads for the name, relative to the working directory. */
  readonly path: string
  /** The name the tests and the coverage JSON know the spec by. */
  readonly name: string
  readonly config: ProjectConfig
}

/**
 * The spec a command works on when `--spec` is not given: from `contracttool.config.*` in `cwd`, the spec
 * `specName` names, else `defaultSpec`, else the only one in `specs`; its file is the one the tests' loader
 * picks under `specBasePath`. Throws a `ContractToolError` (exit 2) saying what is missing: no config file,
 * no `specBasePath`/`specs` in it, a name it does not list, several specs and no choice, or a spec file that
 * cannot be found.
 */
export async function configuredSpec(
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  specName: string | undefined,
): Promise<ConfiguredSpec> {
  const { config, names, findFile } = configuredSpecs(await loadProjectConfig(cwd, env), cwd)
  const listed = names.map((name) => `'${name}'`).join(', ')
  const name = specName ?? config.options.defaultSpec ?? (names.length === 1 ? names[0] : undefined)
  if (name === undefined) {
    throw new ContractToolError(
      CliErrorCode.Usage,
      `${config.label('specs')} names ${names.length} specs (${listed}) and no defaultSpec: pick one with --spec-name=<name>, or pass --spec=<path>.`,
    )
  }
  if (!names.includes(name)) {
    const given = specName === undefined ? config.label('defaultSpec') : '--spec-name'
    throw new ContractToolError(
      CliErrorCode.Usage,
      `${given} is '${name}', which ${config.label('specs')} does not list (${listed}).${didYouMean(name, names, "'")}`,
    )
  }
  return { path: findFile(name), name, config }
}

/**
 * The specs `config` names for a command run without `--spec`, and the file the tests' loader picks for each
 * under `specBasePath` (relative to `cwd`). Throws a `ContractToolError` when there is no config, when it
 * does not name both `specBasePath` and `specs` (a usage error), or when a spec file cannot be found (the
 * loader's error, prefixed with the config key).
 */
export function configuredSpecs(
  config: ProjectConfig | undefined,
  cwd: string,
): {
  readonly config: ProjectConfig
  readonly names: readonly string[]
  readonly findFile: (name: string) => string
} {
  const base = config?.options.specBasePath
  const names = config?.options.specs ?? []
  if (config === undefined || base === undefined || names.length === 0) {
    throw new ContractToolError(
      CliErrorCode.Usage,
      config === undefined
        ? '--spec=<path> is required (or a contracttool.config.* naming specBasePath and specs).'
        : `--spec=<path> is required: ${config.source} does not name both specBasePath and specs.`,
    )
  }
  const findFile = (name: string): string => {
    try {
      return relative(cwd, findSpecFile(name, { basePath: base }))
    } catch (error) {
      if (!isContractToolError(error)) throw error
      throw new ContractToolError(error.code, `${config.label('specs')}: ${error.message}`, { cause: error })
    }
  }
  return { config, names, findFile }
}

/** Where a command's spec comes from: the file `--spec` names, or the configured one. */
export interface SpecSource {
  /** What messages about the file name: `--spec`, or the config key it came from. */
  readonly flag: string
  readonly path: string
  readonly configured: ConfiguredSpec | undefined
}

/** The spec file `--spec` names (`given`), or without it the configured one (see `configuredSpec`). */
export async function specSource(
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  given: string | undefined,
  specName: string | undefined,
): Promise<SpecSource> {
  if (given !== undefined) return { flag: '--spec', path: given, configured: undefined }
  const configured = await configuredSpec(cwd, env, specName)
  return { flag: configured.config.label('specs'), path: configured.path, configured }
}
