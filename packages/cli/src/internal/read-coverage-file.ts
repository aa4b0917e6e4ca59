import { readFileSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { type CoverageJsonDocument, parseCoverageJson } from '@contracttool/coverage'
import { ContractToolError } from '@contracttool/spec-loader'
import { CliErrorCode } from '../cli-error-code.js'

/**
 * Reads the coverage JSON named by `--coverage` (or, as `source` says, by the config file). Every message
 * names the input as the user gave it: a missing or unreadable file, a directory, invalid or truncated JSON,
 * or another `schema_version` (`Unsupported coverage schema_version in <path>: expected 3.`).
 */
export function readCoverageFile(
  given: string,
  cwd: string,
  source: { readonly label: string; readonly missing: string } = {
    label: `--coverage=${given}`,
    missing: '',
  },
): CoverageJsonDocument {
  const absolute = resolve(cwd, given)
  let text: string
  try {
    if (statSync(absolute).isDirectory()) {
      throw new ContractToolError(
        CliErrorCode.UnreadableInput,
        `${source.label} is a directory; expected a coverage JSON file.`,
      )
    }
    text = readFileSync(absolute, 'utf8')
  } catch (error) {
    if (error instanceof ContractToolError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new ContractToolError(
      CliErrorCode.UnreadableInput,
      code === 'ENOENT'
        ? `${source.label}: no such file (${absolute}).${source.missing}`
        : `${source.label} cannot be read (${code ?? (error as Error).message}).`,
      { cause: error },
    )
  }
  return parseCoverageJson(text, given)
}
