import { type CheckContext, installRunRuntime } from '@contracttool/exchange/internal'
import { didYouMean } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { useFormats } from '@contracttool/validator'
import type { ContractRecorder } from '../contract-recorder.js'
import { ContractRunError, HarnessErrorCode } from '../errors.js'
import { formatsFromData } from '../formats-option.js'
import type { ResolvedOptions } from '../resolve-options.js'
import { TestEndChecks } from '../test-end-checks.js'

/** How a runner that checks in its own process names things, and what it adds to the run's context. */
export interface RunContextSettings {
  /** Where `specs` was set, for the message about a spec that is not in it (`createContractRun()`). */
  readonly specsFrom: string
  /** The first sentences of the message when no spec is named: how to name one with this runner. */
  readonly noSpecBound: string
  /** The spec the runner binds around the running check (`openApiSpec()`), if it has bindings. */
  readonly boundSpec?: () => string | undefined
  /** A violation a server-side adapter found outside any check. */
  readonly fail: (error: Error) => void
  /** False when `fail` fails no test (see `RunRuntime.failsTests`). */
  readonly failsTests?: boolean
  /** The global object the tests (and so the server-side adapters) run with; default `globalThis`. */
  readonly global?: object
}

/**
 * The check context of a run whose checks happen in the process that holds its specs and recorder
 * (`createContractRun()`, a node:test file): specs by name, the run's validation options, recording, and the
 * runtime server-side adapters report into, installed until `uninstall()`.
 */
export function installRunContext(
  resolved: ResolvedOptions,
  specs: ReadonlyMap<string, LoadedSpec>,
  recorder: ContractRecorder,
  settings: RunContextSettings,
): { readonly context: CheckContext; readonly testEnd: TestEndChecks; readonly uninstall: () => void } {
  // A runner that carried the options as JSON carried the formats as data (`formatsAsData()`).
  const formats = formatsFromData(resolved.formats)
  if (Object.keys(formats).length > 0) for (const spec of specs.values()) useFormats(spec, formats)
  /** Responses server-side adapters recorded and no check has seen again yet. */
  const adapterRecorded = new Set<string>()
  const context: CheckContext = {
    resolveSpec(explicit) {
      const name = explicit ?? settings.boundSpec?.() ?? resolved.defaultSpec ?? undefined
      if (name === undefined) {
        throw new ContractRunError(
          HarnessErrorCode.NoSpecBound,
          `${settings.noSpecBound} Configured specs: ${resolved.specs.join(', ')}.`,
        )
      }
      const spec = specs.get(name)
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
      ...(resolved.maxErrors === undefined ? {} : { maxErrors: resolved.maxErrors }),
    }),
    requestOptions: (status) => ({
      stripPrefixes: resolved.stripPrefixes,
      skipRequestValidationResponseCodes: resolved.skipRequestValidationResponseCodes,
      ...(status === undefined ? {} : { responseStatus: status }),
      ...(resolved.maxErrors === undefined ? {} : { maxErrors: resolved.maxErrors }),
    }),
    validateRequest: resolved.validateRequest,
    recordCheckedResponse(spec, result, body, path) {
      // A response the adapter already recorded, checked again by a check, counts once.
      if (adapterRecorded.delete(recordKey(spec.name, result.method, path))) return
      recorder.recordResponse(spec, result, body)
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
        adapterRecorded.add(recordKey(spec.name, result.method, path))
        recorder.recordResponse(spec, result, body)
      },
      recordRequest: (result) => recorder.recordRequest(result),
      recordMockResponse: (result) => recorder.recordMockResponse(result),
      validateRequest: resolved.validateRequest,
      testEnd,
      fail: settings.fail,
      checks: context,
      ...(settings.failsTests === undefined ? {} : { failsTests: settings.failsTests }),
    },
    settings.global,
  )
  return { context, testEnd, uninstall }
}

function recordKey(specName: string, method: string, path: string): string {
  return `${specName}\u0000${method.toUpperCase()}\u0000${path}`
}
