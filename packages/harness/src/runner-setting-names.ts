/**
 * How the messages at the end of a run name the settings, in the syntax of the caller's users: the option
 * names of a runner (`runnerSettingNames('contractTesting()')`) or the flags of a command.
 */
export interface SettingNames {
  /** Named in the warning about an unknown console mode. */
  readonly consoleOutput: string
  /** How to turn the strict-required gate off (`` `strictRequired: 'off'` ``). */
  readonly strictRequiredOff: string
  /** How the strict-required gate is asked to fail (`strictRequired: 'fail'`). */
  readonly strictRequiredFail: string
  /** How to turn the strict-additional-properties report off. */
  readonly strictAdditionalPropertiesOff: string
  /** Where the strict-required mode is set (the `Configuration:` line). */
  readonly strictRequiredConfiguration: string
}

/**
 * The setting names of a runner whose options are `ContractRunOptions`, given as `caller` (`contractTesting()`,
 * `createContractRun()`) or in `contracttool.config.*`.
 */
export function runnerSettingNames(caller: string): SettingNames {
  return {
    consoleOutput: 'consoleOutput',
    strictRequiredOff: "`strictRequired: 'off'`",
    strictRequiredFail: "strictRequired: 'fail'",
    strictAdditionalPropertiesOff: "`strictAdditionalProperties: 'off'`",
    strictRequiredConfiguration: `${caller.replace(/\(\)$/, '')}({ strictRequired: 'warn' | 'fail' | 'off' }) or strictRequired in contracttool.config.*`,
  }
}
