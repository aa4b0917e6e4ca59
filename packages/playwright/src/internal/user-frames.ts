import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isContractToolError } from '@contracttool/kernel'

/** The folders of the code that throws contracttool's errors here: this package's and the harness's. */
function ownFolders(): string[] {
  const folders = [dirname(fileURLToPath(import.meta.url))]
  try {
    folders.push(dirname(createRequire(import.meta.url).resolve('@contracttool/harness')))
  } catch {
    // Without the harness resolved, its frames stay.
  }
  return folders
}

/**
 * A contracttool error with the frames of contracttool's own code taken off its stack: Playwright shows the
 * code around the top frame, which is then the test's line rather than a line deep inside the checks.
 * Other errors pass through untouched.
 */
export function withUserFrames(error: unknown): unknown {
  if (!isContractToolError(error) || typeof error.stack !== 'string') return error
  const folders = ownFolders()
  const frames = error.stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && !folders.some((folder) => line.includes(folder)))
  error.stack = [`${error.name}: ${error.message}`, ...frames].join('\n')
  return error
}
