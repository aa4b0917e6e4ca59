import type { RunEnvelope } from '@contracttool/harness'
import {
  ContractRecorder,
  createPerCallCheckers,
  formatsFromData,
  importFormatsModule,
  installRunContext,
  isCacheCurrent,
  type RunContext,
  readSpecCache,
  specCacheGone,
} from '@contracttool/harness/checks'
import { ContractRunError, HarnessErrorCode } from '@contracttool/harness/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { type CustomFormats, useFormats } from '@contracttool/validator'
import { findSpecBinding } from './find-spec-binding.js'
import type { WorkerConfig } from './worker-config.js'
import { ensureWorkerState, type RunnerHooks, type WorkerState, workerState } from './worker-state.js'

/**
 * The contract-testing state of one test file: the harness's run context (spec resolution, options,
 * recording, the runtime server-side adapters report into, the failures they raise outside the test's own
 * call stack) over this worker's specs. Created by the setup file for each test file.
 */
export class ContractRuntime {
  readonly config: WorkerConfig
  /** The checks' context, the test-end checks and the adapters' runtime, installed for this file. */
  readonly run: RunContext
  readonly #worker: WorkerState
  readonly #recorder: ContractRecorder
  /** Specs to load from their files: the main process's copy is missing or out of date. */
  readonly #fromFiles = new Set<string>()
  /** The checkers of the `formats` module, imported by `prepareSpecs()` when a spec is still to load. */
  #moduleFormats: CustomFormats = {}

  private constructor(config: WorkerConfig, worker: WorkerState) {
    this.config = config
    this.#worker = worker
    this.#recorder = new ContractRecorder(config, worker.perCall)
    this.run = installRunContext(config, (name) => this.#loadSpec(name), this.#recorder, {
      specsFrom: 'contractTesting()',
      noSpecBound:
        "No OpenAPI spec is bound to this check. Call openApiSpec('<name>') at file or describe scope, pass " +
        "{ spec: '<name>' } to the matcher, or set defaultSpec in contractTesting().",
      boundSpec: (task) => findSpecBinding(task ?? worker.hooks.currentTest()),
    })
  }

  /** Creates the runtime of the current test file and makes it the one `ContractRuntime.current()` returns. */
  static install(config: WorkerConfig, hooks: RunnerHooks): ContractRuntime {
    const worker = ensureWorkerState(() => ({
      specs: new Map(),
      loader: undefined,
      perCall: createPerCallCheckers(),
      hooks,
      current: undefined,
    }))
    worker.hooks = hooks
    const runtime = new ContractRuntime(config, worker)
    worker.current = runtime
    return runtime
  }

  /** The runtime of the test file being run, or undefined outside a `contractTesting()` run. */
  static current(): ContractRuntime | undefined {
    return workerState()?.current as ContractRuntime | undefined
  }

  /**
   * Gets ready to hand out every configured spec synchronously (matchers cannot await): a spec comes from
   * the main process's cache while the files it was read from are unchanged; for any other, the spec loader
   * is imported now.
   */
  async prepareSpecs(importModule: (file: string) => Promise<unknown>): Promise<void> {
    const toLoad = this.config.specs.filter((name) => !this.#worker.specs.has(this.#specKey(name)))
    for (const name of toLoad) {
      const entry = this.config.specCache[name]
      if (entry === undefined || !isCacheCurrent(entry)) this.#fromFiles.add(name)
    }
    if (this.#fromFiles.size > 0) this.#worker.loader ??= await importSpecLoader()
    // A spec is loaded once per worker and takes the formats then: the module is needed only for a new one.
    const formatsModule = this.config.formatsModule ?? null
    if (toLoad.length > 0 && formatsModule !== null) {
      this.#moduleFormats = await importFormatsModule(formatsModule, importModule)
    }
  }

  #loadSpec(name: string): LoadedSpec {
    const key = this.#specKey(name)
    const loaded = this.#worker.specs.get(key)
    if (loaded !== undefined) return loaded
    const entry = this.config.specCache[name]
    const cached = this.#fromFiles.has(name) || entry === undefined ? undefined : readSpecCache(entry, name)
    const spec = cached ?? this.#loadSpecFile(name, entry?.file)
    const formats = { ...formatsFromData(this.config.formats), ...this.#moduleFormats }
    if (Object.keys(formats).length > 0) useFormats(spec, formats)
    this.#worker.specs.set(key, spec)
    return spec
  }

  #loadSpecFile(name: string, cacheFile: string | undefined): LoadedSpec {
    const loader = this.#worker.loader
    if (loader === undefined) {
      if (cacheFile !== undefined) throw specCacheGone(name, cacheFile)
      throw new ContractRunError(
        HarnessErrorCode.SpecLoadFailed,
        `Spec '${name}' was asked for before ContractRuntime.prepareSpecs() made it available.`,
        { specName: name },
      )
    }
    return loader.loadSpecSync(name, { basePath: this.config.specBasePath })
  }

  #specKey(name: string): string {
    return `${this.config.specBasePath}\u0000${name}`
  }

  /** What this file observed (undefined when nothing was), and a fresh start for anything recorded later. */
  takeEnvelope(): RunEnvelope | undefined {
    return this.#recorder.takeEnvelope()
  }
}

// A variable, so that the bundler leaves the import to Node: the worker code (tsup.config.ts) does not carry
// the spec loader and its YAML parser, which only specs the main process could not hand over need.
const SPEC_LOADER = '@contracttool/spec-loader'

/** The spec loader, imported at run time: the installed package (built), its sources (this workspace's tests). */
function importSpecLoader(): Promise<typeof import('@contracttool/spec-loader')> {
  return import(/* @vite-ignore */ SPEC_LOADER) as Promise<typeof import('@contracttool/spec-loader')>
}
