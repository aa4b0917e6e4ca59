import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { ContractToolError } from '@contracttool/kernel'
import { type LoadedSpec, loadSpecFile } from '@contracttool/spec-loader'
import { CliErrorCode } from '../cli-error-code.js'
import { findShadowingSpec } from './find-shadowing-spec.js'

/**
 * Loads the spec file a flag names through the runtime loader, after refusing what the loader would
 * misread: a missing path, a directory, and `x.yaml` beside `x.json` (looked up by name, the loader
 * would pick the JSON file, so the command would not work on the spec the tests validate against).
 */
export async function loadSpecArgument(
  flag: string,
  given: string,
  cwd: string,
  name?: string,
): Promise<LoadedSpec> {
  const absolute = resolve(cwd, given)
  let isDirectory = false
  try {
    isDirectory = statSync(absolute).isDirectory()
  } catch {
    throw new ContractToolError(CliErrorCode.UnreadableInput, `${flag}=${given}: no such file (${absolute}).`)
  }
  if (isDirectory) {
    throw new ContractToolError(
      CliErrorCode.UnreadableInput,
      `${flag}=${given} is a directory; expected a .json, .yaml or .yml file.`,
    )
  }
  const shadow = findShadowingSpec(absolute)
  if (shadow !== undefined) {
    throw new ContractToolError(
      CliErrorCode.ShadowedSpec,
      `${flag}=${given} is shadowed by ${shadow}: the runtime loader looks specs up by name (.json before .yaml before .yml) and would read that file instead. Remove or rename one of them.`,
    )
  }
  return loadSpecFile(absolute, name === undefined ? {} : { name })
}
