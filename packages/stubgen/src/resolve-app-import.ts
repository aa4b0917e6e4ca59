import { relative, resolve, sep } from 'node:path'
import { ContractToolError } from '@contracttool/kernel'
import { StubgenErrorCode } from './errors.js'
import type { AppImport } from './types.js'

/** The module generated tests import the app from when `--app-module` is not given. */
export const DEFAULT_APP_MODULE = 'src/app.ts'

/**
 * Turns an `--app-module` value into the import a generated test writes. The value is
 * `<file>[#<export>[()]]`: `src/app.ts` imports the default export, `src/app.ts#app` the named export
 * `app`, and `src/app.ts#buildApp()` a factory each test calls (`const app = await createApp()`).
 * `<file>` is resolved against `cwd` and imported relative to `outputDir`, with `.ts` written as `.js`
 * (NodeNext resolution; Vitest maps it back).
 *
 * @throws ContractToolError `CONTRACTTOOL_STUBS_INVALID_APP_MODULE`
 * @example
 * resolveAppImport('src/app.ts#app', 'tests/contract', '/repo')
 * // { specifier: '../../src/app.js', exportName: 'app', isFactory: false }
 */
export function resolveAppImport(appModule: string, outputDir: string, cwd: string): AppImport {
  const hash = appModule.lastIndexOf('#')
  const file = hash === -1 ? appModule : appModule.slice(0, hash)
  let exportPart = hash === -1 ? '' : appModule.slice(hash + 1)
  const isFactory = exportPart.endsWith('()')
  if (isFactory) exportPart = exportPart.slice(0, -2)
  if (file.trim() === '') {
    throw new ContractToolError(
      StubgenErrorCode.InvalidAppModule,
      `Invalid app module '${appModule}': the file part is empty. Expected <file>[#<export>[()]], for example src/app.ts#app.`,
    )
  }
  if (hash !== -1 && !/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(exportPart)) {
    throw new ContractToolError(
      StubgenErrorCode.InvalidAppModule,
      `Invalid app module '${appModule}': '${exportPart}' is not an export name. Expected <file>[#<export>[()]], for example src/app.ts#app or src/app.ts#buildApp().`,
    )
  }
  let specifier = relative(resolve(cwd, outputDir), resolve(cwd, file)).split(sep).join('/')
  if (!specifier.startsWith('.')) specifier = `./${specifier}`
  specifier = specifier.replace(/\.(c|m)?tsx?$/, (_match, kind: string | undefined) => `.${kind ?? ''}js`)
  return { specifier, exportName: hash === -1 ? 'default' : exportPart, isFactory }
}
