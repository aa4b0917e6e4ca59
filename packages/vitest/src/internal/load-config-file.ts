import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ContractTestingError, VitestErrorCode } from '../errors.js'
import { describeValue } from './describe-value.js'

/** Looked up in this order at the project root; the first that exists is read. */
export const CONFIG_FILE_NAMES = [
  'contracttool.config.ts',
  'contracttool.config.js',
  'contracttool.config.mjs',
  'contracttool.config.json',
] as const

/**
 * Reads the optional `contracttool.config.*` shared with the CLI. Modules go through `importModule` (Vitest's
 * module runner, so TypeScript works without a build step) and must `export default` an object.
 */
export async function loadConfigFile(
  root: string,
  importModule: (path: string) => Promise<unknown>,
): Promise<{ readonly source: string; readonly values: unknown } | undefined> {
  const name = CONFIG_FILE_NAMES.find((candidate) => existsSync(join(root, candidate)))
  if (name === undefined) return undefined
  const path = join(root, name)
  if (name.endsWith('.json')) {
    try {
      return { source: name, values: JSON.parse(readFileSync(path, 'utf8')) as unknown }
    } catch (error) {
      throw invalid(name, `cannot be read as JSON: ${(error as Error).message}`, error)
    }
  }
  let module: unknown
  try {
    module = await importModule(path)
  } catch (error) {
    throw invalid(name, `failed to load: ${(error as Error).message}`, error)
  }
  const values = (module as { default?: unknown } | undefined)?.default
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw invalid(name, `must \`export default\` an object of options, got ${describeValue(values)}`)
  }
  return { source: name, values }
}

function invalid(name: string, detail: string, cause?: unknown): ContractTestingError {
  return new ContractTestingError(
    VitestErrorCode.ConfigFileInvalid,
    `FATAL: [contracttool] ${name} ${detail}. Fix the file or remove it; contractTesting() options can carry the same keys.`,
    { file: name, cause },
  )
}
