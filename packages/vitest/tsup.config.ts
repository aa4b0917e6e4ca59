import { join } from 'node:path'
import { defineConfig } from 'tsup'

const common = { target: 'node20', tsconfig: 'tsconfig.build.json' } as const

export default defineConfig([
  {
    ...common,
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    clean: true,
    // The plugin finds the setup file from `import.meta.url`, which CJS needs shimmed.
    shims: true,
    // What a test file imports from the harness with this entry (`@contracttool/harness/internal`: the
    // assertion error, a message helper) imports nothing itself and is bundled from its sources; the main
    // process loads the harness package. The error classes' base comes from `@contracttool/kernel`, which
    // imports nothing.
    noExternal: [/^@contracttool\/harness\/internal$/],
    esbuildOptions(options) {
      options.conditions = ['@contracttool/source']
    },
    // Test files import `openApiSpec()` from here: the checks come from the worker code on first use
    // (checks-from-worker-core.ts), not with the validator at import time.
    esbuildPlugins: [
      {
        name: 'checks-from-worker-core',
        setup(build) {
          build.onResolve({ filter: /^\.\/internal\/checks\.js$/ }, (args) => ({
            path: join(args.resolveDir, 'internal/checks-from-worker-core.ts'),
          }))
        },
      },
    ],
  },
  {
    // The setup file the plugin adds to Vitest's `setupFiles`. It imports nothing: the module runner Vitest
    // runs setup files through would fetch each import from the main process (see src/setup.ts).
    ...common,
    entry: ['src/setup.ts'],
    format: ['esm'],
  },
  {
    // The setup file's module, `set-up-test-file.cjs`: registers the hooks and loads the worker code below
    // (worker-code-cache.ts). Small, CommonJS, and loaded by Node natively (see src/setup.ts).
    ...common,
    entry: ['src/set-up-test-file.ts'],
    format: ['cjs'],
    esbuildOptions(options) {
      options.conditions = ['@contracttool/source']
    },
    esbuildPlugins: [
      {
        // Imported only when the main process could not stamp the worker code: Node then loads the bundle
        // as a module, without a code cache.
        name: 'worker-core-as-module',
        setup(build) {
          build.onResolve({ filter: /\/worker-core\.js$/ }, () => ({
            path: './worker-core.cjs',
            external: true,
          }))
        },
      },
    ],
    noExternal: [/^@contracttool\//],
  },
  {
    // What every test file process runs: the runtime, the matchers and the validator stack (Ajv's runtime
    // helpers; Ajv itself is required by the validator on first compile), in one CommonJS file that the setup file compiles through `vm.Script` with a V8 code cache. Loaded as the
    // ~100 files it is made of (Ajv is CommonJS, file by file) it cost about 150 ms per test file. The package
    // entry runs its checks in it too (checks-from-worker-core.ts); the runtime it installs sits in a
    // `Symbol.for` slot, where the server-side adapters find it.
    ...common,
    entry: { 'worker-core': 'src/internal/worker-core.ts' },
    format: ['cjs'],
    // The validator finds Ajv through `createRequire(import.meta.url)` the first time it compiles a schema.
    shims: true,
    // Bundled from the workspace sources, module by module, so that what a test file does not run is left
    // out (each package's single-file build would drag in its every dependency, the YAML parser included).
    esbuildOptions(options) {
      options.conditions = ['@contracttool/source']
      // Every test file reads and compiles the whole file before the code cache helps: comments and
      // indentation were a quarter of its bytes. Names stay, so stack traces still read.
      options.minifyWhitespace = true
      // `vm.Script` code has no module loader for `import()`: the spec loader comes through `require`.
      options.supported = { ...options.supported, 'dynamic-import': false }
    },
    // Workers import the spec loader only for specs the main process could not hand over: that import is
    // left to Node, so the loader and its YAML parser stay out of what every test file loads.
    esbuildPlugins: [
      {
        name: 'spec-loader-on-demand',
        setup(build) {
          build.onResolve({ filter: /^@contracttool\/spec-loader$/ }, (args) =>
            args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
          )
        },
      },
    ],
    noExternal: [/^@contracttool\//, /^ajv/, 'fast-deep-equal'],
  },
])
