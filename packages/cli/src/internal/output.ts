import type { Writable } from 'node:stream'

/** True when `stream` is a terminal and the user has not asked for plain output (`NO_COLOR`). */
export function wantsColor(stream: Writable, env: Record<string, string | undefined>): boolean {
  const noColor = env.NO_COLOR
  if (noColor !== undefined && noColor !== '') return false
  return (stream as Writable & { isTTY?: boolean }).isTTY === true
}

/** True when `stream` is a terminal: progress indicators are written only there. */
export function isTerminal(stream: Writable): boolean {
  return (stream as Writable & { isTTY?: boolean }).isTTY === true
}

const CODES = { red: 31, green: 32, yellow: 33, cyan: 36, dim: 2, bold: 1 } as const
export type Paint = (color: keyof typeof CODES, text: string) => string

/** ANSI painting when `enabled`, the identity otherwise. */
export function painter(enabled: boolean): Paint {
  return enabled ? (color, text) => `\u001b[${CODES[color]}m${text}\u001b[0m` : (_color, text) => text
}
