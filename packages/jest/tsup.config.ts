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
    // The setup file, the reporter and the test environment Jest loads by name from `setupFilesAfterEnv`,
    // `reporters` and `testEnvironment`; Jest requires them. `@jest/globals` is provided by Jest's module
    // registry in the test file, never bundled.
    ...common,
    entry: ['src/setup.ts', 'src/reporter.ts', 'src/environment.ts'],
    format: ['cjs'],
    external: ['@jest/globals'],
  },
])
