import { Readable } from 'node:stream'
import { spec, tap } from 'node:test/reporters'

/**
 * node:test's own default reporter over `source`: `spec` on a terminal, `tap` otherwise (Node.js 20 and 22;
 * `spec` always from Node.js 23).
 */
export function defaultReporter(source: AsyncIterable<unknown>): AsyncIterable<string> {
  const major = Number(process.versions.node.split('.')[0])
  if (process.stdout.isTTY !== true && major < 23) return tap(source as never) as AsyncIterable<string>
  return Readable.from(source).pipe(new spec()) as unknown as AsyncIterable<string>
}
