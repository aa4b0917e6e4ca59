// Everything the setup file runs its checks with. Under `@contracttool/jest/environment` one copy of this is
// loaded per Jest worker process, outside the test files' module registries, and handed to each test file
// (`checks-slot.ts`); under any other environment each test file loads its own.
import * as harnessChecks from '@contracttool/harness/checks'
import { type LoadedSpec, loadSpecSync } from '@contracttool/spec-loader'

/**
 * The checks of `@contracttool/harness/checks` and the spec loader, with `readSpecCache()` reading each spec
 * once per copy of this module (once per worker under the environment).
 */
export type JestChecks = typeof harnessChecks & { readonly loadSpecSync: typeof loadSpecSync }

export const jestChecks: JestChecks = {
  ...harnessChecks,
  loadSpecSync,
  readSpecCache: readSpecCacheOnce,
}

/** The spec each name was last read as, with the cache entry (file and source stamps) it was read from. */
const specsRead = new Map<string, { readonly entry: string; readonly spec: LoadedSpec }>()

// The test files of a worker share one LoadedSpec of each spec per run: what the validator compiled for it
// (kept on the spec) then serves every later test file of the worker instead of being compiled again. A run
// that finds the spec's files changed hands over another entry (new source stamps), which replaces the spec.
function readSpecCacheOnce(
  ...[entry, name]: Parameters<typeof harnessChecks.readSpecCache>
): LoadedSpec | undefined {
  const key = JSON.stringify(entry)
  const read = specsRead.get(name)
  if (read !== undefined && read.entry === key) return read.spec
  const spec = harnessChecks.readSpecCache(entry, name)
  if (spec !== undefined) specsRead.set(name, { entry: key, spec })
  return spec
}
