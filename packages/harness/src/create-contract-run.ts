import { terminalLines } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import type { ValidationResult } from '@contracttool/validator'
import { prepareConfigFileRun } from './config-file-run.js'
import { ContractAssertionError } from './contract-assertion-error.js'
import { ContractRecorder } from './contract-recorder.js'
import type { ContractRunOptions } from './contract-run-options.js'
import { ContractRunError, HarnessErrorCode } from './errors.js'
import { finishRun, type RunIo } from './finish-run.js'
import type { CheckOutcome, OpenApiCheckOptions } from './internal/check-exchange.js'
import { recorderSettings } from './recorder-settings.js'
import type { ResolveSettings } from './resolve-options.js'
import { mergeEnvelopes } from './run-envelope.js'
import { runnerSettingNames, type SettingNames } from './runner-setting-names.js'

const CALLER = 'createContractRun()'

/** Options of `finish()`. */
export interface FinishOptions {
  /** Why this run is a subset of the suite (`'-t pets'`): reports and gates are skipped, with a NOTE. */
  readonly partialReasons?: readonly string[]
}

/** A contract-testing run driven by your own harness. */
export interface ContractRun {
  /** The specs the run loaded, by name (their `servers`, paths and operations). */
  readonly specs: ReadonlyMap<string, LoadedSpec>
  /**
   * Validates a response (supertest/superagent, fastify `inject`, a `contractFetch()` Response, or an
   * exchange object) against the operation it answers, records it, and throws a `ContractAssertionError`
   * when it breaks the contract: the check of Vitest's `toMatchOpenApiSchema()`.
   */
  assertResponse(response: unknown, options?: OpenApiCheckOptions): void
  /** Validates the request a response answers and records it: the check of `toMatchOpenApiRequest()`. */
  assertRequest(response: unknown, options?: Pick<OpenApiCheckOptions, 'spec'>): void
  /**
   * Ends the run: prints the coverage report, writes the reports, evaluates the gates (or writes a sidecar
   * when `sidecarDir` is set), exactly as a Vitest run with the same options does. Set `process.exitCode`
   * from the result.
   */
  finish(options?: FinishOptions): Promise<{ readonly exitCode: 0 | 1 }>
}

/** Where the run is rooted and where it prints; each defaults to this process's. */
export interface ContractRunSettings {
  /** Project root: `contracttool.config.*` and relative paths are read from here. Default `process.cwd()`. */
  readonly root?: string
  readonly io?: Partial<RunIo>
  /**
   * How messages name the caller and its inputs, for a tool that takes the options in another syntax (a
   * command's flags): `caller` (default `createContractRun()`), `names` of the inputs (`--strict-required`),
   * and the setting names of the end-of-run advice.
   */
  readonly naming?: {
    readonly caller: string
    readonly names: NonNullable<ResolveSettings['names']>
    readonly settingNames: SettingNames
  }
}

/**
 * Starts a contract-testing run for a custom harness (a plain Node script, Mocha, a runner without a
 * binding): reads `contracttool.config.*` under the root (options given here win, key by key), validates the
 * options with the same messages as every runner, and loads the specs. Option and spec problems reject with
 * a `ContractRunError` whose message starts with `FATAL`.
 *
 * @example
 * const run = await createContractRun({ specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore' })
 * run.assertResponse(await request(app).get('/pets'))
 * process.exitCode = (await run.finish()).exitCode
 */
export async function createContractRun(
  options: ContractRunOptions = {},
  settings: ContractRunSettings = {},
): Promise<ContractRun> {
  const root = settings.root ?? process.cwd()
  const io = defaultIo(settings.io)
  const caller = settings.naming?.caller ?? CALLER
  const { options: resolved, specs } = await prepareConfigFileRun(root, io.env, {
    options,
    caller,
    names: settings.naming?.names ?? {},
  })
  // The checks bring the validator: loaded with the first run, not with this package.
  const checks = await import('./checks.js')
  const recorder = new ContractRecorder(recorderSettings(resolved, resolved.sidecarDir !== undefined))
  let finished = false
  const whileOpen = (what: string) => {
    if (finished) {
      throw new ContractRunError(
        HarnessErrorCode.RunFinished,
        `${what} was called after finish(): this run has already printed and written its reports. Create a new run with createContractRun().`,
      )
    }
  }

  const { context, uninstall } = checks.installRunContext(resolved, specs, recorder, {
    specsFrom: caller,
    noSpecBound: `No OpenAPI spec is named for this check. Pass { spec: '<name>' } to the check, or set defaultSpec in ${caller}.`,
    // No test to fail: the violation is also kept by the adapter (`assertNoViolations()`).
    fail: (error) => process.emitWarning(terminalLines(error.message), 'ContractToolWarning'),
    failsTests: false,
  })

  const fail = (outcome: CheckOutcome, result: ValidationResult | undefined): void => {
    if (!outcome.failed) return
    throw new ContractAssertionError(checks.describeViolations(outcome), {
      ...checks.diffValues(outcome),
      result,
      requestResult: outcome.request,
    })
  }

  return {
    specs,
    assertResponse(response, checkOptions) {
      whileOpen('assertResponse()')
      const outcome = checks.checkResponse(response, checkOptions, 'assertResponse', context, undefined)
      fail(outcome, outcome.response)
    },
    assertRequest(response, checkOptions) {
      whileOpen('assertRequest()')
      const outcome = checks.checkRequest(response, checkOptions, 'assertRequest', context, undefined)
      fail(outcome, undefined)
    },
    async finish(finishOptions = {}) {
      whileOpen('finish()')
      finished = true
      uninstall()
      const envelope = recorder.takeEnvelope()
      const { exitCode } = finishRun(
        {
          specs,
          observations: mergeEnvelopes(envelope === undefined ? [] : [envelope]),
          options: resolved,
          names: settings.naming?.settingNames ?? runnerSettingNames(CALLER),
          partialReasons: finishOptions.partialReasons ?? [],
        },
        io,
      )
      return { exitCode }
    },
  }
}

function defaultIo(io: Partial<RunIo> = {}): RunIo {
  const env = io.env ?? process.env
  return {
    out: io.out ?? ((text) => void process.stdout.write(text)),
    err: io.err ?? ((line) => void process.stderr.write(terminalLines(`${line}\n`))),
    env,
    color: io.color ?? (process.stdout.isTTY === true && env.NO_COLOR === undefined),
    ...(io.toolVersion === undefined ? {} : { toolVersion: io.toolVersion }),
  }
}
