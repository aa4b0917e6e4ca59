/**
 * The `name` of the warnings per-call checks raise: integrations call
 * `process.emitWarning(text, CONTRACT_TOOL_WARNING)`, and a test setup can turn exactly these into failures.
 *
 * @example
 * process.on('warning', (warning) => {
 *   if (warning.name === CONTRACT_TOOL_WARNING) collected.push(warning)
 * })
 */
export const CONTRACT_TOOL_WARNING = 'ContractToolWarning'
