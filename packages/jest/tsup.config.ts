import { defineConfig } from 'tsup'

const common = { target: 'node20', tsconfig: 'tsconfig.build.json' } as const

export default defineConfig([
  {
    // What jest.config.* and test files import (ESM and CommonJS test files alike).
    ...common,
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    clean: true,
  },
  {
    // The setup file and the reporter Jest loads by name from `setupFilesAfterEnv` and `reporters`; Jest
    // requires both. `@jest/globals` is provided by Jest's module registry in the test file, never bundled.
    ...common,
    entry: ['src/setup.ts', 'src/reporter.ts'],
    format: ['cjs'],
    external: ['@jest/globals'],
  },
])
