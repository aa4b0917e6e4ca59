import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  assertBuildsExist,
  type ChildRun,
  copyExampleApp,
  describeRun,
  makeTempRoot,
  REPO_ROOT,
  runAppVitest,
  runChild,
  runContracttool,
} from './example-app.test-kit.js'

/**
 * One bad value, one message, whatever the caller: the same bad option given to `contractTesting()` of
 * `@contracttool/vitest`, to `createContractRun()` of `@contracttool/harness` and to `contracttool
 * coverage:merge`, in the shared `contracttool.config.json` or by the caller itself, is rejected by the
 * harness with one wording (naming the config key, or the input as that caller spells it). The commands that
 * fall back on the config file (`doctor`, `stubs`, `coverage:gate`) refuse a bad file with the same words.
 */

const BASE = { specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore' }

/** The first line the run printed about the bad option. */
function fatalLine(run: ChildRun): string | undefined {
  return run.stderr.split('\n').find((line) => line.startsWith('FATAL: ['))
}

describe('the same bad option through contractTesting(), createContractRun() and coverage:merge', () => {
  let app: string

  beforeAll(() => {
    assertBuildsExist()
    app = copyExampleApp('petstore-express', makeTempRoot('contracttool-it-options-'))
    // The script's own node_modules: the app's is the example app's, shared.
    mkdirSync(join(app, 'plain', 'node_modules', '@contracttool'), { recursive: true })
    symlinkSync(
      join(REPO_ROOT, 'packages/harness'),
      join(app, 'plain', 'node_modules', '@contracttool', 'harness'),
      'dir',
    )
  })

  /** Runs the three callers on the app with `file` as its config file and `given` as each caller's own options. */
  async function runAll(
    file: Record<string, unknown>,
    given: { options: Record<string, unknown>; flags: readonly string[] },
  ) {
    writeFileSync(join(app, 'contracttool.config.json'), JSON.stringify(file))
    writeFileSync(
      join(app, 'vitest.options.config.ts'),
      `import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({ plugins: [contractTesting(${JSON.stringify(given.options)})] })
`,
    )
    writeFileSync(
      join(app, 'plain', 'run.mjs'),
      `import { createContractRun } from '@contracttool/harness'

try {
  await createContractRun(${JSON.stringify(given.options)})
} catch (error) {
  process.stderr.write(error.message + '\\n')
  process.exitCode = 1
}
`,
    )
    const vitest = await runAppVitest(app, 'options', ['--config', 'vitest.options.config.ts'])
    const script = await runChild(process.execPath, ['plain/run.mjs'], { cwd: app })
    const merge = await runContracttool(['coverage:merge', ...given.flags], { cwd: app })
    for (const run of [vitest, script]) expect(run.code, describeRun(run)).toBe(1)
    expect(merge.code, describeRun(merge)).toBe(2)
    return { vitest: fatalLine(vitest), script: fatalLine(script), merge: fatalLine(merge) }
  }

  it.each([
    [
      { strictRequired: 'sometimes' },
      /strictRequired=\S*sometimes\S* is not recognised.*\(contracttool\.config\.json\)/,
    ],
    [{ minEndpointCoverage: 'most' }, /option 'minEndpointCoverage' \(contracttool\.config\.json\)/],
    [{ specs: 'petstore' }, /option 'specs' \(contracttool\.config\.json\)/],
  ])('%j in contracttool.config.json: one message, word for word', async (bad, names) => {
    const lines = await runAll({ ...BASE, ...bad }, { options: {}, flags: [] })
    expect(lines.vitest).toMatch(names)
    expect(lines.script).toBe(lines.vitest)
    expect(lines.merge).toBe(lines.vitest)
    for (const command of [
      ['doctor'],
      ['stubs', '--dry-run'],
      ['coverage:gate', '--base-spec=openapi/petstore.yaml'],
    ]) {
      const run = await runContracttool(command, { cwd: app })
      expect(run.code, describeRun(run)).toBe(2)
      expect(fatalLine(run), command[0]).toBe(lines.vitest)
    }
  })

  it.each([
    ['minEndpointCoverage', 'most', '--min-endpoint-coverage'],
    ['consoleOutput', '', '--console-output'],
    ['strictRequired', 'sometimes', '--strict-required'],
  ])(
    '%s = %j given by the caller: one message, naming the input as each caller spells it',
    async (key, value, flag) => {
      const lines = await runAll(BASE, { options: { [key]: value }, flags: [`${flag}=${value}`] })
      // The input and the caller named, the rest word for word.
      const wording = (line: string | undefined, name: string, caller: string) =>
        line?.replaceAll(name, '<input>').replaceAll(`(${caller})`, '(<caller>)')
      const vitest = wording(lines.vitest, key, 'contractTesting()')
      expect(vitest).toMatch(/^FATAL: .*<input>.*\(<caller>\)/)
      expect(lines.merge).toContain(flag)
      expect(wording(lines.script, key, 'createContractRun()')).toBe(vitest)
      expect(wording(lines.merge, flag, 'contracttool coverage:merge')).toBe(vitest)
    },
  )
})
