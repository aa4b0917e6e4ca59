import { createReadStream, statSync } from 'node:fs'
import { basename, dirname, extname, relative, resolve } from 'node:path'
import { buildExchange } from '@contracttool/exchange'
import {
  ContractAssertionError,
  type ContractRun,
  commandLineOptions,
  createContractRun,
} from '@contracttool/harness'
import { ContractToolError, isContractToolError } from '@contracttool/kernel'
import { terminalText } from '@contracttool/kernel/internal'
import { Command, Option } from 'clipanion'
import { CliErrorCode } from '../cli-error-code.js'
import { findShadowingSpec } from '../internal/find-shadowing-spec.js'
import { wantsColor } from '../internal/output.js'
import { createProgress, type Progress } from '../internal/progress.js'
import { REPORT_FLAG_NAMES, RunReportCommand } from '../internal/run-report-command.js'
import { toolVersion } from '../internal/tool-version.js'
import { type ApiServer, apiServers, findApiServer } from '../internal/traffic/api-servers.js'
import {
  type ByteChunks,
  EXPECTED_TRAFFIC,
  type RawEntry,
  unreadableTraffic,
} from '../internal/traffic/raw-entry.js'
import { readHarEntries } from '../internal/traffic/read-har-entries.js'
import { readNdjsonEntries } from '../internal/traffic/read-ndjson-entries.js'
import { readTrafficEntry } from '../internal/traffic/read-traffic-entry.js'

const CALLER = 'contracttool traffic'
const PREFIX = '[OpenAPI Traffic]'
/** The flag of each option the command takes, for the harness's messages. */
const FLAG_NAMES = {
  specBasePath: '--spec-base-path',
  specs: '--specs',
  defaultSpec: '--default-spec',
  stripPrefixes: '--strip-prefixes',
  sidecarDir: '--sidecar-dir',
  ...REPORT_FLAG_NAMES,
} as const
/** The largest entry read by default: larger ones (a 200 MB download) are reported, never held in memory. */
const DEFAULT_MAX_ENTRY_BYTES = 32 * 1024 * 1024
const CHUNK_BYTES = 1024 * 1024
/** Base of an NDJSON exchange's URL given as a path (`/pets?limit=2`): only its path and query are read. */
const RELATIVE_BASE = 'http://relative.invalid'

/** What one file held, for its summary line. */
interface FileTally {
  entries: number
  checked: number
  failed: number
  notApi: number
  aborted: number
  unrecorded: number
  unreadable: number
}

/**
 * `contracttool traffic <file…>`: validates recorded traffic (HAR 1.2, NDJSON exchanges) against the specs in
 * one harness run, so the failures, the coverage report, the report files, the gates and the sidecar are those
 * of a test run with the same options.
 */
export class TrafficCommand extends RunReportCommand {
  static override paths = [['traffic']]

  static override usage = Command.Usage({
    description: 'Validate recorded traffic (HAR, NDJSON) against the specs and report its coverage.',
    details: `
      Reads each file as a stream, entry by entry (HAR 1.2 \`log.entries\`, bodies as text or base64, \`postData\` for requests; or NDJSON with one \`{ request: { method, url, headers, body }, response: { status, headers, body } }\` per line), so memory stays bounded whatever the file's size: an entry over \`--max-entry-bytes\` is reported, not read.

      Entries under a server URL of a spec (its \`servers\`, root, path or operation level; a relative URL such as \`/v2\` matches any host) are API calls, checked against that spec, the request and the response, as \`toMatchOpenApiSchema()\` checks them in a test; \`--base-url\` replaces the servers (checked against the default spec). Other entries (pages, assets, analytics) and requests without a response (aborted by the browser) are counted in each file's summary line, never failures.

      Each failing entry is printed as \`entry <n>\` (its position in the file, from 1), its method and URL, then its violations; then the coverage report of the traffic, the report files and the gates, as at the end of a test run. With \`--sidecar-dir\`, the traffic's observations are written there as a sidecar instead, for \`contracttool coverage:merge\` to add to a test run's.

      Options left out are read from \`contracttool.config.*\` in the working directory, as every runner reads them.

      Exit codes: 0 success, 1 an entry failed or a gate missed, 2 usage error or unreadable input (a file that is not HAR or NDJSON, a truncated HAR, an entry that cannot be read).
    `,
    examples: [
      ['Validate a HAR recorded by Playwright', '$0 traffic --spec=openapi/petstore.yaml recorded.har'],
      [
        'Gate staging traffic on response coverage, with the specs of contracttool.config.*',
        '$0 traffic --min-response-coverage=60 --min-coverage-strict --json-output=reports/traffic.json staging.ndjson',
      ],
      [
        'Add recorded traffic to the coverage of a test run',
        '$0 traffic --sidecar-dir=.contracttool/sidecars staging.har',
      ],
    ],
  })

  protected readonly errorPrefix = PREFIX

  files = Option.Rest({ required: 1 })
  spec = Option.String('--spec', {
    description: 'Spec file (.json, .yaml, .yml) to check against, instead of --spec-base-path and --specs',
  })
  specBasePath = Option.String('--spec-base-path', {
    description: 'Directory the specs are loaded from by name',
  })
  specs = Option.String('--specs', { description: 'Comma-separated spec names' })
  defaultSpec = Option.String('--default-spec', {
    description: 'Spec of the entries under --base-url (default: the only one of --specs)',
  })
  stripPrefixes = Option.String('--strip-prefixes', {
    description: 'Comma-separated prefixes removed from request paths before matching',
  })
  baseUrl = Option.String('--base-url', {
    description:
      'Entries under this URL (or path, on any host) are the API calls (default: the servers of the specs)',
  })
  validateRequest = Option.Boolean('--validate-request', true, {
    description: 'Check the responses only, not the recorded requests',
  })
  maxEntryBytes = Option.String('--max-entry-bytes', {
    description: `Largest entry read, in bytes (default ${DEFAULT_MAX_ENTRY_BYTES}: 32 MiB); larger ones are reported`,
  })
  sidecarDir = Option.String('--sidecar-dir', {
    description: 'Write the observations here as a sidecar for coverage:merge, instead of reports and gates',
  })

  /** Which file and entry the command is at, on a terminal's stderr; cleared before anything is printed. */
  private progress: Progress = { update() {}, done() {} }

  protected async run(): Promise<number> {
    const { cwd, env } = this.context
    this.progress = createProgress(this.context.stderr, CALLER)
    // Flags first: nothing is read before every flag is valid.
    const maxEntryBytes = this.maxEntryLimit()
    if (this.baseUrl !== undefined && !URL.canParse(this.baseUrl) && !this.baseUrl.startsWith('/')) {
      throw usage(
        `--base-url must be an absolute URL (https://api.example.com/v2) or a path (/v2, any host), got '${this.baseUrl}'.`,
      )
    }
    const files = this.files.map((file) => ({ file, path: resolve(cwd, file) }))
    for (const { file, path } of files) checkFile(file, path)

    const run = await createContractRun(commandLineOptions({ ...this.specFlags(), ...this.reportFlags() }), {
      root: cwd,
      io: {
        out: (text) => this.write(text),
        err: (line) => this.note(line),
        env,
        color: wantsColor(this.context.stdout, env),
        toolVersion: toolVersion(),
      },
      naming: { caller: CALLER, names: FLAG_NAMES, settingNames: this.settingNames('traffic') },
    })
    const servers = apiServers(run.specs, this.baseUrl)
    let failed = false
    let badInput = false
    for (const [index, { file, path }] of files.entries()) {
      const tally: FileTally = {
        entries: 0,
        checked: 0,
        failed: 0,
        notApi: 0,
        aborted: 0,
        unrecorded: 0,
        unreadable: 0,
      }
      try {
        const { format, entries } = await openTraffic(file, path, maxEntryBytes)
        for await (const raw of entries) {
          this.progress.update(index + 1, files.length, `${file}: entry ${raw.position}`)
          this.check(raw, format, { run, servers, tally, label: label(file, files.length) })
        }
      } catch (error) {
        if (!isContractToolError(error) || error.code !== CliErrorCode.UnreadableInput) throw error
        this.progress.done()
        this.error(error.message)
        badInput = true
      }
      this.progress.done()
      this.out(summary(file, tally))
      failed ||= tally.failed > 0
      badInput ||= tally.unreadable > 0
    }
    const { exitCode } = await run.finish()
    return badInput ? 2 : failed ? 1 : exitCode
  }

  /** Checks one entry against the spec of the server it is under, and counts it. */
  private check(
    raw: RawEntry,
    format: TrafficFormat,
    {
      run,
      servers,
      tally,
      label,
    }: { run: ContractRun; servers: readonly ApiServer[]; tally: FileTally; label: string },
  ): void {
    tally.entries += 1
    const where = `entry ${raw.position}${label}`
    const print = (line: string, to: 'out' | 'error') => {
      this.progress.done()
      if (to === 'out') this.out(line)
      else this.error(line)
    }
    if (raw.text === undefined) {
      tally.unreadable += 1
      print(
        `${where} is ${mebibytes(raw.bytes)}, over the limit of ${mebibytes(this.maxEntryLimit())} for one entry (--max-entry-bytes); it was not read.`,
        'error',
      )
      return
    }
    let value: unknown
    try {
      value = JSON.parse(raw.text)
    } catch (error) {
      tally.unreadable += 1
      print(`${where} is not valid JSON: ${(error as Error).message}.`, 'error')
      return
    }
    const entry = readTrafficEntry(value, format)
    if (entry.kind === 'aborted' || entry.kind === 'unrecorded') {
      tally[entry.kind] += 1
      return
    }
    const request =
      entry.method === undefined ? '' : terminalText(` ${entry.method} ${entry.url ?? ''}`.trimEnd())
    if (entry.kind === 'unreadable') {
      tally.unreadable += 1
      print(`${where}${request} ${entry.problem}.`, 'error')
      return
    }
    const url = recordedUrl(entry.url)
    if (url === undefined) {
      tally.unreadable += 1
      print(`${where}${request} has a request.url that is not a URL.`, 'error')
      return
    }
    const server = findApiServer(servers, url.parsed, url.isRelative)
    if (server === undefined) {
      tally.notApi += 1
      return
    }
    tally.checked += 1
    const exchange = buildExchange({
      request: { ...entry.parts.request, path: `${url.parsed.pathname}${url.parsed.search}` },
      response: entry.parts.response,
    })
    try {
      run.assertResponse(exchange, {
        ...(server.spec === undefined ? {} : { spec: server.spec }),
        validateRequest: this.validateRequest,
      })
    } catch (error) {
      if (!(error instanceof ContractAssertionError)) throw error
      tally.failed += 1
      print(`${where}:${request}\n${error.message}\n`, 'out')
    }
  }

  /** `--spec=<path>` as the spec base path and name it stands for, or the spec flags as given. */
  private specFlags(): Record<string, string | undefined> {
    const flags = {
      specBasePath: this.specBasePath,
      specs: this.specs,
      defaultSpec: this.defaultSpec,
      stripPrefixes: this.stripPrefixes,
      sidecarDir: this.sidecarDir,
    }
    if (this.spec === undefined) return flags
    if (this.specBasePath !== undefined || this.specs !== undefined)
      throw usage('--spec names the spec file: leave out --spec-base-path and --specs, or --spec.')
    const path = resolve(this.context.cwd, this.spec)
    checkFile(`--spec=${this.spec}`, path)
    const shadow = findShadowingSpec(path)
    if (shadow !== undefined) {
      throw new ContractToolError(
        CliErrorCode.ShadowedSpec,
        `--spec=${this.spec} is shadowed by ${shadow}: specs are looked up by name (.json before .yaml before .yml), so that file would be read instead. Remove or rename one of them.`,
      )
    }
    // As a test run configured with the same spec names it, so that their sidecars merge without a conflict.
    const specBasePath = relative(this.context.cwd, dirname(path)) || '.'
    return { ...flags, specBasePath, specs: basename(path, extname(path)) }
  }

  private maxEntryLimit(): number {
    if (this.maxEntryBytes === undefined) return DEFAULT_MAX_ENTRY_BYTES
    const limit = Number(this.maxEntryBytes)
    if (!/^\d+$/.test(this.maxEntryBytes) || !Number.isSafeInteger(limit) || limit < 1)
      throw usage(`--max-entry-bytes must be a positive integer, got '${this.maxEntryBytes}'.`)
    return limit
  }
}

type TrafficFormat = 'har' | 'ndjson'

function usage(message: string): ContractToolError {
  return new ContractToolError(CliErrorCode.Usage, message)
}

/** A file that does not exist or is a directory stops the command before anything is read (exit 2). */
function checkFile(file: string, path: string): void {
  let isFile: boolean
  try {
    isFile = statSync(path).isFile()
  } catch {
    throw unreadableTraffic(file, `no such file (${path})`)
  }
  if (!isFile) throw unreadableTraffic(file, `is not a file; ${EXPECTED_TRAFFIC}`)
}

/**
 * Opens a traffic file and tells its format from its first key: `log` is HAR, `request` or `response` an
 * NDJSON exchange; otherwise `.ndjson` and `.jsonl` are NDJSON and anything else is read as HAR (whose reader
 * says what is missing).
 */
async function openTraffic(
  file: string,
  path: string,
  maxEntryBytes: number,
): Promise<{ format: TrafficFormat; entries: AsyncGenerator<RawEntry> }> {
  const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES })[Symbol.asyncIterator]()
  let first: IteratorResult<Uint8Array>
  try {
    first = await stream.next()
  } catch (error) {
    throw unreadableTraffic(file, `cannot be read (${(error as Error).message})`)
  }
  const head = first.done === true ? '' : Buffer.from(first.value.subarray(0, 256)).toString('utf8')
  const key = /^\uFEFF?\s*\{\s*"([^"]*)"/.exec(head)?.[1]
  const extension = extname(file).toLowerCase()
  const format: TrafficFormat =
    key === 'request' ||
    key === 'response' ||
    (key !== 'log' && (extension === '.ndjson' || extension === '.jsonl'))
      ? 'ndjson'
      : 'har'
  if (format === 'ndjson' && !/^\uFEFF?\s*\{/.test(head))
    throw unreadableTraffic(file, `is not HAR or NDJSON; ${EXPECTED_TRAFFIC}`)
  async function* chunks(): ByteChunks {
    if (first.done === true) return
    yield first.value
    for (let next = await stream.next(); next.done !== true; next = await stream.next()) yield next.value
  }
  const entries =
    format === 'har'
      ? readHarEntries(chunks(), file, maxEntryBytes)
      : readNdjsonEntries(chunks(), maxEntryBytes)
  return { format, entries }
}

/** The recorded URL, parsed; a path alone (an NDJSON exchange may give one) is read as relative. */
function recordedUrl(url: string | undefined): { parsed: URL; isRelative: boolean } | undefined {
  if (url === undefined) return undefined
  if (URL.canParse(url)) return { parsed: new URL(url), isRelative: false }
  if (url.startsWith('/') && URL.canParse(url, RELATIVE_BASE))
    return { parsed: new URL(url, RELATIVE_BASE), isRelative: true }
  return undefined
}

/** ` (recorded.har)` after `entry <n>` when several files are read. */
function label(file: string, count: number): string {
  return count > 1 ? ` (${terminalText(file)})` : ''
}

function summary(file: string, tally: FileTally): string {
  return (
    `${PREFIX} ${terminalText(file)}: ${tally.entries} entr${tally.entries === 1 ? 'y' : 'ies'}, ` +
    `${tally.checked} API call(s) checked (${tally.failed} failed), ${tally.notApi} not under an API server ` +
    `(pages, assets, analytics), ${tally.aborted} without a response, ` +
    `${tally.unrecorded === 0 ? '' : `${tally.unrecorded} whose body was not recorded, `}${tally.unreadable} unreadable.`
  )
}

function mebibytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
}
