import { type ExploredCase, exploreEndpoint } from '@contracttool/explorer'
import {
  type AuthenticateHook,
  type Awaitable,
  applyCredentials,
  type ExploredOperation,
  readCredentials,
} from '@contracttool/explorer/internal'
import { ContractToolError } from '@contracttool/kernel'
import type { IndexedOperation, LoadedSpec } from '@contracttool/spec-loader'
import type { ContractCheck } from '../contract-check.js'
import type { ContractCheckDispatcher } from '../contract-check-dispatcher.js'
import { ContractCheckFailure } from '../contract-check-failure.js'
import type { ContractCheckSkip } from '../contract-check-skip.js'
import { ContractChecksErrorCode } from '../contract-checks-error-code.js'
import type { StatusExpectation } from '../status-expectation.js'
import { isUngeneratable } from './explorer-errors.js'
import { describeResult, extractStatus } from './extract-status.js'

export interface Hooks {
  readonly setUp: ((operation: ExploredOperation) => Awaitable<void>) | undefined
  readonly authenticate: AuthenticateHook | undefined
  readonly tearDown: ((operation: ExploredOperation) => Awaitable<void>) | undefined
}

/** The probe being judged: what a failure line names. */
export interface ProbeContext {
  readonly check: ContractCheck
  readonly path: string
  readonly derivedSeed: number
  readonly operation: ExploredOperation
  /** Null when the probe's method has no operation (`unsupported_method`). */
  readonly operationId: string | null
  readonly mutation: string | null
}

/** One documented operation of the probed path that passed the filters. */
export interface SelectedOperation {
  readonly indexed: IndexedOperation
  readonly explored: ExploredOperation
}

/** Dispatches probes through the hooks and collects every outcome; nothing here throws for a failed probe. */
export class ProbeRunner {
  readonly failures: ContractCheckFailure[] = []
  readonly skips: ContractCheckSkip[] = []
  readonly probedPaths: Set<string> = new Set<string>()
  dispatchedProbes = 0
  readonly #spec: LoadedSpec
  readonly #globalSeed: number
  readonly #dispatcher: ContractCheckDispatcher
  readonly #hooks: Hooks
  readonly #baseUrl: string

  constructor(
    spec: LoadedSpec,
    globalSeed: number,
    dispatcher: ContractCheckDispatcher,
    hooks: Hooks,
    baseUrl: string,
  ) {
    this.#spec = spec
    this.#globalSeed = globalSeed
    this.#dispatcher = dispatcher
    this.#hooks = hooks
    this.#baseUrl = baseUrl
  }

  get spec(): LoadedSpec {
    return this.#spec
  }

  skip(check: ContractCheck, path: string, method: string | null, reason: string): void {
    this.skips.push({ check, path, method, reason })
  }

  /**
   * The operation's valid request (the explorer's first case under `derivedSeed`) and the context its probes
   * are judged in; undefined, with the operation skipped for the reason the explorer gives, when no valid
   * request can be generated.
   */
  validRequest(
    check: ContractCheck,
    path: string,
    { indexed, explored }: SelectedOperation,
    derivedSeed: number,
  ): { valid: ExploredCase; context: Omit<ProbeContext, 'mutation'> } | undefined {
    let valid: ExploredCase
    try {
      ;[valid] = exploreEndpoint(this.#spec, indexed.method, path, { cases: 1, seed: derivedSeed }) as [
        ExploredCase,
      ]
    } catch (error) {
      if (!isUngeneratable(error)) throw error
      this.skip(check, path, indexed.method, error.message)
      return undefined
    }
    return {
      valid,
      context: { check, path, derivedSeed, operation: explored, operationId: indexed.operationId ?? null },
    }
  }

  /**
   * Runs `setUp`, then `authenticate` (unless the probe bypasses it) merging its credentials into
   * the case, then the dispatcher; `tearDown` always. Returns the status and the case as sent.
   */
  async dispatch(
    context: ProbeContext,
    probe: ExploredCase,
    options: { readonly authenticate: boolean },
  ): Promise<{ readonly status: number; readonly sent: ExploredCase }> {
    const { operation } = context
    let sent = probe
    try {
      await this.#hooks.setUp?.(operation)
      if (options.authenticate && this.#hooks.authenticate !== undefined) {
        sent = applyCredentials(sent, readCredentials(await this.#hooks.authenticate(operation)))
      }
      let result: unknown
      try {
        result = await this.#dispatcher(sent, operation)
      } catch (error) {
        throw new ContractToolError(
          ContractChecksErrorCode.DispatchFailed,
          this.#dispatchMessage('Contract check dispatch failed.', context, sent, error),
          { specName: this.#spec.name, cause: error },
        )
      }
      const status = extractStatus(result)
      if (status === undefined) {
        throw new ContractToolError(
          ContractChecksErrorCode.InvalidDispatchResult,
          this.#dispatchMessage(
            `Contract check dispatcher returned ${describeResult(result)}; return a status number, a Response, or an object with a numeric status or statusCode.`,
            context,
            sent,
            undefined,
          ),
          { specName: this.#spec.name },
        )
      }
      this.dispatchedProbes++
      this.probedPaths.add(context.path)
      return { status, sent }
    } finally {
      await this.#hooks.tearDown?.(operation)
    }
  }

  /** Dispatches and records a failure when the status is outside `expected`. */
  async probe(
    context: ProbeContext,
    probe: ExploredCase,
    expected: StatusExpectation,
    options: { readonly authenticate: boolean },
  ): Promise<void> {
    const { status, sent } = await this.dispatch(context, probe, options)
    if (expected.accepts(status)) return
    this.failures.push(
      new ContractCheckFailure({
        check: context.check,
        method: sent.method,
        path: context.path,
        operationId: context.operationId,
        mutation: context.mutation,
        expected,
        actualStatus: status,
        probe: sent,
        baseUrl: this.#baseUrl,
      }),
    )
  }

  #dispatchMessage(headline: string, context: ProbeContext, sent: ExploredCase, error: unknown): string {
    const lines = [
      headline,
      `Check: ${context.check}`,
      `Spec: ${this.#spec.name}`,
      `Operation: ${context.operation.operationId ?? '(none)'}`,
      `Method/path: ${sent.method} ${context.path}`,
      `Global seed: ${this.#globalSeed}`,
      `Derived seed: ${context.derivedSeed}`,
      `Curl: ${sent.curl(this.#baseUrl)}`,
    ]
    if (error !== undefined)
      lines.push(`Cause: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`)
    return lines.join('\n')
  }
}
