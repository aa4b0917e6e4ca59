import { defineConfig } from 'tsup'

// ESM only: the CLI is run, not required. Two entries share chunks: the library (`createCli`, `runCli`,
// `runDoctor`, ...) and the command, which the committed `bin/contracttool.js` imports.
export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  clean: true,
  splitting: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
})
