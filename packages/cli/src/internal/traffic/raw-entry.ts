import { ContractToolError } from '@contracttool/kernel'
import { CliErrorCode } from '../../cli-error-code.js'

/** One recorded exchange as a reader found it in a traffic file, before it is parsed. */
export interface RawEntry {
  /** Its position in the file, from 1: the entry's index in `log.entries` plus one, or the NDJSON line number. */
  readonly position: number
  /** The entry's JSON text; undefined when it is larger than the limit (it was skipped, never held whole). */
  readonly text: string | undefined
  /** The entry's size in bytes. */
  readonly bytes: number
}

/** The byte chunks of a file, as `createReadStream()` gives them. */
export type ByteChunks = AsyncIterable<Uint8Array>

/** What the traffic command reads: HAR 1.2 or NDJSON exchanges, as every message about a wrong file says. */
export const EXPECTED_TRAFFIC =
  'expected a HAR 1.2 file (a JSON object with log.entries) or NDJSON (one { request, response } object per line)'

/** A traffic file that cannot be read (exit 2), named in the message. */
export function unreadableTraffic(file: string, problem: string): ContractToolError {
  return new ContractToolError(CliErrorCode.UnreadableInput, `${file}: ${problem}.`)
}
