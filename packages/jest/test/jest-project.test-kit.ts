import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export const PACKAGE_DIR = join(import.meta.dirname, '..')

/** Packages a project links from this package's own `node_modules` (the ones its test files import). */
const LINKED = [
  '@contracttool/express',
  'axios',
  '@contracttool/spec-loader',
  'express',
  'jest-openapi',
  'supertest',
  'ts-jest',
  'typescript',
  '@jest/globals',
  '@types/express',
  '@types/supertest',
]

/** Jest 30 (`jest`) or Jest 29 (the `jest29` alias). */
export type JestVersion = 'jest' | 'jest29'

export interface JestRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  /** Jest's `--json` results, when the run wrote them. */
  readonly results:
    | {
        readonly numTotalTests: number
        readonly numPassedTests: number
        readonly numFailedTests: number
        readonly testResults: readonly { readonly message: string }[]
      }
    | undefined
}

/** A throwaway Jest project that installs `@contracttool/jest` from this package (its built `dist`). */
export class JestProject {
  readonly dir: string

  constructor(files: Readonly<Record<string, string>>, jest: JestVersion = 'jest') {
    this.dir = realpathSync(mkdtempSync(join(tmpdir(), 'contracttool-jest-')))
    const modules = join(this.dir, 'node_modules')
    mkdirSync(join(modules, '@contracttool'), { recursive: true })
    symlinkSync(PACKAGE_DIR, join(modules, '@contracttool', 'jest'), 'dir')
    symlinkSync(join(PACKAGE_DIR, 'node_modules', jest), join(modules, 'jest'), 'dir')
    for (const name of LINKED) {
      mkdirSync(dirname(join(modules, name)), { recursive: true })
      symlinkSync(join(PACKAGE_DIR, 'node_modules', name), join(modules, name), 'dir')
    }
    this.write(files)
  }

  write(files: Readonly<Record<string, string>>): void {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(this.dir, path)), { recursive: true })
      writeFileSync(join(this.dir, path), text)
    }
  }

  read(path: string): string | undefined {
    const file = join(this.dir, path)
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined
  }

  /** Runs the project's Jest with `args`; ESM test files need `esm` (Jest's `--experimental-vm-modules`). */
  run(
    args: readonly string[],
    settings: { readonly esm?: boolean; readonly env?: Record<string, string> } = {},
  ): JestRun {
    const resultsFile = join(this.dir, '.results.json')
    rmSync(resultsFile, { force: true })
    const child = spawnSync(
      process.execPath,
      [
        ...(settings.esm === true ? ['--experimental-vm-modules', '--no-warnings'] : []),
        join(this.dir, 'node_modules/jest/bin/jest.js'),
        '--ci',
        '--json',
        `--outputFile=${resultsFile}`,
        ...args,
      ],
      {
        cwd: this.dir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? this.dir,
          NO_COLOR: '1',
          ...settings.env,
        },
        encoding: 'utf8',
        timeout: 180_000,
      },
    )
    return {
      code: child.status,
      stdout: child.stdout,
      stderr: child.stderr,
      results: existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined,
    }
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/** The whole story of a run, for assertion messages. */
export function describeJestRun(run: JestRun): string {
  return `exit code ${run.code}\n--- stdout ---\n${run.stdout}\n--- stderr ---\n${run.stderr}\n--- end ---`
}
