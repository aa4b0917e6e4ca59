// The test environment `withContractTesting()` sets in place of Jest's `node` environment. Jest gives every test
// file a fresh module registry, so whatever a setup file imports is loaded, compiled and warmed up again in
// each file. Jest loads a test environment with Node's own `require` instead, once per worker process: the
// checks loaded here stay loaded, and their code stays optimised, from one test file to the next.
//
// They are the installed packages' own builds, not one bundle compiled with a V8 code cache as the Vitest
// binding's test files load theirs (`workerBundle()` of the harness): that saves each load about 55 ms (80 ms
// to 26 ms, median of 15 fresh processes), which Vitest pays in every test file and Jest once per worker
// process, under 3 ms a file on a suite of 20 files, too little to tell from a Jest run's own noise.

import { createRequire } from 'node:module'
import { isAbsolute, join } from 'node:path'
import { ContractJestError, JestErrorCode } from './errors.js'
import { provideChecks } from './internal/checks-slot.js'
import { jestChecks } from './internal/jest-checks.js'

/** The parts of Jest's project config this environment reads (Jest 29 and 30). */
interface ProjectConfig {
  readonly rootDir: string
  /** The resolved path of the test runner (`jest-runner`, which depends on `jest-environment-node`). */
  readonly runner?: string | undefined
}

/** The object Jest constructs a test environment from (its other fields are passed on untouched). */
interface EnvironmentConfig {
  readonly projectConfig: ProjectConfig
}

type NodeEnvironmentClass = new (config: EnvironmentConfig, context: unknown) => { readonly global: object }

const classes = new Map<string, NodeEnvironmentClass>()

/**
 * Jest's `node` test environment (`jest-environment-node`, found as Jest finds it for `testEnvironment: 'node'`)
 * with the checks of this worker process handed to the test file's global. Jest constructs it with `new`.
 *
 * @example
 * // jest.config.js: withContractTesting() sets this when testEnvironment is unset or 'node'
 * module.exports = { testEnvironment: '@contracttool/jest/environment' }
 */
export default function ContractTestEnvironment(config: EnvironmentConfig, context: unknown): object {
  const NodeEnvironment = nodeEnvironmentClass(config.projectConfig)
  const environment = new NodeEnvironment(config, context)
  provideChecks(environment.global, jestChecks)
  return environment
}

function nodeEnvironmentClass(project: ProjectConfig): NodeEnvironmentClass {
  const path = resolveNodeEnvironment(project)
  let found = classes.get(path)
  if (found === undefined) {
    found = (createRequire(path)(path) as { TestEnvironment: NodeEnvironmentClass }).TestEnvironment
    classes.set(path, found)
  }
  return found
}

/**
 * Where `jest-environment-node` is: from the project's root first, as Jest looks it up, else beside the Jest
 * runner of the run (a project that installed only `jest` under a strict `node_modules` layout, such as pnpm's,
 * reaches it only through Jest's own packages).
 */
function resolveNodeEnvironment(project: ProjectConfig): string {
  const from = [join(project.rootDir, 'package.json')]
  if (project.runner !== undefined && isAbsolute(project.runner)) from.push(project.runner)
  for (const base of from) {
    try {
      return createRequire(base).resolve('jest-environment-node')
    } catch {
      // Not installed there: try the next place.
    }
  }
  throw new ContractJestError(
    JestErrorCode.EnvironmentNotFound,
    `@contracttool/jest/environment runs Jest's node environment, jest-environment-node, and cannot find it from ${project.rootDir} nor from the Jest runner (${project.runner ?? 'none configured'}). ` +
      'Install jest-environment-node (the version of your jest) in the project.',
  )
}
