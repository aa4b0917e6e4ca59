import { join } from 'node:path'
import {
  type ContractRunOptions,
  formatsAsData,
  loadConfigFile,
  preloadRunSpecs,
  resolveOptions,
} from '@contracttool/harness'
import {
  type ResolvedOptions,
  recorderSettings,
  type SpecCacheEntry,
  type WorkerBundleEntry,
} from '@contracttool/harness/internal'
import { prepareWorkerBundle } from '@contracttool/harness/main'
import { terminalLines, VITEST_REPORTER_BRAND } from '@contracttool/kernel/internal'
import type { Reporter, TestProject, Vitest } from 'vitest/node'
import { ContractReporter } from '../reporter/contract-reporter.js'
import { worker } from './worker.js'
import { PROVIDE_KEY, type WorkerConfig } from './worker-config.js'

/**
 * The main-process half of `contractTesting()`, run when Vitest configures a project: reads the options,
 * preloads the specs and leaves them (and the worker bundle's caches) for the workers, and registers the
 * project with the end-of-run reporter.
 */
export async function setUpProject(
  options: ContractRunOptions,
  vitest: Vitest,
  project: TestProject,
): Promise<void> {
  try {
    const fileOptions = await loadConfigFile(project.config.root, (path) => vitest.import(path))
    const resolved = resolveOptions(
      options,
      fileOptions,
      project.config.root,
      process.env,
      'contractTesting()',
    )
    const cacheDir = join(project.vite.config.cacheDir, 'contracttool')
    const bundle = worker.file === undefined ? undefined : prepareWorkerBundle(worker.file, cacheDir)
    const sharded = vitest.config.shard !== undefined
    // Loads the specs and hands them to the workers; again at a watch-mode rerun after a spec file changed.
    const load = async () => {
      const { specs, specCache, files } = await preloadRunSpecs(resolved, cacheDir)
      project.provide(PROVIDE_KEY, toWorkerConfig(resolved, { specCache, workerCode: bundle, sharded }))
      if (vitest.config.watch) watchSpecFiles(vitest, files)
      return { specs, files }
    }
    reporterOf(vitest).addProject({ name: project.name, options: resolved, ...(await load()), reload: load })
  } catch (error) {
    stopRun(error)
  }
}

/** What the worker configuration needs besides the options. */
interface WorkerRun {
  readonly specCache: Readonly<Record<string, SpecCacheEntry>>
  readonly workerCode: WorkerBundleEntry | undefined
  /** `--shard` is set: the run ends with a sidecar. */
  readonly sharded: boolean
}

/** The worker configuration of a project: what its test files read through `inject`. */
function toWorkerConfig(options: ResolvedOptions, run: WorkerRun): WorkerConfig {
  return {
    ...recorderSettings(options, run.sharded || options.sidecarDir !== undefined),
    version: 1,
    specBasePath: options.specBasePath,
    specs: options.specs,
    defaultSpec: options.defaultSpec,
    stripPrefixes: options.stripPrefixes,
    skipResponseCodes: options.skipResponseCodes,
    skipRequestValidationResponseCodes: options.skipRequestValidationResponseCodes,
    maxErrors: options.maxErrors ?? null,
    validateRequest: options.validateRequest,
    formats: formatsAsData(options.formats, 'Vitest'),
    formatsModule: options.formatsModule ?? null,
    specCache: run.specCache,
    workerCode: run.workerCode ?? null,
  }
}

/**
 * Has Vitest watch the spec files and rerun every test when one changes: a spec is no module of the test
 * files, so the module graph alone would rerun nothing. Vitest matches a changed path against
 * `forceRerunTriggers` as a glob, hence the escaped characters.
 *
 * @see https://vitest.dev/config/forcereruntriggers
 */
function watchSpecFiles(vitest: Vitest, files: readonly string[]): void {
  const triggers = vitest.config.forceRerunTriggers
  const fresh = files.filter((file) => !triggers.includes(globOf(file)))
  if (fresh.length === 0) return
  triggers.push(...fresh.map(globOf))
  vitest.vite.watcher.add(fresh)
}

function globOf(file: string): string {
  return file.replaceAll('\\', '/').replace(/[*?[\]{}()!+@]/g, '\\$&')
}

/** One reporter per Vitest instance, shared by every project that uses the plugin. */
function reporterOf(vitest: Vitest): ContractReporter {
  const reporters = vitest.config.reporters as unknown[]
  const existing = reporters.find(
    (entry): entry is ContractReporter =>
      typeof entry === 'object' && entry !== null && VITEST_REPORTER_BRAND in entry,
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
  process.stderr.write(terminalLines(`${message.split('\n').map(toFatalLine).join('\n')}\n`))
  throw error
}

/** Libraries prefix their diagnostics with a tag (`[OpenAPI Strict Required] FATAL: …`); the run's stop line leads with FATAL. */
function toFatalLine(line: string, index: number): string {
  if (line.startsWith('FATAL') || line.startsWith(' ')) return line
  const tagged = /^(\[[^\]]+\]) FATAL: (.*)$/.exec(line)
  if (tagged !== null) return `FATAL: ${tagged[1]} ${tagged[2]}`
  return index === 0 ? `FATAL: [contracttool] ${line}` : line
}
