import { defineConfig } from 'tsup'

export default defineConfig({
  // `register` runs in each test file's process (`--import`), `reporter` in the process running `node --test`.
  entry: ['src/index.ts', 'src/register.ts', 'src/reporter.ts'],
  format: ['esm', 'cjs'],
  clean: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
  // `node:test` exists only with its prefix.
  removeNodeProtocol: false,
})
