import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'

export const REPO_ROOT = resolve(import.meta.dirname, '../../..')
export const CLI_BIN = join(REPO_ROOT, 'packages/cli/dist/cli.js')

export type ExampleAppName = 'petstore-express' | 'petstore-hono'

/**
 * The builds the example apps load under their own Vitest run: Vite bundles `vitest.config.ts` and hands
 * bare imports to Node, which picks each workspace package's `dist` (the private source condition is only
 * set in the monorepo's own Vitest projects).
 */
const REQUIRED_BUILDS: Readonly<Record<string, string>> = {
  contracttool: 'packages/cli/dist/cli.js',
  '@contracttool/vitest': 'packages/vitest/dist/index.js',
  '@contracttool/fetch': 'packages/fetch/dist/index.js',
  '@contracttool/express': 'packages/express/dist/index.js',
  '@contracttool/contract-checks': 'packages/contract-checks/dist/index.js',
}

/** Throws, naming the build command, when a package the integration proofs run is not built. */
export function assertBuildsExist(): void {
  const missing = Object.entries(REQUIRED_BUILDS).filter(([, file]) => !existsSync(join(REPO_ROOT, file)))
  if (missing.length === 0) return
  throw new Error(
    `Missing build output: ${missing.map(([name, file]) => `${name} (${file})`).join(', ')}.\n` +
      'Build them first: pnpm turbo run build --filter=contracttool... --filter=@contracttool/vitest... ' +
      '--filter=@contracttool/fetch... --filter=@contracttool/express... --filter=@contracttool/contract-checks...',
  )
}

/** A fresh temporary directory (real path, so paths in child output match the ones the test builds). */
export function makeTempRoot(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)))
}

export interface ChildRun {
  readonly command: string
  readonly cwd: string
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * An environment that keeps child output deterministic: no colour, CI mode (no watch, no TTY tricks), and
 * nothing inherited that changes the tool's behaviour (`GITHUB_STEP_SUMMARY`, `CONTRACTTOOL_*`, the
 * parent Vitest's own variables).
 */
export function childEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1', CI: 'true' }
  for (const key of ['PATH', 'HOME', 'TMPDIR']) {
    const value = process.env[key]
    if (value !== undefined) env[key] = value
  }
  return { ...env, ...extra }
}

/** Runs a command to completion; never rejects for a non-zero exit (the caller asserts the code). */
export function runChild(
  file: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv; readonly timeoutMs?: number },
): Promise<ChildRun> {
  const command = [file, ...args].map((part) => (/[\s'"]/.test(part) ? JSON.stringify(part) : part)).join(' ')
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env ?? childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 120_000,
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', (error) => reject(new Error(`Could not start ${command}: ${error.message}`)))
    child.on('close', (code, signal) => {
      resolvePromise({
        command,
        cwd: options.cwd,
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      })
    })
  })
}

/** The whole story of a child run, for assertion messages. */
export function describeRun(run: ChildRun): string {
  return [
    `$ ${run.command}`,
    `  (cwd ${run.cwd})`,
    `exit code ${run.code}${run.signal === null ? '' : `, killed by ${run.signal}`}`,
    '--- stdout ---',
    run.stdout.trimEnd(),
    '--- stderr ---',
    run.stderr.trimEnd(),
    '--- end ---',
  ].join('\n')
}

/** Runs the built `contracttool` bin with Node. */
export function runContracttool(
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv },
): Promise<ChildRun> {
  return runChild(process.execPath, [CLI_BIN, ...args], options)
}

/** Folders of an example app that are its machine's state, not its source. */
// `test/` holds an app's cross-runner tests, which run the app's suites themselves.
const NOT_COPIED = new Set(['node_modules', 'reports', '.tsbuild', '.turbo', 'test'])

/**
 * Copies an example app into `parent` so its suite can run without writing into the repository (its
 * config writes reports under its own folder, and no option or flag redirects them). `node_modules` is a
 * real folder whose entries link to the app's own, so the app's dependencies resolve exactly as in place
 * while Vite's caches (`.vite`, `.vite-temp`) stay in the copy. The tsconfig's repository-relative paths
 * are made absolute.
 */
export function copyExampleApp(name: ExampleAppName, parent: string): string {
  const source = join(REPO_ROOT, 'apps', name)
  const dir = join(parent, name)
  cpSync(source, dir, {
    recursive: true,
    filter: (path) => !NOT_COPIED.has(relative(source, path).split(sep)[0] ?? ''),
  })
  mkdirSync(join(dir, 'node_modules'))
  for (const entry of readdirSync(join(source, 'node_modules'))) {
    if (entry === '.vite' || entry === '.vite-temp') continue
    symlinkSync(join(source, 'node_modules', entry), join(dir, 'node_modules', entry))
  }
  const tsconfigPath = join(dir, 'tsconfig.json')
  const tsconfig = JSON.parse(readFileSync(tsconfigPath, 'utf8')) as {
    extends?: string
    references?: { path: string }[]
  }
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(source, path))
  if (tsconfig.extends !== undefined) tsconfig.extends = absolute(tsconfig.extends)
  if (tsconfig.references !== undefined) {
    tsconfig.references = tsconfig.references.map((reference) => ({ path: absolute(reference.path) }))
  }
  writeFileSync(tsconfigPath, `${JSON.stringify(tsconfig, null, 2)}\n`)
  return dir
}

/**
 * Replaces `from` with `to` in a copied file; throws when `from` does not occur exactly once, so a change
 * to the example app cannot silently turn an edit into a no-op.
 */
export function editFile(path: string, from: string, to: string): void {
  const text = readFileSync(path, 'utf8')
  const count = text.split(from).length - 1
  if (count !== 1) throw new Error(`Expected exactly one ${JSON.stringify(from)} in ${path}, found ${count}.`)
  writeFileSync(path, text.replace(from, to))
}

export interface VitestResults {
  readonly numTotalTests: number
  readonly numPassedTests: number
  readonly numFailedTests: number
  readonly testResults: readonly {
    readonly name: string
    readonly assertionResults: readonly {
      readonly title: string
      readonly status: string
      readonly failureMessages: readonly string[]
    }[]
  }[]
}

export interface VitestRun extends ChildRun {
  /** Vitest's JSON report, or undefined when the run wrote none (it stopped before running tests). */
  readonly results: VitestResults | undefined
}

/**
 * Runs the app's own Vitest binary in the app folder, so its config and the plugin are what runs. Vitest's
 * JSON report goes to `<app>/../<label>.results.json` beside the usual console output.
 */
export async function runAppVitest(
  appDir: string,
  label: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = childEnv(),
): Promise<VitestRun> {
  const resultsFile = resolve(appDir, '..', `${label}.results.json`)
  const run = await runChild(
    join(appDir, 'node_modules/.bin/vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`],
    { cwd: appDir, env },
  )
  const results = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as VitestResults)
    : undefined
  return { ...run, results }
}

/** `<file relative to the app> > <test title>` → `passed`, or the first line of the failure. */
export function outcomes(appDir: string, results: VitestResults | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const file of results?.testResults ?? []) {
    for (const test of file.assertionResults) {
      const key = `${relative(appDir, file.name)} > ${test.title}`
      out[key] = test.status === 'failed' ? (test.failureMessages[0] ?? '').split('\n')[0]! : test.status
    }
  }
  return out
}

/** The console coverage report: from its title to the blank line that ends the last table. */
export function consoleReport(stdout: string): string | undefined {
  const lines = stdout.split('\n')
  const start = lines.indexOf('OpenAPI Contract Test Coverage')
  if (start === -1) return undefined
  const legend = lines.findIndex((line, i) => i > start && line.startsWith('Legend:'))
  if (legend === -1) return undefined
  const end = lines.findIndex((line, i) => i > legend && line.trim() === '')
  return lines.slice(start, end === -1 ? undefined : end).join('\n')
}

/** The lines from the first one starting with `first` through the next one starting with `last`. */
export function block(text: string, first: string, last: string): string | undefined {
  const lines = text.split('\n')
  const start = lines.findIndex((line) => line.startsWith(first))
  if (start === -1) return undefined
  const end = lines.findIndex((line, i) => i > start && line.startsWith(last))
  return end === -1 ? undefined : lines.slice(start, end + 1).join('\n')
}

/** A coverage JSON file's text with its one timestamp blanked: what two runs of one suite must share. */
export function coverageJsonText(path: string): string {
  return readFileSync(path, 'utf8').replace(/"generated_at": ?"[^"]*"/, '"generated_at":""')
}

/** The strict-required drift lines a run printed (`  GET /pets …`, `  - /createdAt`). */
export function driftLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('  GET ') || line.startsWith('  - /'))
}
