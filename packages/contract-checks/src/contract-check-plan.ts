import { currentRunRuntime } from '@contracttool/exchange/internal'
import { deriveSeed } from '@contracttool/explorer'
import {
  type AuthenticateHook,
  type Awaitable,
  ExploredOperation,
  OperationSelector,
} from '@contracttool/explorer/internal'
import { loadConfigFile, resolveOptions } from '@contracttool/harness'
import { ContractToolError, isObject } from '@contracttool/kernel'
import { follow, type LoadedSpec, loadSpec, type SpecRegistry } from '@contracttool/spec-loader'
import { ContractCheck, isContractCheck } from './contract-check.js'
import type { ContractCheckDispatcher } from './contract-check-dispatcher.js'
import { ContractCheckReport } from './contract-check-report.js'
import { ContractChecksErrorCode } from './contract-checks-error-code.js'
import { probeIgnoredAuth } from './internal/probe-ignored-auth.js'
import { probeMissingRequiredHeader } from './internal/probe-missing-required-header.js'
import { type Hooks, ProbeRunner, type SelectedOperation } from './internal/probe-runner.js'
import { probeUnsupportedMethod } from './internal/probe-unsupported-method.js'
import { StatusExpectation } from './status-expectation.js'

/** Options of `OpenApiContractChecks.run`. */
export interface ContractChecksOptions {
  /** Global seed: the same seed gives the same probes, in the same order. */
  readonly seed: number
  /** Folder to load a spec given by name from (`<name>.json`, `.yaml`, `.yml`). */
  readonly basePath?: string
  /** A registry to load a spec given by name from (wins over `basePath`). */
  readonly registry?: SpecRegistry
  /**
   * Without `basePath` and `registry`, and outside a contract-testing run, the folder whose
   * `contracttool.config.*` says where a spec given by name lives (default `process.cwd()`).
   */
  readonly root?: string
  /** Prefix of the URIs printed in curl lines, for example `http://127.0.0.1:3000`. */
  readonly baseUrl?: string
}

const DEFAULTS: Readonly<Record<ContractCheck, StatusExpectation>> = {
  ignored_auth: new StatusExpectation([401, 403], []),
  missing_required_header: new StatusExpectation([], [4]),
  unsupported_method: new StatusExpectation([405], []),
}

type OperationHook = (operation: ExploredOperation) => Awaitable<void>

/**
 * A plan of named contract checks over one spec, built by `OpenApiContractChecks.run()`. Filters
 * come from `OperationSelector` (a path is probed when one of its operations passes them).
 * `report()` runs every probe, collects every outcome, and only then returns.
 *
 * @example
 * const report = await OpenApiContractChecks.run(spec, { seed: 42 })
 *   .checks([ContractCheck.IgnoredAuth, ContractCheck.UnsupportedMethod])
 *   .dispatchUsing((c) => fetch(`${baseUrl}${c.uri()}`, { method: c.method, headers: c.headers }))
 *   .report()
 * expect(report.describeFailures()).toBe('')
 */
export class ContractCheckPlan extends OperationSelector {
  readonly #spec: string | LoadedSpec
  readonly #options: ContractChecksOptions
  #checks: readonly ContractCheck[] = []
  readonly #overrides = new Map<
    ContractCheck,
    { statuses?: readonly number[]; classes?: readonly number[] }
  >()
  #dispatcher: ContractCheckDispatcher | undefined
  #isolated = false
  #setUp: OperationHook | undefined
  #authenticate: AuthenticateHook | undefined
  #tearDown: OperationHook | undefined

  constructor(spec: string | LoadedSpec, options: ContractChecksOptions) {
    super()
    if (
      typeof spec !== 'string' &&
      !(isObject(spec) && isObject(spec.document) && Array.isArray(spec.operations))
    ) {
      throw invalid('OpenApiContractChecks.run() expects a spec name or a LoadedSpec.')
    }
    if (!isObject(options) || typeof options.seed !== 'number' || !Number.isSafeInteger(options.seed)) {
      throw invalid(
        `OpenApiContractChecks.run() requires { seed } as a safe integer, received ${String((options as { seed?: unknown } | undefined)?.seed)}.`,
      )
    }
    if (options.baseUrl !== undefined && typeof options.baseUrl !== 'string')
      throw invalid('baseUrl must be a string.')
    if (options.root !== undefined && (typeof options.root !== 'string' || options.root === ''))
      throw invalid('root must be a non-empty string.')
    this.#spec = spec
    this.#options = options
  }

  /** Opts in to checks; a check not listed does not run. Duplicates collapse, order is kept. */
  checks(checks: readonly ContractCheck[]): this {
    if (!Array.isArray(checks) || checks.length === 0) {
      throw new ContractToolError(
        ContractChecksErrorCode.NoChecks,
        'checks() requires at least one ContractCheck.',
      )
    }
    for (const check of checks) {
      if (!isContractCheck(check)) {
        throw new ContractToolError(
          ContractChecksErrorCode.UnknownCheck,
          `Unknown contract check '${String(check)}'. Known checks: ${Object.values(ContractCheck).join(', ')}.`,
        )
      }
    }
    this.#checks = [...new Set(checks)]
    return this
  }

  /** The dispatcher; withdraws an earlier `dispatchIsolatedUsing()` promise. */
  dispatchUsing(dispatcher: ContractCheckDispatcher): this {
    this.#dispatcher = checkFunction('dispatchUsing', dispatcher)
    this.#isolated = false
    return this
  }

  /**
   * The dispatcher plus your promise that every dispatch starts from a state indistinguishable
   * from the one before it; unlocks `missing_required_header` for POST, PUT, PATCH and DELETE.
   */
  dispatchIsolatedUsing(dispatcher: ContractCheckDispatcher): this {
    this.#dispatcher = checkFunction('dispatchIsolatedUsing', dispatcher)
    this.#isolated = true
    return this
  }

  /** Replaces the check's whole default expectation with exactly these statuses (plus classes set for it). */
  expectedStatuses(check: ContractCheck, statuses: readonly number[]): this {
    const known = knownCheck('expectedStatuses', check)
    if (!Array.isArray(statuses) || statuses.length === 0) {
      throw expectation('expectedStatuses() requires at least one HTTP status.')
    }
    for (const status of statuses) {
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
        throw expectation(
          `Expected HTTP status must be an integer between 100 and 599, got ${String(status)}.`,
        )
      }
    }
    this.#overrides.set(known, { ...this.#overrides.get(known), statuses: [...statuses] })
    return this
  }

  /** Replaces the check's whole default expectation with these status classes (`[4]` = any 4xx). */
  expectedStatusClasses(check: ContractCheck, classes: readonly number[]): this {
    const known = knownCheck('expectedStatusClasses', check)
    if (!Array.isArray(classes) || classes.length === 0) {
      throw expectation('expectedStatusClasses() requires at least one HTTP status class.')
    }
    for (const statusClass of classes) {
      if (
        typeof statusClass !== 'number' ||
        !Number.isInteger(statusClass) ||
        statusClass < 1 ||
        statusClass > 5
      ) {
        throw expectation(
          `Expected HTTP status class must be an integer between 1 and 5, got ${String(statusClass)}.`,
        )
      }
    }
    this.#overrides.set(known, { ...this.#overrides.get(known), classes: [...classes] })
    return this
  }

  setUpUsing(hook: OperationHook): this {
    this.#setUp = checkFunction('setUpUsing', hook)
    return this
  }

  /** Credentials for every probe except ignored_auth's (which must go without them). */
  authenticateUsing(hook: AuthenticateHook): this {
    this.#authenticate = checkFunction('authenticateUsing', hook)
    return this
  }

  tearDownUsing(hook: OperationHook): this {
    this.#tearDown = checkFunction('tearDownUsing', hook)
    return this
  }

  /** Runs every probe of every opted-in check, then returns all outcomes. */
  async report(): Promise<ContractCheckReport> {
    const dispatcher = this.#dispatcher
    if (dispatcher === undefined) {
      throw new ContractToolError(
        ContractChecksErrorCode.DispatcherMissing,
        'The contract check plan requires dispatchUsing() or dispatchIsolatedUsing() before report().',
      )
    }
    if (this.#checks.length === 0) {
      throw new ContractToolError(
        ContractChecksErrorCode.NoChecks,
        'The contract check plan requires checks() with at least one check before report().',
      )
    }
    const spec = await this.#loadSpec()
    assertProbeablePaths(spec)
    const hooks: Hooks = { setUp: this.#setUp, authenticate: this.#authenticate, tearDown: this.#tearDown }
    const seed = this.#options.seed
    const runner = new ProbeRunner(spec, seed, dispatcher, hooks, this.#options.baseUrl ?? '')
    let selectedCount = 0
    for (const path of spec.paths) {
      const operations = spec.operations.filter((operation) => operation.path === path)
      for (const check of this.#checks) {
        const derivedSeed = deriveSeed([spec.name, check, path, seed])
        const selected: SelectedOperation[] = []
        for (const indexed of operations) {
          const explored = ExploredOperation.fromIndexed(spec.name, indexed, derivedSeed)
          if (this.matchesFilters(explored)) selected.push({ indexed, explored })
        }
        if (selected.length === 0) continue
        selectedCount += selected.length
        const expected = this.#expectation(check)
        if (check === ContractCheck.IgnoredAuth)
          await probeIgnoredAuth(runner, path, derivedSeed, selected, expected)
        else if (check === ContractCheck.MissingRequiredHeader) {
          await probeMissingRequiredHeader(runner, path, derivedSeed, selected, expected, this.#isolated)
        } else await probeUnsupportedMethod(runner, path, derivedSeed, selected, expected)
      }
    }
    if (selectedCount === 0) {
      throw new ContractToolError(
        ContractChecksErrorCode.FiltersMatchedNothing,
        `Contract checks matched no operations in spec '${spec.name}'.`,
        { specName: spec.name },
      )
    }
    return new ContractCheckReport({
      failures: runner.failures,
      skips: runner.skips,
      dispatchedProbes: runner.dispatchedProbes,
      probedPaths: runner.probedPaths.size,
    })
  }

  #expectation(check: ContractCheck): StatusExpectation {
    const override = this.#overrides.get(check)
    return override === undefined
      ? DEFAULTS[check]
      : new StatusExpectation(override.statuses ?? [], override.classes ?? [])
  }

  // A spec given by name: from the registry or folder given, else from the contract-testing run of this
  // process (`contractTesting()`, `createContractRun()`: the specs it was configured with), else from
  // the project's `contracttool.config.*`.
  async #loadSpec(): Promise<LoadedSpec> {
    const spec = this.#spec
    if (typeof spec !== 'string') return spec
    const { registry, basePath } = this.#options
    if (registry !== undefined) return registry.load(spec)
    if (basePath !== undefined) return loadSpec(spec, { basePath })
    const runtime = currentRunRuntime()
    if (runtime !== undefined) return runtime.resolveSpec(spec)
    const root = this.#options.root ?? process.cwd()
    const file = await loadConfigFile(root)
    const unresolved = (why: string) =>
      new ContractToolError(
        ContractChecksErrorCode.SpecUnresolved,
        `OpenApiContractChecks.run('${spec}') cannot find the spec: ${why}. Pass { basePath } or { registry } with the name, or pass a LoadedSpec.`,
        { specName: spec },
      )
    if (file === undefined) {
      throw unresolved(
        `no contract-testing run is active in this process (contractTesting(), createContractRun()) and ${root} has no contracttool.config.*`,
      )
    }
    const options = resolveOptions({}, file, root, process.env, 'OpenApiContractChecks.run()', {
      specsRequired: false,
    })
    if (options.specs.length > 0 && !options.specs.includes(spec)) {
      throw unresolved(
        `${file.source} configures specs ${options.specs.map((name) => `'${name}'`).join(', ')}, not '${spec}'`,
      )
    }
    return loadSpec(spec, { basePath: options.specBasePath })
  }
}

/** A path item or operation that is not an object stops the plan before any dispatch. */
function assertProbeablePaths(spec: LoadedSpec): void {
  const paths = spec.document.paths
  const fail = (where: string): never => {
    throw new ContractToolError(
      ContractChecksErrorCode.MalformedPaths,
      `Malformed ${where} in spec '${spec.name}': expected an object. Contract checks stop before any dispatch.`,
      { specName: spec.name },
    )
  }
  if (paths === undefined) return
  if (!isObject(paths)) fail("'paths'")
  for (const [path, item] of Object.entries(paths as Record<string, never>)) {
    if (!isObject(follow(spec.document, item))) fail(`path item '${path}'`)
  }
  for (const operation of spec.operations)
    if (!isObject(operation.operation)) fail(`operation ${operation.key}`)
}

function invalid(message: string): ContractToolError {
  return new ContractToolError(ContractChecksErrorCode.InvalidOption, message)
}

function expectation(message: string): ContractToolError {
  return new ContractToolError(ContractChecksErrorCode.InvalidExpectation, message)
}

function knownCheck(call: string, check: unknown): ContractCheck {
  if (!isContractCheck(check)) {
    throw new ContractToolError(
      ContractChecksErrorCode.UnknownCheck,
      `${call}(): unknown contract check '${String(check)}'. Known checks: ${Object.values(ContractCheck).join(', ')}.`,
    )
  }
  return check
}

function checkFunction<T>(call: string, value: T): T {
  if (typeof value !== 'function') throw invalid(`${call}() expects a function, received ${typeof value}.`)
  return value
}
