import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type LoadedSpec, loadSpec } from '@contracttool/spec-loader'
import type { Plugin } from 'vitest/config'
import type { Reporter, Vitest } from 'vitest/node'
import type { ContractTestingOptions } from './contract-testing-options.js'
import { ContractTestingError, VitestErrorCode } from './errors.js'
import { loadConfigFile } from './internal/load-config-file.js'
import { type ResolvedOptions, resolveOptions } from './internal/resolve-options.js'
import { type SpecCacheEntry, writeSpecCache } from './internal/spec-cache.js'
import { PROVIDE_KEY, toWorkerConfig } from './internal/worker-config.js'
import { ContractReporter, REPORTER_BRAND } from './reporter/contract-reporter.js'

/**
 * The Vitest plugin: registers the matchers in every test file, preloads the specs once, carries each
 * file's observations to the main process and, at the end of the run, prints the coverage report,
 * writes the configured reports and evaluates the gates. Options can also live in
 * `contracttool.config.{ts,js,mjs,json}` at the project root (plugin options win).
 *
 * @example
 * // vitest.config.ts
 * import { defineConfig } from 'vitest/config'
 * import { contractTesting } from '@contracttool/vitest'
 *
 * export default defineConfig({
 *   plugins: [contractTesting({ specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore' })],
 * })
 */
export function contractTesting(options: ContractTestingOptions = {}): Plugin {
  return {
    name: '@contracttool/vitest',
    config() {
      const setupFile = setupFilePath()
      if (setupFile.endsWith('.ts')) return { test: { setupFiles: [setupFile] } }
      // Built, the setup file calls into one self-contained module that every test file loads: have Node
      // import it natively even when the package is linked from a workspace (outside node_modules, Vitest
      // would transform and evaluate its ~700 kB in every test file process).
      // Vitest matches module ids with forward slashes on every platform.
      const worker = join(dirname(setupFile), 'set-up-test-file.js').replaceAll('\\', '/')
      return {
        test: {
          setupFiles: [setupFile],
          server: { deps: { external: [new RegExp(`^${escapeRegExp(worker)}$`)] } },
        },
      }
    },
    async configureVitest({ vitest, project }) {
      try {
        const fileOptions = await loadConfigFile(project.config.root, (path) => vitest.import(path))
        const resolved = resolveOptions(options, fileOptions, project.config.root, process.env)
        const specs = await preloadSpecs(resolved)
        const specCache = cacheSpecs(join(project.vite.config.cacheDir, 'contracttool'), resolved, specs)
        project.provide(
          PROVIDE_KEY,
          toWorkerConfig(resolved, { specCache, sharded: vitest.config.shard !== undefined }),
        )
        reporterOf(vitest).addProject(project.name, resolved, specs)
      } catch (error) {
        stopRun(error)
      }
    },
  }
}

/** The setup file that sits next to this module: `src/setup.ts` from sources, `dist/setup.js` once built. */
function setupFilePath(): string {
  const here = fileURLToPath(import.meta.url)
  return join(dirname(here), here.endsWith('.ts') ? 'setup.ts' : 'setup.js')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

async function preloadSpecs(options: ResolvedOptions): Promise<Map<string, LoadedSpec>> {
  const specs = new Map<string, LoadedSpec>()
  for (const name of options.specs) {
    try {
      specs.set(name, await loadSpec(name, { basePath: options.specBasePath }))
    } catch (error) {
      throw new ContractTestingError(
        VitestErrorCode.SpecLoadFailed,
        `FATAL: [contracttool] spec '${name}' configured in specs is not loadable: ${(error as Error).message}\n` +
          `  Action: fix or add the file under ${options.specBasePath}, or remove '${name}' from specs.`,
        { specName: name, cause: error },
      )
    }
  }
  return specs
}

/** Hands the preloaded specs to the workers; a spec that cannot be cached is loaded by each worker instead. */
function cacheSpecs(
  dir: string,
  options: ResolvedOptions,
  specs: ReadonlyMap<string, LoadedSpec>,
): Record<string, SpecCacheEntry> {
  const entries: Record<string, SpecCacheEntry> = {}
  for (const [name, spec] of specs) {
    const entry = writeSpecCache(dir, options.specBasePath, spec)
    if (entry !== undefined) entries[name] = entry
  }
  return entries
}

/** One reporter per Vitest instance, shared by every project that uses the plugin. */
function reporterOf(vitest: Vitest): ContractReporter {
  const reporters = vitest.config.reporters as unknown[]
  const existing = reporters.find(
    (entry): entry is ContractReporter =>
      typeof entry === 'object' && entry !== null && REPORTER_BRAND in entry,
  )
  if (existing !== undefined) return existing
  const reporter = new ContractReporter()
  reporters.push(reporter satisfies Reporter)
  return reporter
}

/**
 * Prints the `FATAL` line on stderr before the run starts, then throws so Vitest stops without running a
 * test (the CLI exits 1).
 */
function stopRun(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`${message.split('\n').map(toFatalLine).join('\n')}\n`)
  throw error
}

/** Libraries prefix their diagnostics with a tag (`[OpenAPI Strict Required] FATAL: …`); the run's stop line leads with FATAL. */
function toFatalLine(line: string, index: number): string {
  if (line.startsWith('FATAL') || line.startsWith(' ')) return line
  const tagged = /^(\[[^\]]+\]) FATAL: (.*)$/.exec(line)
  if (tagged !== null) return `FATAL: ${tagged[1]} ${tagged[2]}`
  return index === 0 ? `FATAL: [contracttool] ${line}` : line
}
