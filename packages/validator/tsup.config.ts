import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  clean: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
  // Ajv is loaded on first compile through `createRequire(import.meta.url)`, which CJS needs shimmed.
  shims: true,
})
