import {
  type CheckContext,
  installRunRuntime,
  RUNTIME_SLOT,
  type RunRuntime,
} from '@contracttool/exchange/internal'
import type { RunEnvelope } from '@contracttool/harness'
import {
  ContractRecorder,
  createPerCallCheckers,
  formatsFromData,
  importFormatsModule,
  isCacheCurrent,
  type PerCallCheckers,
  readSpecCache,
  specCacheGone,
} from '@contracttool/harness/checks'
import { TestEndChecks } from '@contracttool/harness/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { type CustomFormats, useFormats, type ValidationResult } from '@contracttool/validator'
import type { RequestValidationOptions, ResponseValidationOptions } from '@contracttool/validator/internal'
import { ContractTestingError, VitestErrorCode } from '../errors.js'
import { findSpecBinding } from './find-spec-binding.js'
import type { WorkerConfig } from './worker-config.js'

// The runtime of the test file being run lives in a `Symbol.for` slot on `globalThis`, not a module
// variable: the setup file, the matchers and the server-side adapters may each hold a different copy of
// this package (source and dist, ESM and CJS), and they must all reach the same per-file state.
export { RUNTIME_SLOT }

/** Per-worker state that outlives one test file when files share a worker (`isolate: false`). */
const WORKER_SLOT = Symbol.for('contracttool.worker')

type SpecLoader = typeof import('@contracttool/spec-loader')

interface WorkerState {
  /** Specs by base path and name: a spec is loaded once per worker, not once per file. */
  readonly specs: Map<string, LoadedSpec>
  /** The spec loader, imported only for specs the main process could not hand over. */
  loader: SpecLoader | undefined
  /** Per-call NOTEs are printed once per process. */
  readonly perCall: PerCallCheckers
}

/**
 * How the runtime reaches Vitest's runner. Injected by the setup file so that this module, which the
 * package entry reaches, never imports `vitest` at run time: Vitest is ESM-only, and the CommonJS build of
 * the entry (assertion functions for other runners) must still load.
 */
export interface RunnerHooks {
  /** The test being run, or undefined outside a test. */
  currentTest(): object | undefined
  /** The file or `describe` being collected, or undefined when none is. */
  collectingTask(): { meta: object } | undefined
}

/**
 * The contract-testing state of one test file: spec access, the harness's recorder of what the file
 * observed, and failures raised outside the test's own call stack (server-side auto assertions). Created by
 * the setup file for each test file, emptied into the file's task meta when the file ends.
 */
export class ContractRuntime implements RunRuntime, CheckContext {
  readonly config: WorkerConfig
  readonly #hooks: RunnerHooks
  readonly #worker: WorkerState
  /** Specs to load from their files: the main process's copy is missing or out of date. */
  readonly #fromFiles = new Set<string>()
  readonly #recorder: ContractRecorder
  readonly #failures: Error[] = []
  /** Checks the setup file awaits when each test ends. */
  readonly testEnd: TestEndChecks = new TestEndChecks()
  /** `(test, spec, method, path)` of responses a server-side adapter already recorded during the running test. */
  readonly #autoRecorded = new Set<string>()
  /** The checkers of the `formats` module, imported by `prepareSpecs()` when a spec is still to load. */
  #moduleFormats: CustomFormats = {}

  private constructor(config: WorkerConfig, hooks: RunnerHooks, worker: WorkerState) {
    this.config = config
    this.#hooks = hooks
    this.#worker = worker
    this.#recorder = new ContractRecorder(config, worker.perCall)
  }

  /** Creates the runtime of the current test file and makes it reachable through `ContractRuntime.current()`. */
  static install(config: WorkerConfig, hooks: RunnerHooks): ContractRuntime {
    const global = globalThis as Record<PropertyKey, unknown>
    let worker = global[WORKER_SLOT] as WorkerState | undefined
    if (worker === undefined) {
      worker = { specs: new Map(), loader: undefined, perCall: createPerCallCheckers() }
      global[WORKER_SLOT] = worker
    }
    const runtime = new ContractRuntime(config, hooks, worker)
    installRunRuntime(runtime)
    return runtime
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

  /** The runtime installed by the plugin's setup file, or undefined outside a `contractTesting()` run. */
  static current(): ContractRuntime | undefined {
    return (globalThis as Record<PropertyKey, unknown>)[RUNTIME_SLOT] as ContractRuntime | undefined
  }

  /**
   * The spec to validate against: the explicit name, else the `openApiSpec()` binding around the test,
   * else `defaultSpec`.
   */
  resolveSpec(explicit: string | undefined, task?: object): LoadedSpec {
    const name =
      explicit ?? findSpecBinding(task ?? this.#hooks.currentTest()) ?? this.config.defaultSpec ?? undefined
    if (name === undefined) {
      throw new ContractTestingError(
        VitestErrorCode.NoSpecBound,
        "No OpenAPI spec is bound to this check. Call openApiSpec('<name>') at file or describe scope, pass " +
          "{ spec: '<name>' } to the matcher, or set defaultSpec in contractTesting(). " +
          `Configured specs: ${this.config.specs.join(', ')}.`,
      )
    }
    if (!this.config.specs.includes(name)) {
      throw new ContractTestingError(
        VitestErrorCode.SpecNotConfigured,
        `Spec '${name}' is not configured: contractTesting() tracks ${this.config.specs.map((s) => `'${s}'`).join(', ')}. ` +
          `Add '${name}' to specs (its file goes under ${this.config.specBasePath}) or use one of those names.`,
        { specName: name },
      )
    }
    return this.#loadSpec(name)
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
      throw new ContractTestingError(
        VitestErrorCode.SpecLoadFailed,
        `Spec '${name}' was asked for before ContractRuntime.prepareSpecs() made it available.`,
        { specName: name },
      )
    }
    return loader.loadSpecSync(name, { basePath: this.config.specBasePath })
  }

  #specKey(name: string): string {
    return `${this.config.specBasePath}\u0000${name}`
  }

  /** The plugin's `validateRequest`. */
  get validateRequest(): boolean {
    return this.config.validateRequest
  }

  /** Response validation options: the configured ones, with extra skip patterns of a single call appended. */
  responseOptions(extraSkipResponseCodes: readonly string[] = []): ResponseValidationOptions {
    return {
      stripPrefixes: this.config.stripPrefixes,
      skipResponseCodes: [...this.config.skipResponseCodes, ...extraSkipResponseCodes],
      ...(this.config.maxErrors === null ? {} : { maxErrors: this.config.maxErrors }),
    }
  }

  /** Request validation options; `responseStatus` lets a documented 400/422 downgrade request violations. */
  requestOptions(responseStatus: number | undefined): RequestValidationOptions {
    return {
      stripPrefixes: this.config.stripPrefixes,
      skipRequestValidationResponseCodes: this.config.skipRequestValidationResponseCodes,
      ...(responseStatus === undefined ? {} : { responseStatus }),
      ...(this.config.maxErrors === null ? {} : { maxErrors: this.config.maxErrors }),
    }
  }

  /**
   * Records a response a server-side adapter validated (the adapter protocol): for coverage and
   * strict-required, plus the per-call check.
   */
  recordResponse(spec: LoadedSpec, result: ValidationResult, body: unknown, path?: string): void {
    if (path !== undefined) this.#autoRecorded.add(this.#recordKey(spec.name, result.method, path))
    this.#record(spec, result, body)
  }

  /**
   * Records a response a matcher validated, unless an adapter already recorded the same (spec, method, path)
   * during this test: counting one response twice would let a single observation pass strict-required's
   * two-observation bar.
   */
  recordCheckedResponse(spec: LoadedSpec, result: ValidationResult, body: unknown, path: string): void {
    if (this.#autoRecorded.has(this.#recordKey(spec.name, result.method, path))) return
    this.#record(spec, result, body)
  }

  /** Forgets what adapters recorded during the test that just ended. */
  endTest(): void {
    this.#autoRecorded.clear()
  }

  /** The test being run, or undefined outside a test. */
  currentTest(): object | undefined {
    return this.#hooks.currentTest()
  }

  /** Where `openApiSpec()` writes its binding: the file or `describe` being collected. */
  collectingTask(): { meta: object } | undefined {
    return this.#hooks.collectingTask()
  }

  #recordKey(specName: string, method: string, path: string): string {
    return `${(this.#hooks.currentTest() as { id?: string } | undefined)?.id ?? ''}\u0000${specName}\u0000${method.toUpperCase()}\u0000${path}`
  }

  #record(spec: LoadedSpec, result: ValidationResult, body: unknown): void {
    this.#recorder.recordResponse(spec, result, body)
  }

  /** Records a response a mock answered (`@contracttool/msw`): mock coverage only. */
  recordMockResponse(result: ValidationResult): void {
    this.#recorder.recordMockResponse(result)
  }

  /** Records a request validation for coverage (`request-only` endpoints). */
  recordRequest(result: ValidationResult): void {
    this.#recorder.recordRequest(result)
  }

  /** Queues a failure found outside the test's call stack; the setup file throws it when the test ends. */
  fail(error: Error): void {
    this.#failures.push(error)
  }

  /** The queued failures, emptied. */
  takeFailures(): Error[] {
    return this.#failures.splice(0)
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
function importSpecLoader(): Promise<SpecLoader> {
  return import(/* @vite-ignore */ SPEC_LOADER) as Promise<SpecLoader>
}
