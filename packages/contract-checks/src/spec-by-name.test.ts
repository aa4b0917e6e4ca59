import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ExploredCase } from '@contracttool/explorer'
import { fixturePath } from '@contracttool/fixtures'
import { type ContractRun, createContractRun } from '@contracttool/harness'
import { SpecRegistry } from '@contracttool/spec-loader'
import { afterEach, describe, expect, it } from 'vitest'
import { ContractCheck } from './contract-check.js'
import { OpenApiContractChecks } from './open-api-contract-checks.js'

// A spec given by name: explicit options, then the active contract-testing run, then contracttool.config.*.

let dirs: string[] = []
let runs: ContractRun[] = []
afterEach(async () => {
  for (const run of runs) await run.finish()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  dirs = []
  runs = []
})

/** A project root with `openapi/shop.yaml` and the given files. */
function project(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'contracttool-checks-'))
  dirs.push(root)
  mkdirSync(join(root, 'openapi'))
  copyFileSync(fixturePath('contract-checks/shop.yaml'), join(root, 'openapi', 'shop.yaml'))
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content)
  return root
}

/** A run of this process configured with `specs`, printing nowhere. */
async function activeRun(root: string, specs: string[]): Promise<ContractRun> {
  const run = await createContractRun(
    { specBasePath: 'openapi', specs },
    { root, io: { out: () => undefined, err: () => undefined, env: {}, color: false } },
  )
  runs.push(run)
  return run
}

/** The probes `unsupported_method` sends for `spec`, as curl lines: the same spec gives the same lines. */
async function probes(spec: string, options: Parameters<typeof OpenApiContractChecks.run>[1]) {
  const sent: ExploredCase[] = []
  await OpenApiContractChecks.run(spec, options)
    .checks([ContractCheck.UnsupportedMethod])
    .dispatchUsing((probe) => {
      sent.push(probe)
      return 405
    })
    .report()
  return sent.map((probe) => probe.curl('', { redact: false }))
}

async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise
  } catch (error) {
    return error as { code: string; message: string }
  }
  throw new Error('expected a failure')
}

const fromFolder = () => probes('shop', { seed: 7, basePath: fixturePath('contract-checks') })

describe('a spec given by name', () => {
  it('comes from the contract-testing run of the process, as configured there', async () => {
    const root = project()
    await activeRun(root, ['shop'])
    const lines = await probes('shop', { seed: 7 })
    expect(lines.length).toBeGreaterThan(0)
    expect(lines).toEqual(await fromFolder())
  })

  it("is refused with the run's own message when the run does not configure it", async () => {
    await activeRun(project(), ['shop'])
    expect(await failureOf(probes('petstore', { seed: 7 }))).toMatchObject({
      code: 'CONTRACTTOOL_HARNESS_SPEC_NOT_CONFIGURED',
      message: expect.stringContaining(
        "Spec 'petstore' is not configured: createContractRun() tracks 'shop'.",
      ),
    })
  })

  it('comes from { basePath } or { registry } first, even while a run is active', async () => {
    await activeRun(project(), ['shop'])
    const dir = mkdtempSync(join(tmpdir(), 'contracttool-checks-'))
    dirs.push(dir)
    copyFileSync(fixturePath('contract-checks/shop.yaml'), join(dir, 'other.yaml'))
    // 'other' is not among the run's specs: only the folder and the registry know it.
    const lines = await probes('other', { seed: 7, basePath: dir })
    expect(lines).toHaveLength((await fromFolder()).length)
    expect(await probes('other', { seed: 7, registry: new SpecRegistry({ basePath: dir }) })).toEqual(lines)
  })

  it('comes from contracttool.config.* under root when no run is active', async () => {
    const root = project({
      'contracttool.config.json': JSON.stringify({ specBasePath: 'openapi', specs: ['shop'] }),
    })
    expect(await probes('shop', { seed: 7, root })).toEqual(await fromFolder())
  })

  it('is refused, naming the config file and its specs, when the file does not configure it', async () => {
    const root = project({
      'contracttool.config.json': JSON.stringify({ specBasePath: 'openapi', specs: ['shop'] }),
    })
    expect(await failureOf(probes('petstore', { seed: 7, root }))).toMatchObject({
      code: 'CONTRACTTOOL_CHECKS_SPEC_UNRESOLVED',
      message:
        "OpenApiContractChecks.run('petstore') cannot find the spec: contracttool.config.json configures specs 'shop', not 'petstore'. Pass { basePath } or { registry } with the name, or pass a LoadedSpec.",
    })
  })

  it('is refused, saying where it was looked for, when nothing names it', async () => {
    const root = project()
    expect(await failureOf(probes('shop', { seed: 7, root }))).toMatchObject({
      code: 'CONTRACTTOOL_CHECKS_SPEC_UNRESOLVED',
      message: `OpenApiContractChecks.run('shop') cannot find the spec: no contract-testing run is active in this process (contractTesting(), createContractRun()) and ${root} has no contracttool.config.*. Pass { basePath } or { registry } with the name, or pass a LoadedSpec.`,
    })
  })

  it('refuses a root that is not a non-empty string', () => {
    expect(() => OpenApiContractChecks.run('shop', { seed: 7, root: '' })).toThrowError(
      expect.objectContaining({
        code: 'CONTRACTTOOL_CHECKS_INVALID_OPTION',
        message: expect.stringContaining('root must be a non-empty string.'),
      }),
    )
  })
})
