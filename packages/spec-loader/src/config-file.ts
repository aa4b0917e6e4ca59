import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ContractToolError, isObject } from '@contracttool/kernel'
import { documentTypeOf } from '@contracttool/kernel/internal'
import { SpecErrorCode } from './errors.js'

/** Looked up in this order at the project root; the first that exists is read. */
export const CONFIG_FILE_NAMES = [
  'contracttool.config.ts',
  'contracttool.config.js',
  'contracttool.config.mjs',
  'contracttool.config.json',
] as const

/** A project's `contracttool.config.*`: the file name and the object it holds, not yet checked key by key. */
export interface ConfigFile {
  /** File name, relative to the root, for messages (`contracttool.config.json`). */
  readonly source: string
  readonly values: Readonly<Record<string, unknown>>
}

export interface ReadConfigFileOptions {
  /**
   * Imports a module config. Default: Node's own `import()`, which runs `.ts` only where Node strips types
   * (22.18 and later); the Vitest plugin passes its module runner instead.
   */
  readonly importModule?: (path: string) => Promise<unknown>
}

/**
 * Reads the optional `contracttool.config.{ts,js,mjs,json}` at `root`, shared by the Vitest plugin and the CLI
 * so both read the same `specBasePath`, `specs`, … Modules must `export default` an object. Returns
 * `undefined` when there is no such file; throws a `ContractToolError` with `SpecErrorCode.ConfigFileInvalid`,
 * naming the file, when it cannot be read.
 *
 * @example
 * const config = await readConfigFile(process.cwd())
 * config?.values.specBasePath // 'openapi'
 */
export async function readConfigFile(
  root: string,
  options: ReadConfigFileOptions = {},
): Promise<ConfigFile | undefined> {
  const name = CONFIG_FILE_NAMES.find((candidate) => existsSync(join(root, candidate)))
  if (name === undefined) return undefined
  const path = join(root, name)
  let values: unknown
  if (name.endsWith('.json')) {
    try {
      values = JSON.parse(readFileSync(path, 'utf8')) as unknown
    } catch (error) {
      throw invalid(name, `cannot be read as JSON: ${(error as Error).message}`, error)
    }
    if (!isObject(values))
      throw invalid(name, `must hold an object of options, got ${documentTypeOf(values)}`)
    return { source: name, values }
  }
  let module: unknown
  try {
    module = await (options.importModule ?? importNatively)(path)
  } catch (error) {
    throw invalid(name, describeImportFailure(name, error), error)
  }
  values = (module as { default?: unknown } | undefined)?.default
  if (!isObject(values)) {
    const got = values === undefined ? 'undefined' : documentTypeOf(values)
    throw invalid(name, `must \`export default\` an object of options, got ${got}`)
  }
  return { source: name, values }
}

function importNatively(path: string): Promise<unknown> {
  return import(pathToFileURL(path).href)
}

function describeImportFailure(name: string, error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code
  if (name.endsWith('.ts') && code === 'ERR_UNKNOWN_FILE_EXTENSION') {
    return `cannot be loaded: Node ${process.version} does not run TypeScript by itself (Node 22.18 and later do); rename it to contracttool.config.mjs or .json`
  }
  return `failed to load: ${error instanceof Error ? error.message : String(error)}`
}

function invalid(name: string, detail: string, cause?: unknown): ContractToolError {
  return new ContractToolError(SpecErrorCode.ConfigFileInvalid, `${name} ${detail}.`, { file: name, cause })
}
