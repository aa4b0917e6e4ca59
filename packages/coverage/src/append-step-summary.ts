import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { CoverageError, CoverageErrorCode } from './errors.js'

/**
 * Appends a Markdown report to the file named by `$GITHUB_STEP_SUMMARY` (followed by a blank line so
 * later blocks start cleanly). Does nothing when the variable is unset or the report is empty.
 * Returns the path written to, or undefined. Throws `CONTRACTTOOL_COVERAGE_WRITE_FAILED` naming the path.
 *
 * @example
 * appendStepSummary(renderMarkdown(result), process.env)
 */
export function appendStepSummary(
  markdown: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const path = env.GITHUB_STEP_SUMMARY?.trim()
  if (path === undefined || path === '' || markdown === '') return undefined
  try {
    mkdirSync(dirname(path), { recursive: true })
    appendFileSync(path, `${markdown}\n`)
  } catch (cause) {
    throw new CoverageError(
      CoverageErrorCode.WriteFailed,
      `Cannot append the coverage summary to GITHUB_STEP_SUMMARY (${path}): ${(cause as Error).message}`,
      { file: path, cause },
    )
  }
  return path
}
