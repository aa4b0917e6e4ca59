import { resolve } from 'node:path'
import { parseCoverageJson } from '@contracttool/coverage'
import type { CoverageJsonDocument } from '@contracttool/coverage/internal'
import { ContractToolError } from '@contracttool/kernel'
import { readRegularFileSync } from '@contracttool/spec-loader'
import { CliErrorCode } from '../cli-error-code.js'

/**
 * Reads the coverage JSON named by `--coverage` (or, as `source` says, by the config file). Every message
 * names the input as the user gave it: a missing or unreadable file, a directory or anything else that is not
 * a regular file (a FIFO, `/dev/zero`), a file over 256 MiB, invalid or truncated JSON, or another
 * `schema_version` (`Unsupported coverage schema_version in <path>: expected 3.`).
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
  const read = readRegularFileSync(absolute)
  if (!read.ok) {
    throw new ContractToolError(
      CliErrorCode.UnreadableInput,
      read.code === 'ENOENT'
        ? `${source.label}: no such file (${absolute}).${source.missing}`
        : `${source.label} cannot be read (${read.reason}); expected a coverage JSON file.`,
      { cause: read.cause },
    )
  }
  const text = read.text
  return parseCoverageJson(text, given)
}
