import { defineConfig } from 'tsup'

export default defineConfig({
  // `internal` is what the validator and the explorer share with this package (outside semver).
  entry: ['src/index.ts', 'src/internal.ts'],
  format: ['esm', 'cjs'],
  clean: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
})
