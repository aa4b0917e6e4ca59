import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts', 'src/reporter.ts'],
  format: ['esm', 'cjs'],
  clean: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
  // `@playwright/test` is loaded through `createRequire(import.meta.url)`, which CJS needs shimmed.
  shims: true,
})
