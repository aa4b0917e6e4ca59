import type { Writable } from 'node:stream'
import { isTerminal } from './output.js'

/** A one-line progress indicator; a no-op unless the stream is a terminal. */
export interface Progress {
  update(done: number, total: number, label?: string): void
  done(): void
}

const MIN_INTERVAL_MS = 80

/**
 * Progress on stderr for long work (stubs over a large spec, merges of many sidecars, doctor on huge
 * specs). Written only to a terminal, redrawn in place, throttled, and erased when done, so pipes and logs
 * never see it.
 */
export function createProgress(stream: Writable, title: string): Progress {
  if (!isTerminal(stream)) return { update() {}, done() {} }
  let last = 0
  let shown = false
  return {
    update(done, total, label) {
      const now = Date.now()
      if (now - last < MIN_INTERVAL_MS && done < total) return
      last = now
      const columns = (stream as Writable & { columns?: number }).columns ?? 80
      const counter = total > 0 ? ` ${done}/${total}` : ''
      const line = `${title}${counter}${label === undefined ? '' : ` ${label}`}`
      stream.write(`\r\u001b[2K${line.slice(0, Math.max(10, columns - 1))}`)
      shown = true
    },
    done() {
      if (shown) stream.write('\r\u001b[2K')
      shown = false
    },
  }
}
