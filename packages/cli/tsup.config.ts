import { chmod, readFile, writeFile } from 'node:fs/promises'
import { defineConfig } from 'tsup'

const SHEBANG = '#!/usr/bin/env node\n'

// ESM only: the CLI is run, not required. Two entries share chunks: the library (`createCli`, `runCli`,
// `runDoctor`, ...) and the bin. Only the bin gets the shebang, added after the build.
export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: ['esm'],
  clean: true,
  sourcemap: true,
  splitting: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
  async onSuccess() {
    const bin = 'dist/cli.js'
    const code = await readFile(bin, 'utf8')
    if (!code.startsWith(SHEBANG)) await writeFile(bin, SHEBANG + code)
    await chmod(bin, 0o755)
  },
})
