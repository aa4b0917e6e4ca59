import { terminalText } from '@contracttool/kernel/internal'
import { type LoadedSpec, loadSpec } from '@contracttool/spec-loader'
import { ContractRunError, HarnessErrorCode } from './errors.js'
import type { SpecCacheEntry } from './internal/spec-cache.js'
import { reuseSpecCache, specSourceFiles, writeSpecCache } from './main/spec-cache.js'
import type { ResolvedOptions } from './resolve-options.js'

/**
 * Loads one spec the options list, failing the run's start with a `FATAL` line naming the spec, the loader's
 * error and what to do (`CONTRACTTOOL_HARNESS_SPEC_LOAD_FAILED`).
 *
 * @example
 * const spec = await loadRunSpec('petstore', options)
 */
export async function loadRunSpec(
  name: string,
  options: Pick<ResolvedOptions, 'specBasePath'>,
): Promise<LoadedSpec> {
  try {
    return await loadSpec(name, { basePath: options.specBasePath })
  } catch (error) {
    throw new ContractRunError(
      HarnessErrorCode.SpecLoadFailed,
      `FATAL: [contracttool] spec '${terminalText(name)}' configured in specs is not loadable: ${terminalText((error as Error).message)}\n` +
        `  Action: fix or add the file under ${terminalText(options.specBasePath)}, or remove '${terminalText(name)}' from specs.`,
      { specName: name, cause: error },
    )
  }
}

/** The specs a run loaded, and where it left each for the test processes (`readSpecCache` reads them back). */
export interface PreloadedSpecs {
  readonly specs: Map<string, LoadedSpec>
  /** Spec name → its cache file; a spec missing here (not read from files, folder not writable) is loaded by each test process. */
  readonly specCache: Record<string, SpecCacheEntry>
  /** Every file the specs were read from (entry files and the local files they `$ref`), for a watcher. */
  readonly files: readonly string[]
}

/**
 * Loads every spec the options list (or takes it as an earlier run left it in `cacheDir`, when its files are
 * unchanged) and writes each into `cacheDir` for the test processes, which then read it instead of parsing
 * and bundling it again. Fails like `loadRunSpec()`.
 *
 * @example
 * const { specs, specCache } = await preloadRunSpecs(options, join(cacheRoot, 'contracttool'))
 */
export async function preloadRunSpecs(
  options: Pick<ResolvedOptions, 'specBasePath' | 'specs'>,
  cacheDir: string,
): Promise<PreloadedSpecs> {
  const specs = new Map<string, LoadedSpec>()
  const specCache: Record<string, SpecCacheEntry> = {}
  const files = new Set<string>()
  for (const name of options.specs) {
    const startedAt = Date.now()
    const reused = reuseSpecCache(cacheDir, options.specBasePath, name)
    const spec = reused?.spec ?? (await loadRunSpec(name, options))
    specs.set(name, spec)
    const entry = reused?.entry ?? writeSpecCache(cacheDir, options.specBasePath, spec, startedAt)
    if (entry !== undefined) specCache[name] = entry
    for (const file of specSourceFiles(options.specBasePath, spec)) files.add(file)
  }
  return { specs, specCache, files: [...files] }
}
