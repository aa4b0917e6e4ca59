import type { ExploredCase } from '@contracttool/explorer'
import type { ContractCheck } from './contract-check.js'
import type { StatusExpectation } from './status-expectation.js'

/**
 * A probe answered with a status outside the check's expectation.
 *
 * @example
 * failure.describe()
 * // ignored_auth: GET /pets (listPets) [no credentials] - expected 401 or 403, got 200
 * //   Curl: curl -X GET 'http://127.0.0.1:3000/pets'
 */
export class ContractCheckFailure {
  readonly check: ContractCheck
  readonly method: string
  /** The path template. */
  readonly path: string
  /** Null for `unsupported_method` (the probed method has no operation). */
  readonly operationId: string | null
  /** What the probe changed (`no credentials`, `omitted required header 'X-Request-Id'`), null when nothing. */
  readonly mutation: string | null
  readonly expected: StatusExpectation
  readonly actualStatus: number
  /** The dispatched request. */
  readonly probe: ExploredCase
  readonly #baseUrl: string

  constructor(init: {
    readonly check: ContractCheck
    readonly method: string
    readonly path: string
    readonly operationId: string | null
    readonly mutation: string | null
    readonly expected: StatusExpectation
    readonly actualStatus: number
    readonly probe: ExploredCase
    readonly baseUrl?: string
  }) {
    this.check = init.check
    this.method = init.method
    this.path = init.path
    this.operationId = init.operationId
    this.mutation = init.mutation
    this.expected = init.expected
    this.actualStatus = init.actualStatus
    this.probe = init.probe
    this.#baseUrl = init.baseUrl ?? ''
  }

  /** The curl line that replays the probe, secrets redacted. */
  curl(): string {
    return this.probe.curl(this.#baseUrl)
  }

  /**
   * `<check>: <METHOD> <path_template> (<operation_id>) [<mutation>] - expected <statuses>, got <status>`
   * and an indented `Curl:` line (the operation id and mutation parts only when there are some).
   */
  describe(): string {
    const operation = this.operationId === null ? '' : ` (${this.operationId})`
    const mutation = this.mutation === null ? '' : ` [${this.mutation}]`
    return (
      `${this.check}: ${this.method} ${this.path}${operation}${mutation} - expected ${this.expected.describe()}, got ${this.actualStatus}\n` +
      `  Curl: ${this.curl()}`
    )
  }
}
