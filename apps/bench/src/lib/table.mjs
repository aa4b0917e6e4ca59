// Plain aligned text tables and number formatting for the report.

/** Prints `rows` (arrays of cells) under `headers`; numeric-looking cells are right-aligned. */
export function printTable(headers, rows, { indent = '  ' } = {}) {
  const cells = [headers, ...rows].map((row) =>
    row.map((cell) => (cell === undefined || cell === null ? '—' : String(cell))),
  )
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)))
  const numeric = headers.map((_, i) =>
    cells.slice(1).every((row) => row[i] === '—' || /^[~<>]?\d/.test(row[i] ?? '')),
  )
  const line = (row) =>
    indent +
    row
      .map((cell, i) =>
        numeric[i] && cell !== headers[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i]),
      )
      .join('  ')
      .trimEnd()
  console.log(line(cells[0]))
  console.log(indent + widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of cells.slice(1)) console.log(line(row))
}

/** A duration in milliseconds, with a precision that suits its size. */
export function ms(value) {
  if (value === undefined || value === null || !Number.isFinite(value)) return undefined
  if (value >= 10000) return `${(value / 1000).toFixed(1)} s`
  if (value >= 100) return `${Math.round(value)} ms`
  if (value >= 1) return `${value.toFixed(1)} ms`
  return `${value.toFixed(2)} ms`
}

/** A duration in microseconds. */
export function us(value) {
  if (value === undefined || value === null || !Number.isFinite(value)) return undefined
  if (value >= 1000) return ms(value / 1000)
  if (value >= 100) return `${Math.round(value)} µs`
  return `${value.toFixed(value >= 10 ? 1 : 2)} µs`
}

export function mb(value) {
  if (value === undefined || value === null || !Number.isFinite(value)) return undefined
  // Heap deltas after a full GC can dip a little below zero: noise, shown as 0.
  return value >= 100 ? `${Math.round(value)}` : Math.max(0, value).toFixed(1)
}

/** `a / b` as `1.23×`; undefined when either side is missing. */
export function ratio(a, b) {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return undefined
  const r = a / b
  return `${r >= 100 ? Math.round(r) : r >= 10 ? r.toFixed(1) : r.toFixed(2)}×`
}
