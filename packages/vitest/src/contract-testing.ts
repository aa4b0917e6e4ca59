import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ContractRunOptions } from '@contracttool/harness'
import { builtFile } from '@contracttool/harness/internal'
import type { Plugin } from 'vitest/config'
import { ContractTestingError, VitestErrorCode } from './errors.js'
import { checkVersions } from './internal/check-versions.js'

/**
 * The Vitest plugin: registers the matchers in every test file, preloads the specs once, carries each
 * file's observations to the main process and, at the end of the run, prints the coverage report,
 * writes the configured reports and evaluates the gates. Options can also live in
 * `contracttool.config.{ts,js,mjs,json}` at the project root (plugin options win).
 *
 * @example
 * // vitest.config.ts
 * import { defineConfig } from 'vitest/config'
 * import { contractTesting } from '@contracttool/vitest'
 *
 * export default defineConfig({
 *   plugins: [contractTesting({ specBasePath: 'openapi', specs: ['petstore'], defaultSpec: 'petstore' })],
 * })
 */
export function contractTesting(options: ContractRunOptions = {}): Plugin {
  return {
    name: '@contracttool/vitest',
    config() {
      const setupFile = setupFilePath()
      if (setupFile.endsWith('.ts')) return { test: { setupFiles: [setupFile] } }
      // Built, have Node import this package's files natively even when the package is linked from a
      // workspace (outside node_modules, Vitest would transform them, and the packages they import, in
      // every test file process): the entry a test file imports `openApiSpec()` from, and the setup file's
      // module where the module runner loads it (see setup.ts).
      // Vitest matches module ids with forward slashes on every platform.
      const dist = `${dirname(setupFile).replaceAll('\\', '/')}/`
      return {
        test: {
          setupFiles: [setupFile],
          server: { deps: { external: [new RegExp(`^${escapeRegExp(dist)}`)] } },
        },
      }
    },
    async configureVitest({ vitest, project }) {
      const unsupported = checkVersions(vitest.version, process.version)
      if (unsupported !== undefined) throw unsupportedVersion(unsupported)
      // Imported here: a test file that imports `openApiSpec()` from this entry must not load what the main
      // process needs (the spec loader, the reporters).
      const { setUpProject } = await import('./internal/set-up-project.js')
      await setUpProject(options, vitest, project)
    },
  }
}

/**
 * Printed as one line: Vitest prints a start-up error with `console.error`, and a stack trace through its
 * start-up says nothing about which version to install.
 */
function unsupportedVersion(message: string): ContractTestingError {
  const error = new ContractTestingError(VitestErrorCode.UnsupportedVersion, message)
  const line = `${error.name} [${error.code}]: ${message}`
  error.stack = line
  // https://nodejs.org/api/util.html#utilinspectcustom
  Object.defineProperty(error, Symbol.for('nodejs.util.inspect.custom'), { value: () => line })
  return error
}

/** The setup file that sits next to this module: `dist/setup.js` once built, else `src/setup-from-sources.ts`. */
function setupFilePath(): string {
  return (
    builtFile(import.meta.url, 'setup.js') ??
    join(dirname(fileURLToPath(import.meta.url)), 'setup-from-sources.ts')
  )
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
