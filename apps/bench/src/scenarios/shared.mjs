// Report helpers shared by the scenarios.

export function inputLabel(row) {
  return row.sanitized ? 'sanitized' : 'published'
}

/** Collects error messages as numbered footnotes so tables stay narrow. */
export function footnotes() {
  const pending = []
  let counter = 0
  return {
    add(who, text) {
      counter++
      pending.push(`[${counter}] ${who}: ${text}`)
      return counter
    },
    flush() {
      for (const line of pending) console.log(`    ${line}`)
      pending.length = 0
    },
  }
}

/** 'ok', or the failure kind with a footnote number pointing at its first error line. */
export function statusCell(result, notes, who, { showWarnings = false } = {}) {
  if (result.status === 'ok') {
    if (result.counts?.error > 0) return `ok, errors [${notes.add(who, result.firstError ?? 'error')}]`
    if (showWarnings && result.consoleFirst?.length > 0)
      return `ok, warns [${notes.add(who, `printed: ${result.consoleFirst[0]}`)}]`
    return 'ok'
  }
  const n = notes.add(who, result.error ?? result.status)
  const word =
    { failed: 'FAILS', error: 'ERROR', timeout: 'TIMEOUT', crashed: 'CRASH' }[result.status] ?? result.status
  return `${word} [${n}]`
}

export function verdictCounts(counts) {
  if (counts === undefined) return undefined
  const parts = []
  for (const [key, letter] of [
    ['success', 'ok'],
    ['failure', 'fail'],
    ['skipped', 'skip'],
    ['error', 'err'],
  ]) {
    if (counts[key]) parts.push(`${counts[key]} ${letter}`)
  }
  return parts.join(' / ')
}

/**
 * The run to compare a peer on: its published-input run when that finished without errors, else its
 * sanitized run when that did; undefined when neither is usable.
 */
export function cleanRun(rows, tool) {
  const usable = (row) => row !== undefined && row.result.status === 'ok' && !(row.result.counts?.error > 0)
  const published = rows.find((r) => r.tool === tool && !r.sanitized)
  if (usable(published)) return published
  const sanitized = rows.find((r) => r.tool === tool && r.sanitized)
  return usable(sanitized) ? sanitized : undefined
}
