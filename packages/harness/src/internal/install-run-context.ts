import { type CheckContext, installRunRuntime } from '@contracttool/exchange/internal'
import { didYouMean } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { type CustomFormats, useFormats } from '@contracttool/validator'
import type { ContractRecorder } from '../contract-recorder.js'
import { ContractRunError, HarnessErrorCode } from '../errors.js'
import { formatsFromData } from '../formats-option.js'
import type { ResolvedOptions } from '../resolve-options.js'
import { TestEndChecks } from '../test-end-checks.js'

/**
 * Where a run context takes its specs: a map of the specs the run loaded when it started (their `formats` are
 * applied when the context is installed), or a function that hands out a configured spec on first use, ready
 * to check (it applies the formats when it loads one; the Vitest binding loads specs per worker this way).
 */
export type SpecSource = ReadonlyMap<string, LoadedSpec> | ((name: string) => LoadedSpec)

/** The options a run context checks with: the resolved options, or a worker's JSON copy of them. */
export interface RunContextOptions
  extends Pick<
    ResolvedOptions,
    | 'specBasePath'
    | 'specs'
    | 'defaultSpec'
    | 'stripPrefixes'
    | 'skipResponseCodes'
    | 'skipRequestValidationResponseCodes'
    | 'validateRequest'
  > {
  readonly maxErrors: number | null | undefined
  /** The `formats` option (or its data form, `formatsAsData()`), for the specs of a map source. */
  readonly formats?: unknown
}

/** How a runner that checks in its own process names things, and what it adds to the run's context. */
export interface RunContextSettings {
  /** Where `specs` was set, for the message about a spec that is not in it (`createContractRun()`). */
  readonly specsFrom: string
  /** The first sentences of the message when no spec is named: how to name one with this runner. */
  readonly noSpecBound: string
  /**
   * The spec the runner binds around the check (`openApiSpec()`), if it has bindings: around the test `task`
   * a matcher was handed, else around the running test.
   */
  readonly boundSpec?: (task: object | undefined) => string | undefined
  /**
   * A violation a server-side adapter found outside any check. Default: queued, and handed to the runner when
   * the test ends (`endTest()`), which fails the test with it.
   */
  readonly fail?: (error: Error) => void
  /** False when `fail` fails no test (see `RunRuntime.failsTests`). */
  readonly failsTests?: boolean
  /** The global object the tests (and so the server-side adapters) run with; default `globalThis`. */
  readonly global?: object
}

/** The installed context of a run's checks. */
export interface RunContext {
  readonly context: CheckContext
  /** Checks that finish when a test ends (see `RunRuntime.testEnd`). */
  readonly testEnd: TestEndChecks
  /**
   * Ends the running test: awaits the test-end checks, forgets the responses adapters recorded during it, and
   * returns the violations adapters reported since the last call (emptied; none when the runner gave its own
   * `fail`). Runners with tests call it when each test ends, and fail the test with what it returns.
   */
  endTest(): Promise<Error[]>
  /** The violations adapters reported and no `endTest()` returned yet (emptied): those outside any test. */
  takeFailures(): Error[]
  readonly uninstall: () => void
}

/**
 * The check context of a run whose checks happen in the process that holds its specs and recorder
 * (`createContractRun()`, a test file of any runner binding): specs by name, the run's validation options,
 * recording, and the runtime server-side adapters report into, installed until `uninstall()`.
 *
 * A response is counted once when both a server-side adapter and a check see it: each check of a response
 * consumes one response adapters recorded for the same (spec, method, path) during the running test, and is
 * not recorded again; what no check consumed is forgotten when the test ends (`endTest()`).
 */
export function installRunContext(
  resolved: RunContextOptions,
  specs: SpecSource,
  recorder: ContractRecorder,
  settings: RunContextSettings,
): RunContext {
  const specOf = typeof specs === 'function' ? specs : specsOfMap(specs, formatsFromData(resolved.formats))
  const failures: Error[] = []
  /** Responses server-side adapters recorded during the running test that no check has consumed, by key. */
  const adapterRecorded = new Map<string, number>()
  const context: CheckContext = {
    resolveSpec(explicit, task) {
      const name = explicit ?? settings.boundSpec?.(task) ?? resolved.defaultSpec ?? undefined
      if (name === undefined) {
        throw new ContractRunError(
          HarnessErrorCode.NoSpecBound,
          `${settings.noSpecBound} Configured specs: ${resolved.specs.join(', ')}.`,
        )
      }
      const spec = resolved.specs.includes(name) ? specOf(name) : undefined
      if (spec === undefined) {
        throw new ContractRunError(
          HarnessErrorCode.SpecNotConfigured,
          `Spec '${name}' is not configured: ${settings.specsFrom} tracks ${resolved.specs.map((s) => `'${s}'`).join(', ')}. ` +
            `Add '${name}' to specs (its file goes under ${resolved.specBasePath}) or use one of those names.` +
            didYouMean(name, resolved.specs, "'"),
          { specName: name },
        )
      }
      return spec
    },
    responseOptions: (extra) => ({
      stripPrefixes: resolved.stripPrefixes,
      skipResponseCodes: [...resolved.skipResponseCodes, ...extra],
      ...(resolved.maxErrors == null ? {} : { maxErrors: resolved.maxErrors }),
    }),
    requestOptions: (status) => ({
      stripPrefixes: resolved.stripPrefixes,
      skipRequestValidationResponseCodes: resolved.skipRequestValidationResponseCodes,
      ...(status === undefined ? {} : { responseStatus: status }),
      ...(resolved.maxErrors == null ? {} : { maxErrors: resolved.maxErrors }),
    }),
    validateRequest: resolved.validateRequest,
    recordCheckedResponse(spec, result, body, path) {
      const key = recordKey(spec.name, result.method, path)
      const left = adapterRecorded.get(key)
      if (left === undefined) recorder.recordResponse(spec, result, body)
      else if (left === 1) adapterRecorded.delete(key)
      else adapterRecorded.set(key, left - 1)
    },
    recordRequest: (result) => recorder.recordRequest(result),
  }
  const testEnd = new TestEndChecks()
  const uninstall = installRunRuntime(
    {
      resolveSpec: (name) => context.resolveSpec(name, undefined, 'contractValidation'),
      responseOptions: (extra = []) => context.responseOptions(extra),
      requestOptions: (status) => context.requestOptions(status),
      recordResponse(spec, result, body, path) {
        const key = recordKey(spec.name, result.method, path)
        adapterRecorded.set(key, (adapterRecorded.get(key) ?? 0) + 1)
        recorder.recordResponse(spec, result, body)
      },
      recordRequest: (result) => recorder.recordRequest(result),
      recordMockResponse: (result) => recorder.recordMockResponse(result),
      validateRequest: resolved.validateRequest,
      testEnd,
      fail: settings.fail ?? ((error) => void failures.push(error)),
      checks: context,
      ...(settings.failsTests === undefined ? {} : { failsTests: settings.failsTests }),
    },
    settings.global,
  )
  return {
    context,
    testEnd,
    async endTest() {
      try {
        await testEnd.settle()
      } finally {
        adapterRecorded.clear()
      }
      return failures.splice(0)
    },
    takeFailures: () => failures.splice(0),
    uninstall,
  }
}

/** The specs of a map, each given the run's formats once (`useFormats()`). */
function specsOfMap(
  specs: ReadonlyMap<string, LoadedSpec>,
  formats: CustomFormats,
): (name: string) => LoadedSpec | undefined {
  if (Object.keys(formats).length > 0) for (const spec of specs.values()) useFormats(spec, formats)
  return (name) => specs.get(name)
}

function recordKey(specName: string, method: string, path: string): string {
  return `${specName}\u0000${method.toUpperCase()}\u0000${path}`
}
