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

/** The spec each name was last read as, with the cache file it was read from. */
const specsRead = new Map<string, { readonly file: string; readonly spec: LoadedSpec }>()

// The test files of a worker share one LoadedSpec of each spec per run: what the validator compiled for it
// (kept on the spec) then serves every later test file of the worker instead of being compiled again. A new
// run hands over new cache files, which replace the specs of the previous one.
function readSpecCacheOnce(
  ...[entry, name]: Parameters<typeof harnessChecks.readSpecCache>
): LoadedSpec | undefined {
  const read = specsRead.get(name)
  if (read !== undefined && read.file === entry.file) return read.spec
  const spec = harnessChecks.readSpecCache(entry, name)
  if (spec !== undefined) specsRead.set(name, { file: entry.file, spec })
  return spec
}
