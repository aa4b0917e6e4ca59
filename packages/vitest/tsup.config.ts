import { defineConfig } from 'tsup'

const common = { sourcemap: true, target: 'node20', tsconfig: 'tsconfig.build.json' } as const

export default defineConfig([
  {
    ...common,
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    // The plugin finds the setup file from `import.meta.url`, which CJS needs shimmed.
    shims: true,
  },
  {
    // The setup file the plugin adds to Vitest's `setupFiles`. Vitest always transforms setup files, so it
    // only calls into the next module, which Node loads natively.
    ...common,
    entry: ['src/setup.ts'],
    format: ['esm'],
    external: ['./set-up-test-file.js'],
  },
  {
    // What every test file process loads. One module with the validator stack inside: loaded as the ~100
    // files it is made of (Ajv is CommonJS, file by file) it cost about 150 ms per test file. Its state
    // lives in `Symbol.for` slots, so this copy and the entry's copy share one runtime.
    ...common,
    entry: ['src/set-up-test-file.ts'],
    format: ['esm'],
    // Bundled from the workspace sources, module by module, so that what a test file does not run is left
    // out (each package's single-file build would drag in its every dependency, the YAML parser included).
    esbuildOptions(options) {
      options.conditions = ['@contracttool/source']
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
    noExternal: [
      /^@contracttool\//,
      /^ajv/,
      'fast-uri',
      'fast-deep-equal',
      'json-schema-traverse',
      'require-from-string',
    ],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  },
])
