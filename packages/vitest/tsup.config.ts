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
    noExternal: [
      /^@contracttool\//,
      /^ajv/,
      'js-yaml',
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
