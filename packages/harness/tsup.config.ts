import { defineConfig } from 'tsup'

export default defineConfig({
  // `internal` and `checks` are what the runner bindings of this repository share (outside semver); the
  // checks bring the validator, the other two entries do not.
  entry: ['src/index.ts', 'src/internal.ts', 'src/checks.ts'],
  format: ['esm', 'cjs'],
  clean: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
  // The package version comes from `import.meta.url`, which CJS needs shimmed.
  shims: true,
})
