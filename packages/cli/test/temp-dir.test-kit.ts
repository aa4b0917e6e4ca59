import { mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A fresh temporary directory (real path, so messages and snapshots agree on it). */
export function tempDir(prefix = 'contracttool-cli-'): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)))
}
