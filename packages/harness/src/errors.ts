import { type ErrorClass, errorClass } from '@contracttool/kernel/internal'

/**
 * Every code a `ContractRunError` can carry. Each one is listed under "Error codes" in the package README (a
 * test keeps the two in sync).
 */
export const HarnessErrorCode = {
  /** An option (or a `contracttool.config.*` key) has the wrong type or an unknown value. */
  InvalidOption: 'CONTRACTTOOL_HARNESS_INVALID_OPTION',
  /** `contracttool.config.{ts,js,mjs,json}` exists but cannot be read or does not export an object. */
  ConfigFileInvalid: 'CONTRACTTOOL_HARNESS_CONFIG_FILE_INVALID',
  /** Shards of one run left different values of an option in their sidecars, or options a merge cannot read. */
  ShardOptionsConflict: 'CONTRACTTOOL_HARNESS_SHARD_OPTIONS_CONFLICT',
  /** A spec listed in `specs` failed to load when the run started. */
  SpecLoadFailed: 'CONTRACTTOOL_HARNESS_SPEC_LOAD_FAILED',
  /** The value handed to a check is not a response or exchange the checks can read. */
  NotAResponse: 'CONTRACTTOOL_HARNESS_NOT_A_RESPONSE',
  /** The response does not carry the request it answers, so method and path are unknown. */
  RequestNotRecoverable: 'CONTRACTTOOL_HARNESS_REQUEST_NOT_RECOVERABLE',
  /** A WHATWG `Response` that did not come from `contractFetch()`: it carries no method. */
  FetchResponseWithoutExchange: 'CONTRACTTOOL_HARNESS_FETCH_RESPONSE_WITHOUT_EXCHANGE',
  /** A per-call option of a check (matcher, assertion function, `assertResponse`) has the wrong type. */
  InvalidCheckOption: 'CONTRACTTOOL_HARNESS_INVALID_CHECK_OPTION',
  /** A check names no spec, none is bound around it, and the run has no `defaultSpec`. */
  NoSpecBound: 'CONTRACTTOOL_HARNESS_NO_SPEC_BOUND',
  /** A check names a spec that is not in `specs`. */
  SpecNotConfigured: 'CONTRACTTOOL_HARNESS_SPEC_NOT_CONFIGURED',
  /**
   * A runner binding is used without the registration that starts its run (plugin, config wrapper, `register`
   * module, fixture): a check names a spec, `openApiSpec()` is called, or the binding's setup runs alone.
   */
  NotRegistered: 'CONTRACTTOOL_HARNESS_NOT_REGISTERED',
  /** A binding's `openApiSpec` is empty, names a spec the run cannot use, or is made where it binds nothing. */
  InvalidBinding: 'CONTRACTTOOL_HARNESS_INVALID_BINDING',
  /** `toSatisfySchemaInApiSpec(name)` / `satisfySchemaInApiSpec(name)` names no schema of `components.schemas`. */
  SchemaNotFound: 'CONTRACTTOOL_HARNESS_SCHEMA_NOT_FOUND',
  /** A check or `finish()` was called on a run that has already finished. */
  RunFinished: 'CONTRACTTOOL_HARNESS_RUN_FINISHED',
  /** What a test process handed over to the end of the run cannot be read (truncated, foreign, wrong version). */
  HandoverUnreadable: 'CONTRACTTOOL_HARNESS_HANDOVER_UNREADABLE',
} as const
export type HarnessErrorCode = (typeof HarnessErrorCode)[keyof typeof HarnessErrorCode]

/**
 * Thrown for misuse of a contract-testing run, whichever runner drives it. `code` is one of
 * `HarnessErrorCode`. `instanceof` recognises errors of every copy of this package (ESM, CommonJS, bundled).
 *
 * @example
 * try {
 *   await createContractRun({ specs: ['petstore'] })
 * } catch (error) {
 *   if (error instanceof ContractRunError && error.code === HarnessErrorCode.InvalidOption) console.error(error.message)
 * }
 */
export const ContractRunError: ErrorClass<HarnessErrorCode> = errorClass('ContractRunError', 'harness')
export type ContractRunError = InstanceType<typeof ContractRunError>

/** The `FATAL` error about an option: `option '<name>' (<where it was set>) <what is wrong>`. */
export function invalidOption(option: string, source: string, detail: string): ContractRunError {
  return new ContractRunError(
    HarnessErrorCode.InvalidOption,
    `FATAL: [contracttool] option '${option}' (${source}) ${detail}`,
  )
}
