// Helpers for the case processes (src/cases/*.mjs). Each case runs in a fresh `node --expose-gc`
// process and reports one JSON line prefixed with RESULT_MARKER on stdout; everything the tools
// themselves print is captured and only summarized, so peer warnings never corrupt the result.
import { writeSync } from 'node:fs'
import { parseArgs } from 'node:util'

export const RESULT_MARKER = '@@bench-result '

const captured = { count: 0, formatWarnings: 0, first: [] }

// Ajv's "unknown format "uri" ignored in schema at path ..." lines: printed by peers on every compile.
const AJV_FORMAT_WARNING = /^unknown format ".*" ignored/

/**
 * Silences console output of the tools under test; the first lines are kept for the report, except
 * Ajv's unknown-format warnings, which are only counted.
 */
export function captureConsole() {
  const keep = (...args) => {
    captured.count++
    const text = args
      .map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : safeInspect(a)))
      .join(' ')
    if (AJV_FORMAT_WARNING.test(text)) {
      captured.formatWarnings++
      return
    }
    if (captured.first.length < 3) captured.first.push(oneLine(text))
  }
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace']) console[method] = keep
}

function safeInspect(value) {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

export function parseCaseArgs(options) {
  return parseArgs({ options, strict: true }).values
}

/** Writes the result line and exits: tools may leave servers, timers or pending promises behind. */
export function emit(result) {
  const line = `${RESULT_MARKER}${JSON.stringify({
    ...result,
    consoleLines: captured.count,
    consoleFormatWarnings: captured.formatWarnings,
    consoleFirst: captured.first,
  })}\n`
  writeSync(1, line)
  process.exit(0)
}

/** Runs `main`, reporting a thrown error as a result with `status: 'error'`. */
export async function runCase(main, base) {
  process.on('unhandledRejection', (reason) => {
    emit({ ...base, status: 'error', error: firstLine(reason), phase: 'unhandled rejection' })
  })
  try {
    emit({ ...base, ...(await main()) })
  } catch (error) {
    emit({ ...base, status: 'error', error: firstLine(error) })
  }
}

/** An error as one short line: whitespace collapsed (some peers print multi-line JSON), truncated. */
export function firstLine(error) {
  return oneLine(
    error instanceof Error ? error.message : typeof error === 'string' ? error : safeInspect(error),
  )
}

function oneLine(text) {
  const line = String(text).replace(/\s+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 197)}...` : line
}

export function gc() {
  if (typeof globalThis.gc !== 'function') throw new Error('run cases with node --expose-gc')
  globalThis.gc()
  globalThis.gc()
}

const MiB = 1024 * 1024

/** Heap in use after a full collection, MiB. */
export function heapAfterGc() {
  gc()
  return process.memoryUsage().heapUsed / MiB
}

/** Peak resident set size of this process so far (kernel high-water mark), MiB. */
export function peakRss() {
  return process.resourceUsage().maxRSS / 1024
}

export function rssNow() {
  return process.memoryUsage().rss / MiB
}

export const now = () => performance.now()

export function round(value, digits = 3) {
  if (value === undefined || value === null || !Number.isFinite(value)) return value
  const f = 10 ** digits
  return Math.round(value * f) / f
}
