import { defineConfig } from 'tsup'

const common = { target: 'node20', tsconfig: 'tsconfig.build.json' } as const

export default defineConfig([
  {
    ...common,
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    clean: true,
    // The plugin finds the setup file, and the checks the worker bundle (`worker.exports()`), from
    // `import.meta.url`, which CJS needs shimmed.
    shims: true,
    // What a test file imports from the harness with this entry (`@contracttool/harness/internal`: the
    // assertion error, a message helper) and from the run protocol (`@contracttool/exchange/internal`: the
    // runtime slot) imports nothing itself and is bundled from its sources; the main process loads the
    // harness package. The error classes' base comes from `@contracttool/kernel`, which imports nothing.
    noExternal: [/^@contracttool\/harness\/internal$/, /^@contracttool\/exchange\/internal$/],
    esbuildOptions(options) {
      options.conditions = ['@contracttool/source']
    },
  },
  {
    // The setup file the plugin adds to Vitest's `setupFiles`. It imports nothing: the module runner Vitest
    // runs setup files through would fetch each import from the main process (see src/setup.ts).
    ...common,
    entry: ['src/setup.ts'],
    format: ['esm'],
  },
  {
    // The setup file's module, `set-up-test-file.cjs`: registers the matchers and the hooks, and loads the
    // worker bundle below (`loadWorkerBundle()` of the harness). Small, CommonJS, and loaded by Node natively
    // (see src/setup.ts).
    ...common,
    entry: ['src/set-up-test-file.ts'],
    format: ['cjs'],
    // Where the main process could not stamp the worker bundle, `worker.exports()` requires it from beside
    // this file, found from `import.meta.url`.
    shims: true,
    esbuildOptions(options) {
      options.conditions = ['@contracttool/source']
    },
    noExternal: [/^@contracttool\//],
  },
  {
    // What every test file process runs: the runtime, the checks behind the matchers and the validator stack (Ajv's runtime
    // helpers; Ajv itself is required by the validator on first compile), in one CommonJS file that the setup
    // file compiles through `vm.Script` with a V8 code cache and hands to the package entry (`loadWorkerBundle()`).
    // Loaded as the packages' own builds instead (one file per package entry, each with all of its code and
    // its dependencies, found through module resolution), it cost each test file about three times as much.
    // The runtime it installs sits in a `Symbol.for` slot, where the server-side adapters find it.
    ...common,
    entry: { 'worker-core': 'src/internal/worker-core.ts' },
    format: ['cjs'],
    // The validator finds Ajv through `createRequire(import.meta.url)` the first time it compiles a schema.
    shims: true,
    // Bundled from the workspace sources, module by module, so that what a test file does not run is left
    // out. The spec loader is imported by name at run time (`importSpecLoader()`), for specs the main process
    // could not hand over.
    esbuildOptions(options) {
      options.conditions = ['@contracttool/source']
      // Every test file reads and compiles the whole file before the code cache helps: comments and
      // indentation were a quarter of its bytes. Names stay, so stack traces still read.
      options.minifyWhitespace = true
      // `vm.Script` code has no module loader for `import()`: what it imports comes through `require`.
      options.supported = { ...options.supported, 'dynamic-import': false }
    },
    noExternal: [/^@contracttool\//, /^ajv/, 'fast-deep-equal'],
  },
])
