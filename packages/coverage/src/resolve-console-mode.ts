import { truncateText } from '@contracttool/kernel/internal'
import { CONSOLE_MODES, type ConsoleMode } from './types.js'

/** Environment variable that overrides the `consoleOutput` option. */
export const CONSOLE_OUTPUT_ENV = 'CONTRACTTOOL_CONSOLE_OUTPUT'

export interface ResolvedConsoleMode {
  readonly mode: ConsoleMode
  /** A `[OpenAPI Coverage] WARNING: …` line for stderr when a value was invalid. */
  readonly warning?: string
}

export interface ResolveConsoleModeOptions {
  /** How the caller spells the option in messages: `consoleOutput` (default) or `--console-output`. */
  readonly optionName?: string
}

function parseMode(value: string): ConsoleMode | undefined {
  const normalized = value.trim().toLowerCase()
  return (CONSOLE_MODES as readonly string[]).includes(normalized) ? (normalized as ConsoleMode) : undefined
}

function invalidLine(name: string, value: string, fallback: ConsoleMode): string {
  return `[OpenAPI Coverage] WARNING: Invalid ${name} value '${truncateText(value.trim())}'. Valid values: ${CONSOLE_MODES.join(', ')}. Falling back to '${fallback}'.`
}

/**
 * Resolves the console report mode: `CONTRACTTOOL_CONSOLE_OUTPUT` (trimmed, case-insensitive) wins over the
 * option, which wins over `default`. An invalid value yields a warning line and the next source's value.
 *
 * @example
 * const { mode, warning } = resolveConsoleMode(process.env, options.consoleOutput)
 * if (warning) process.stderr.write(`${warning}\n`)
 */
export function resolveConsoleMode(
  env: Readonly<Record<string, string | undefined>>,
  option?: string | undefined,
  options: ResolveConsoleModeOptions = {},
): ResolvedConsoleMode {
  const optionName = options.optionName ?? 'consoleOutput'
  const optionValue = option === undefined || option.trim() === '' ? undefined : option
  const optionMode = optionValue === undefined ? undefined : parseMode(optionValue)
  const envValue = env[CONSOLE_OUTPUT_ENV]
  if (envValue !== undefined && envValue.trim() !== '') {
    const envMode = parseMode(envValue)
    if (envMode !== undefined) return { mode: envMode }
    const fallback = optionMode ?? 'default'
    return { mode: fallback, warning: invalidLine(CONSOLE_OUTPUT_ENV, envValue, fallback) }
  }
  if (optionValue === undefined) return { mode: 'default' }
  if (optionMode !== undefined) return { mode: optionMode }
  return { mode: 'default', warning: invalidLine(optionName, optionValue, 'default') }
}
