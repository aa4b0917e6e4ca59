import { defineConfig } from 'tsup'

export default defineConfig({
  // `internal`, `checks` and `main` are what the runner bindings of this repository share (outside semver);
  // the checks bring the validator, `main` what only a binding's main process loads.
  entry: ['src/index.ts', 'src/internal.ts', 'src/checks.ts', 'src/main.ts'],
  format: ['esm', 'cjs'],
  clean: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
  // The package version comes from `import.meta.url`, which CJS needs shimmed.
  shims: true,
})
