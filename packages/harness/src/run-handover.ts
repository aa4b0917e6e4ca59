import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeFileAtomic } from '@contracttool/coverage'
import { ContractRunError, HarnessErrorCode } from './errors.js'
import type { RunEnvelope } from './run-envelope.js'

const STARTED = /^started-([A-Za-z0-9]+)\.json$/
const HANDED_OVER = /^envelope-([A-Za-z0-9]+)\.json$/
// Whole when read (written aside, then renamed), owner-only, not flushed to the disk: the directory lives as
// long as the run, and each flush cost a test file milliseconds of waiting on the disk.
const HANDOVER_FILE = { mode: 0o600, flush: false } as const

/** A test process of a run: its start marker is written; `handOver()` replaces it with what it recorded. */
export interface Handover {
  /** Writes what this process recorded (nothing recorded: `undefined`) and removes its start marker. */
  handOver(envelope: RunEnvelope | undefined): void
}

/** A test process that wrote its start marker and never handed over (it died, or was killed, mid-file). */
export interface UnfinishedWriter {
  /** What the process said it runs (a test file). */
  readonly label: string
  readonly pid: number
}

/** What the test processes of a run handed over. */
export interface CollectedHandovers {
  readonly envelopes: readonly RunEnvelope[]
  readonly unfinished: readonly UnfinishedWriter[]
}

/**
 * Creates the directory through which the test processes of one run hand their observations to the process
 * that finishes the run: a fresh, unpredictable folder under the system temp directory, readable by its
 * owner only (`mkdtemp`), so no other local user can plant an envelope in it.
 *
 * @example
 * const dir = createHandoverDir()
 * process.env.CONTRACTTOOL_RUN_DIR = dir // the test processes inherit it
 */
export function createHandoverDir(): string {
  return mkdtempSync(join(tmpdir(), 'contracttool-run-'))
}

/**
 * Registers a test process with the run: writes its start marker now, so a process that dies before
 * `handOver()` is found by `collectHandovers()` instead of being silently left out.
 *
 * @example
 * const handover = startHandover(dir, 'test/pets.test.mjs')
 * // … the tests run and record …
 * handover.handOver(recorder.takeEnvelope())
 */
export function startHandover(dir: string, label: string): Handover {
  const token = randomBytes(6).toString('hex')
  const marker = join(dir, `started-${token}.json`)
  writeFileAtomic(marker, `${JSON.stringify({ label, pid: process.pid })}\n`, HANDOVER_FILE)
  return {
    handOver(envelope) {
      writeFileAtomic(
        join(dir, `envelope-${token}.json`),
        `${JSON.stringify({ label, envelope })}\n`,
        HANDOVER_FILE,
      )
      rmSync(marker, { force: true })
    },
  }
}

/**
 * Reads what the test processes of a run handed over, once they have all ended: their envelopes, and the
 * test files that started and never handed over, each named once. A file the runner ran again after its
 * process died (Jest retries a file whose worker crashed) is unfinished only when no attempt handed over:
 * an attempt that did ran the whole file. An envelope that cannot be read throws a `ContractRunError`
 * (`CONTRACTTOOL_HARNESS_HANDOVER_UNREADABLE`) naming the file.
 *
 * @example
 * const { envelopes, unfinished } = collectHandovers(dir)
 */
export function collectHandovers(dir: string): CollectedHandovers {
  const names = readdirSync(dir).sort()
  const envelopes: RunEnvelope[] = []
  const started = new Map<string, UnfinishedWriter>()
  const finished = new Set<string>()
  for (const name of names) {
    if (HANDED_OVER.test(name)) {
      const handed = readHandoverFile(join(dir, name)) as { label?: unknown; envelope?: RunEnvelope | null }
      finished.add(String(handed.label))
      if (handed.envelope !== undefined && handed.envelope !== null)
        envelopes.push(checkedEnvelope(handed.envelope, join(dir, name)))
    } else if (STARTED.test(name)) {
      const { label, pid } = readHandoverFile(join(dir, name)) as Partial<UnfinishedWriter>
      if (!started.has(String(label))) started.set(String(label), { label: String(label), pid: Number(pid) })
    }
  }
  const unfinished = [...started.values()].filter((writer) => !finished.has(writer.label))
  return { envelopes, unfinished }
}

/**
 * The `FATAL` line for test processes that never handed over: the coverage leaves them out, so the run fails.
 * `finishRun()` prints it for the `unfinished` it is given.
 *
 * @example
 * if (unfinished.length > 0) io.err(describeUnfinished(unfinished))
 */
export function describeUnfinished(unfinished: readonly { readonly label: string }[]): string {
  return (
    `[OpenAPI Coverage] FATAL: ${unfinished.length} test file(s) stopped before handing over their contract observations ` +
    `(the process died or was killed mid-file): ${unfinished.map((writer) => writer.label).join(', ')}. ` +
    'The coverage below leaves them out.'
  )
}

/** Removes a run's handover directory and everything in it. */
export function removeHandoverDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

function readHandoverFile(path: string): object {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (cause) {
    throw unreadable(path, (cause as Error).message, cause)
  }
  if (typeof value !== 'object' || value === null) throw unreadable(path, 'it holds no object')
  return value
}

function checkedEnvelope(value: RunEnvelope, path: string): RunEnvelope {
  if (typeof value !== 'object' || value.version !== 1) {
    throw unreadable(
      path,
      `unknown envelope version ${JSON.stringify((value as { version?: unknown }).version)}`,
    )
  }
  return value
}

function unreadable(path: string, detail: string, cause?: unknown): ContractRunError {
  return new ContractRunError(
    HarnessErrorCode.HandoverUnreadable,
    `[OpenAPI Coverage] FATAL: cannot read the observations a test process handed over in ${path}: ${detail}.`,
    { file: path, cause },
  )
}
