import { relative, resolve } from 'node:path'
import { ContractToolError, findSpecFile, isContractToolError } from '@contracttool/spec-loader'
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
export async function configuredSpec(cwd: string, specName: string | undefined): Promise<ConfiguredSpec> {
  const config = await loadProjectConfig(cwd)
  const basePath = config?.string('specBasePath')
  const names = config?.list('specs') ?? []
  if (config === undefined || basePath === undefined || names.length === 0) {
    throw new ContractToolError(
      CliErrorCode.Usage,
      config === undefined
        ? '--spec=<path> is required (or a contracttool.config.* naming specBasePath and specs).'
        : `--spec=<path> is required: ${config.source} does not name both specBasePath and specs.`,
    )
  }
  const listed = names.map((name) => `'${name}'`).join(', ')
  const defaultSpec = config.string('defaultSpec')
  const name = specName ?? defaultSpec ?? (names.length === 1 ? names[0] : undefined)
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
      `${given} is '${name}', which ${config.label('specs')} does not list (${listed}).`,
    )
  }
  try {
    const file = findSpecFile(name, { basePath: resolve(cwd, basePath) })
    return { path: relative(cwd, file), name, config }
  } catch (error) {
    if (!isContractToolError(error)) throw error
    throw new ContractToolError(error.code, `${config.label('specs')}: ${error.message}`, { cause: error })
  }
}
