/**
 * The statuses a probe passes with: exact statuses and/or whole classes (`4` = any 4xx).
 *
 * @example
 * new StatusExpectation([405, 404], []).describe() // '405 or 404'
 */
export class StatusExpectation {
  readonly statuses: readonly number[]
  readonly classes: readonly number[]

  constructor(statuses: readonly number[], classes: readonly number[]) {
    this.statuses = Object.freeze([...statuses])
    this.classes = Object.freeze([...classes])
    Object.freeze(this)
  }

  accepts(status: number): boolean {
    return this.statuses.includes(status) || this.classes.includes(Math.floor(status / 100))
  }

  /** `401 or 403`, `4xx`, `405 or 404`, `400 or 5xx`. */
  describe(): string {
    return [...this.statuses.map(String), ...this.classes.map((c) => `${c}xx`)].join(' or ')
  }
}
