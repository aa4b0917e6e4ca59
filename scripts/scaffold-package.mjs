// Creates the files every workspace package shares. Usage: node scripts/scaffold-package.mjs <dir> <name> <description> [dep ...]
//
// How a package builds: `scripts/build-packages.mjs` bundles the JavaScript with tsup (ESM and CJS, an entry
// for each source the `exports` of package.json name: the script's default, so a package has no
// `tsup.config.ts` unless its build says something else), then writes one `.d.ts` per source file reachable
// from the entries in the `files` of `tsconfig.build.json`, each from its source alone (`isolatedDeclarations`),
// copied as `.d.cts` for the CJS entry. A package with more entries adds each to its `exports` and, when it has
// types, to the `files` of tsconfig.build.json. turbo's `build` runs each package after the ones it imports.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const [dir, name, description, ...deps] = process.argv.slice(2)
if (!dir || !name || !description) {
  console.error('usage: scaffold-package.mjs <dir> <name> <description> [workspace-dep ...]')
  process.exit(2)
}
const root = process.cwd()
const abs = join(root, dir)
mkdirSync(join(abs, 'src'), { recursive: true })
const write = (file, text) => {
  const path = join(abs, file)
  if (!existsSync(path)) writeFileSync(path, text)
}
const toRoot = relative(abs, root) || '.'
const dependencies = Object.fromEntries(deps.map((d) => [`@contracttool/${d}`, 'workspace:^']))
const pkg = {
  name,
  version: '0.1.0',
  description,
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  engines: { node: '>=20.19' },
  exports: {
    '.': {
      '@contracttool/source': './src/index.ts',
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
    './package.json': './package.json',
  },
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.cts',
  files: ['dist'],
  publishConfig: {
    exports: {
      '.': {
        import: { types: './dist/index.d.ts', default: './dist/index.js' },
        require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
      },
      './package.json': './package.json',
    },
  },
  scripts: {
    build: 'node ../../scripts/build-packages.mjs',
    typecheck: 'tsc -b',
    test: 'vitest run',
  },
  dependencies,
  devDependencies: { '@contracttool/fixtures': 'workspace:*' },
}
write('package.json', `${JSON.stringify(pkg, null, 2)}\n`)
write(
  'tsconfig.json',
  `${JSON.stringify(
    {
      extends: `${toRoot}/tsconfig.base.json`,
      compilerOptions: {
        composite: true,
        rootDir: 'src',
        outDir: '.tsbuild',
        emitDeclarationOnly: true,
        tsBuildInfoFile: '.tsbuild/tsconfig.tsbuildinfo',
      },
      include: ['src'],
      references: [
        { path: `${toRoot}/fixtures` },
        ...deps.map((d) => ({ path: `../${d === 'contracttool' ? 'cli' : d}` })),
      ],
    },
    null,
    2,
  )}\n`,
)
write(
  'tsconfig.build.json',
  `${JSON.stringify(
    {
      extends: `${toRoot}/tsconfig.base.json`,
      compilerOptions: {
        rootDir: 'src',
        outDir: 'dist',
        customConditions: [],
        emitDeclarationOnly: true,
        declarationMap: false,
      },
      files: ['src/index.ts'],
    },
    null,
    2,
  )}\n`,
)
write(
  'vitest.config.ts',
  `import { contractToolProject } from '${toRoot}/vitest.shared.ts'

export default contractToolProject(import.meta.dirname)
`,
)
write('src/index.ts', `export {}\n`)
write('README.md', `# ${name}\n\n${description}\n`)
