import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { ContractToolError } from '@contracttool/kernel'
import { didYouMean, terminalText } from '@contracttool/kernel/internal'
import { planStubs, resolveAppImport, STUB_ADAPTERS, STUB_RUNNERS } from '@contracttool/stubgen'
import {
  DEFAULT_APP_MODULE,
  type StubAdapter,
  type StubModuleFormat,
  type StubRunner,
} from '@contracttool/stubgen/internal'
import { Command, Option } from 'clipanion'
import { CliErrorCode } from '../cli-error-code.js'
import { BaseCommand } from '../internal/base-command.js'
import { specSource } from '../internal/configured-spec.js'
import { loadSpecArgument } from '../internal/load-spec-argument.js'
import { createProgress } from '../internal/progress.js'
import { readCoverageFile } from '../internal/read-coverage-file.js'
import { writeNewFile } from '../internal/write-new-file.js'

const DEFAULT_OUTPUT = 'tests/contract'

/** `contracttool stubs`: writes test skeletons for the documented responses no test validated. */
export class StubsCommand extends BaseCommand {
  static override paths = [['stubs']]

  static override usage = Command.Usage({
    description: 'Write test stubs for documented responses no test validated yet.',
    details: `
      One file per operation (named from method and path: \`GET /pets/{petId}\` → \`get-pets-pet-id.test.ts\`), one test per (status, content type) tuple. With \`--coverage\`, validated responses get no test and uncovered or skipped ones do; without it the whole spec is stubbed. Only GET, POST, PUT, PATCH, DELETE, QUERY and OpenAPI 3.2 \`additionalOperations\` are stubbed. Existing files are never overwritten, and two runs write identical bytes.

      \`--runner\` picks the test runner the files are written for: \`vitest\` (\`.test.ts\`), \`jest\` (\`.test.cjs\`, or \`.test.ts\` with ts-jest), \`node-test\` and \`mocha\` (\`.test.mjs\`), \`playwright\` (\`.spec.ts\`): each in the module format that runner loads without extra flags. Without it, the runner is the one the project's package.json depends on, and the output says which. Each test starts skipped (Vitest: \`ctx.skip('TODO: …')\`; the others: \`test.skip\`, \`it.skip\` or node:test's \`skip\` option); turn it on once the app can produce the response. A 404 test asks for an id no example names, and Fastify stubs close the app. Adapters: \`plain\` (asserts a hand-built exchange, sends nothing), \`supertest\` (\`request(app)\`), \`fastify\` (\`app.inject\`), \`fetch\` (\`contractFetch(app)\` from @contracttool/fetch).

      \`--app-module=<file>[#<export>[()]]\` says where tests import the app from: \`src/app.ts\` (default export), \`src/app.ts#app\` (named export), \`src/app.ts#buildApp()\` (a factory each test awaits). Default: ${DEFAULT_APP_MODULE}.

      Without \`--spec\`, stubs the spec a \`contracttool.config.*\` in the working directory names: \`--spec-name\`, else its \`defaultSpec\`, else its only entry in \`specs\`, read from \`specBasePath\` as the tests read it.

      Exit codes: 0 stubs written or nothing left to stub, 2 usage error or unreadable input.
    `,
    examples: [
      ['Stub every response of a spec as plain tests', '$0 stubs --spec=openapi.yaml'],
      [
        "Stub what the last run left uncovered in the config's default spec",
        '$0 stubs --coverage=reports/coverage.json --adapter=supertest',
      ],
      [
        'Stub what a coverage run left uncovered, as supertest tests',
        '$0 stubs --spec=openapi.yaml --coverage=reports/coverage.json --adapter=supertest --app-module=src/app.ts#app',
      ],
      [
        'Preview without writing',
        '$0 stubs --spec=openapi.yaml --adapter=fetch --output=test/contract --dry-run',
      ],
      [
        'Prefix every request with the mount path',
        '$0 stubs --spec=openapi.yaml --adapter=fastify --request-prefix=/api/v1',
      ],
    ],
  })

  protected readonly errorPrefix = '[contracttool]'

  spec = Option.String('--spec', {
    description: 'Spec file (.json, .yaml or .yml); default: the one contracttool.config.* names',
  })
  coverage = Option.String('--coverage', {
    description: 'Coverage JSON (schema_version 3); omitted: stub the whole spec',
  })
  specName = Option.String('--spec-name', {
    description:
      'Spec name in the coverage JSON and in the tests (default: file name); without --spec, the configured spec to stub',
  })
  runner = Option.String('--runner', {
    description: `Test runner: ${STUB_RUNNERS.join(', ')} (default: the one package.json depends on)`,
  })
  adapter = Option.String('--adapter', {
    description: `Test style: ${STUB_ADAPTERS.join(', ')} (default plain)`,
  })
  output = Option.String('--output', {
    description: `Directory the files are written to (default ${DEFAULT_OUTPUT})`,
  })
  appModule = Option.String('--app-module', {
    description: `Module tests import the app from (default ${DEFAULT_APP_MODULE})`,
  })
  dryRun = Option.Boolean('--dry-run', false, { description: 'Report what would be written, write nothing' })
  requestPrefix = Option.String('--request-prefix', {
    description: 'Mount path prepended to every request (not with plain)',
  })

  protected async run(): Promise<number> {
    const cwd = this.context.cwd
    if (this.spec === '') return this.usage('--spec must not be empty.')
    const adapter = this.adapter ?? 'plain'
    if (!(STUB_ADAPTERS as readonly string[]).includes(adapter)) {
      return this.usage(`--adapter must be one of ${STUB_ADAPTERS.join(', ')}, got '${adapter}'.`)
    }
    if (this.runner !== undefined && !(STUB_RUNNERS as readonly string[]).includes(this.runner)) {
      return this.usage(
        `--runner must be one of ${STUB_RUNNERS.join(', ')}, got '${this.runner}'.${didYouMean(this.runner, STUB_RUNNERS, "'")}`,
      )
    }
    const target = stubTarget(this.runner as StubRunner | undefined, cwd)
    const outputDir = resolveOutput(this.output, cwd)
    const coverage = this.coverage === undefined ? undefined : readCoverageFile(this.coverage, cwd)
    const source = await specSource(cwd, this.context.env, this.spec, this.specName)
    // Named as configured, or `--spec-name`: the name the coverage JSON and the tests know it by.
    const spec = await loadSpecArgument(
      source.flag,
      source.path,
      cwd,
      source.configured?.name ?? this.specName,
    )
    const specName = spec.name
    const appImport = resolveAppImport(this.appModule ?? DEFAULT_APP_MODULE, outputDir, cwd)
    const plan = planStubs(spec, {
      specName,
      adapter: adapter as StubAdapter,
      runner: target.runner,
      moduleFormat: target.moduleFormat,
      coverage,
      appImport,
      requestPrefix: this.requestPrefix,
    })

    if (target.inferred !== undefined) this.out(`[contracttool] ${target.inferred}`)
    const shownDir = relative(cwd, outputDir) || '.'
    const written: string[] = []
    const untouched: string[] = []
    let covered = 0
    if (plan.files.length > 0 && !this.dryRun) mkdirOutput(outputDir, this.output ?? DEFAULT_OUTPUT)
    const progress = createProgress(this.context.stderr, 'contracttool stubs')
    for (const [index, file] of plan.files.entries()) {
      progress.update(index + 1, plan.files.length, file.path)
      const target = join(outputDir, file.path)
      const isNew = this.dryRun ? !exists(target) : writeNewFile(target, file.content)
      if (isNew) {
        written.push(file.path)
        covered += file.responses.length
      } else {
        untouched.push(file.path)
      }
    }
    progress.done()

    if (plan.files.length === 0) {
      this.out(
        coverage === undefined
          ? `[contracttool] Nothing to stub: '${terminalText(specName)}' documents no responses of stubbable operations.`
          : `[contracttool] Nothing to stub: every documented response of '${terminalText(specName)}' is validated in ${this.coverage}.`,
      )
    } else if (written.length > 0) {
      const verb = this.dryRun ? 'Dry run: would write' : 'Wrote'
      this.out(
        `[contracttool] ${verb} ${count(written.length, 'file')} covering ${count(covered, 'uncovered response')} to ${shownDir}:`,
      )
      for (const name of written) this.out(`  + ${terminalText(name)}`)
    } else {
      this.out(`[contracttool] Nothing new to write to ${shownDir}.`)
    }
    if (untouched.length > 0) {
      const were = untouched.length === 1 ? 'file already exists and was' : 'files already exist and were'
      this.out(`[contracttool] ${untouched.length} ${were} left untouched:`)
      for (const name of untouched) this.out(`  = ${terminalText(name)}`)
    }
    if (plan.unstubbable.length > 0) {
      this.out(`[contracttool] ${count(plan.unstubbable.length, 'response')} could not be stubbed:`)
      for (const entry of plan.unstubbable) {
        const tuple =
          entry.contentType === '*'
            ? `${entry.statusKey} (no content)`
            : `${entry.statusKey} ${entry.contentType}`
        this.out(terminalText(`  ! ${entry.endpoint} ${tuple}: ${entry.reason}`))
      }
    }
    for (const note of plan.notes) this.out(`[contracttool] ${terminalText(note)}`)
    return 0
  }
}

// The runners a project's dependencies name, in the order one is picked when several are there.
const RUNNER_PACKAGES: readonly (readonly [StubRunner, string])[] = [
  ['vitest', 'vitest'],
  ['jest', 'jest'],
  ['mocha', 'mocha'],
  ['playwright', '@playwright/test'],
]

/**
 * The runner stubs are written for and their module format: `--runner`, else the runner the project's
 * `package.json` depends on (none: node:test, which needs no package), with the sentence saying so. Jest
 * gets TypeScript only where the project compiles it (ts-jest, or Babel's TypeScript preset), CommonJS
 * `.cjs` otherwise, which it loads in a `"type": "module"` project too.
 */
function stubTarget(
  given: StubRunner | undefined,
  cwd: string,
): { runner: StubRunner; moduleFormat: StubModuleFormat; inferred: string | undefined } {
  const dependencies = projectDependencies(cwd)
  const found = RUNNER_PACKAGES.filter(([, name]) => dependencies.has(name))
  const runner = given ?? found[0]?.[0] ?? 'node-test'
  const compilesTs =
    dependencies.has('ts-jest') ||
    (dependencies.has('babel-jest') && dependencies.has('@babel/preset-typescript'))
  const moduleFormat: StubModuleFormat =
    runner === 'jest'
      ? compilesTs
        ? 'ts'
        : 'cjs'
      : runner === 'node-test' || runner === 'mocha'
        ? 'esm'
        : 'ts'
  if (given !== undefined) return { runner, moduleFormat, inferred: undefined }
  const why =
    found[0] === undefined
      ? 'package.json names no vitest, jest, mocha or @playwright/test'
      : `package.json depends on ${found[0][1]}${
          found.length > 1
            ? ` (also ${found
                .slice(1)
                .map(([, name]) => name)
                .join(', ')})`
            : ''
        }`
  return {
    runner,
    moduleFormat,
    inferred: `Writing ${runner} tests: ${why}; pass --runner=${STUB_RUNNERS.join('|')} to choose.`,
  }
}

function projectDependencies(cwd: string): ReadonlySet<string> {
  try {
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as Record<string, unknown>
    const names = new Set<string>()
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
      const block = manifest[field]
      if (typeof block === 'object' && block !== null) for (const name of Object.keys(block)) names.add(name)
    }
    return names
  } catch {
    return new Set()
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

/**
 * The output directory. A relative path that climbs out of the working directory through `..` is refused
 * (a typo there writes files in someone else's tree); an absolute path is taken as the explicit choice.
 */
function resolveOutput(output: string | undefined, cwd: string): string {
  const given = output ?? DEFAULT_OUTPUT
  if (given === '') throw new ContractToolError(CliErrorCode.Usage, '--output must not be empty.')
  const absolute = resolve(cwd, given)
  if (!isAbsolute(given)) {
    const inside = relative(cwd, absolute)
    if (inside === '..' || inside.startsWith(`..${'/'}`) || inside.startsWith('..\\')) {
      throw new ContractToolError(
        CliErrorCode.UnusableOutput,
        `--output=${given} leaves the working directory (${cwd}); pass an absolute path if that is really where the stubs belong.`,
      )
    }
  }
  try {
    if (!statSync(absolute).isDirectory()) {
      throw new ContractToolError(
        CliErrorCode.UnusableOutput,
        `--output=${given} is a file; expected a directory.`,
      )
    }
  } catch (error) {
    if (error instanceof ContractToolError) throw error
  }
  return absolute
}

function mkdirOutput(absolute: string, given: string): void {
  try {
    mkdirSync(absolute, { recursive: true })
  } catch (cause) {
    throw new ContractToolError(
      CliErrorCode.UnusableOutput,
      `--output=${given} cannot be created: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}.`,
      { cause },
    )
  }
}

function exists(path: string): boolean {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}
