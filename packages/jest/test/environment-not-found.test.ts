import { spawnSync } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { PACKAGE_DIR } from './jest-project.test-kit.js'

it('@contracttool/jest/environment says where it looked when jest-environment-node is nowhere to be found', () => {
  const rootDir = realpathSync(mkdtempSync(join(tmpdir(), 'contracttool-jest-')))
  const runner = join(rootDir, 'custom-runner.js')
  try {
    // A child process without NODE_PATH (which pnpm's scripts set): it resolves as a project's Jest would.
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        `const Environment = require(${JSON.stringify(join(PACKAGE_DIR, 'dist/environment.cjs'))}).default
try {
  new Environment({ projectConfig: { rootDir: ${JSON.stringify(rootDir)}, runner: ${JSON.stringify(runner)} } }, {})
} catch (error) {
  console.log(JSON.stringify({ code: error.code, message: error.message }))
}`,
      ],
      { cwd: rootDir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' },
    )
    expect(JSON.parse(child.stdout || '{}'), child.stderr).toEqual({
      code: 'CONTRACTTOOL_JEST_ENVIRONMENT_NOT_FOUND',
      message: `@contracttool/jest/environment runs Jest's node environment, jest-environment-node, and cannot find it from ${rootDir} nor from the Jest runner (${runner}). Install jest-environment-node (the version of your jest) in the project.`,
    })
  } finally {
    rmSync(rootDir, { recursive: true, force: true })
  }
})
