import { defineConfig } from 'tsup'

export default defineConfig({
  // `internal` is what the other contracttool packages share with this one (outside semver).
  entry: ['src/index.ts', 'src/internal.ts'],
  format: ['esm', 'cjs'],
  clean: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
})
