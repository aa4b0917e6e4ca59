import { defineConfig } from 'tsup'

export default defineConfig({
  // `register` is what `.mocharc.*` requires: it loads in the process running mocha and in each parallel worker.
  entry: ['src/index.ts', 'src/register.ts'],
  format: ['esm', 'cjs'],
  clean: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
})
