import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { fixturePath } from '@contracttool/fixtures'
import type { ContractRunOptions } from '@contracttool/harness'
import type { startVitest } from 'vitest/node'
import { contractTesting } from './contract-testing.js'

const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const RUNS_DIR = join(PACKAGE_DIR, '.vitest-runs')

/** Vite's default server conditions with the workspace's source condition first, as in vitest.shared.ts. */
const SOURCE_CONDITIONS = ['@contracttool/source', 'module', 'node', 'development|production']

export interface RunResult {
  readonly stdout: string
  readonly stderr: string
  /** What the run left in `process.exitCode`. */
  readonly exitCode: number
  /** Set when Vitest refused to start. */
  readonly startError: Error | undefined
  readonly dir: string
  /** Test states by name, for runs that started. */
  readonly tests: Readonly<Record<string, string>>
  /** Error messages of failed tests and modules, by name. */
  readonly errors: Readonly<Record<string, readonly string[]>>
}

export interface RunOptions {
  /** `contractTesting()` options; `false` runs Vitest without the plugin. */
  readonly plugin?: unknown
  readonly filters?: readonly string[]
  readonly config?: Parameters<typeof startVitest>[2]
  readonly env?: Readonly<Record<string, string | undefined>>
  /** Reuse a project directory (for several runs on one project). */
  readonly dir?: string
  /** Extra module aliases for the inner run. */
  readonly alias?: Readonly<Record<string, string>>
}

/**
 * Writes a throwaway project inside this package (so `express`, `supertest` and `@contracttool/*` resolve
 * from its node_modules), with `openapi/petstore.json` copied from the fixtures, and runs Vitest on it in
 * process with the `contractTesting()` plugin. Output is captured; `process.exitCode` is restored.
 */
export async function runContractVitest(
  files: Readonly<Record<string, string>>,
  options: RunOptions = {},
): Promise<RunResult> {
  const dir = options.dir === undefined ? writeProject(files) : writeFiles(options.dir, files)
  let stdout = ''
  let stderr = ''
  const sink = (append: (text: string) => void) => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        append(String(chunk))
        done()
      },
    })
    // Vitest pipes each worker's output into these streams, and a finished pipe ends its destination.
    stream.end = () => stream
    return stream
  }
  const out = sink((text) => {
    stdout += text
  })
  const err = sink((text) => {
    stderr += text
  })
  const savedEnv = { ...process.env }
  const savedExitCode = process.exitCode
  const writeStderr = process.stderr.write
  for (const name of ['GITHUB_STEP_SUMMARY', 'CONTRACTTOOL_CONSOLE_OUTPUT', 'CONTRACTTOOL_SIDECAR_DIR'])
    delete process.env[name]
  Object.assign(process.env, options.env)
  // The plugin writes its FATAL line straight to stderr, before Vitest's logger exists.
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk)
    return true
  }) as typeof process.stderr.write
  process.exitCode = undefined
  let startError: Error | undefined
  const tests: Record<string, string> = {}
  const errors: Record<string, string[]> = {}
  try {
    const vitestNode = await import('vitest/node')
    const vitest = await vitestNode.startVitest(
      'test',
      [...(options.filters ?? [])],
      {
        root: dir,
        config: false,
        watch: false,
        include: ['**/*.test.ts'],
        reporters: [{}],
        ...options.config,
      },
      {
        plugins:
          options.plugin === false
            ? []
            : [
                contractTesting(
                  (options.plugin ?? {
                    specBasePath: 'openapi',
                    specs: ['petstore'],
                    defaultSpec: 'petstore',
                  }) as ContractRunOptions,
                ),
              ],
        resolve: {
          alias: { '@contracttool/vitest': join(PACKAGE_DIR, 'src/index.ts'), ...options.alias },
          conditions: SOURCE_CONDITIONS,
        },
        ssr: { resolve: { conditions: SOURCE_CONDITIONS, externalConditions: ['@contracttool/source'] } },
      },
      { stdout: out, stderr: err },
    )
    for (const module of vitest.state.getTestModules()) {
      for (const test of module.children.allTests()) {
        const result = test.result()
        tests[test.fullName] = result.state
        if (result.errors !== undefined && result.errors.length > 0)
          errors[test.fullName] = result.errors.map((e) => e.message)
      }
      if (module.errors().length > 0) errors[module.moduleId] = module.errors().map((e) => e.message)
    }
    await vitest.close()
  } catch (error) {
    startError = error as Error
  } finally {
    process.stderr.write = writeStderr
  }
  const exitCode = process.exitCode
  process.exitCode = savedExitCode
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name]
  Object.assign(process.env, savedEnv)
  return { stdout, stderr, exitCode: Number(exitCode ?? 0), startError, dir, tests, errors }
}

/**
 * Writes a throwaway project inside this package, with `openapi/petstore.json` copied from the fixtures
 * unless `files` has an `openapi/` folder, and returns its directory.
 */
export function writeProject(files: Readonly<Record<string, string>>): string {
  mkdirSync(RUNS_DIR, { recursive: true })
  const dir = mkdtempSync(join(RUNS_DIR, 'run-'))
  if (!Object.keys(files).some((path) => path.startsWith('openapi/'))) {
    mkdirSync(join(dir, 'openapi'), { recursive: true })
    cpSync(fixturePath('petstore-3.1.json'), join(dir, 'openapi', 'petstore.json'))
  }
  return writeFiles(dir, files)
}

function writeFiles(dir: string, files: Readonly<Record<string, string>>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

/** Removes every project `runContractVitest()` created. */
export function removeRuns(): void {
  rmSync(RUNS_DIR, { recursive: true, force: true })
}
