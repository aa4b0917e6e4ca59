import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { fixturePath } from '@contracttool/fixtures'
import { describe, expect, it } from 'vitest'
import { runCaptured } from './run-captured.test-kit.js'
import { tempDir } from './temp-dir.test-kit.js'

const packages = resolve(import.meta.dirname, '../..')
const root = resolve(packages, '..')
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc')

/** An app of the shape each adapter's tests expect, so the generated files have something to import. */
const APPS = {
  plain: '',
  'fastify-factory': [
    "import Fastify from 'fastify'",
    'export async function buildApp() {',
    '  return Fastify()',
    '}',
  ].join('\n'),
  supertest: [
    "import type { IncomingMessage, ServerResponse } from 'node:http'",
    'export const app = (_req: IncomingMessage, res: ServerResponse): void => {',
    '  res.end()',
    '}',
  ].join('\n'),
  fastify: ["import Fastify from 'fastify'", 'export const app = Fastify()'].join('\n'),
  fetch: "export const app = { fetch: async (_request: Request): Promise<Response> => new Response('') }",
} as const

/**
 * Compiles generated stubs with their skip lines deleted, against the real packages they import:
 * @contracttool/vitest (matchers and their `expect` typing), @contracttool/fetch, supertest and fastify.
 * Module paths are pinned to the copies those packages use, so the matcher typing augments the same
 * `vitest` the stubs import.
 */
describe('generated stubs', () => {
  it('compile once their ctx.skip lines are deleted, for every adapter and every pet store version', async () => {
    const project = tempDir('contracttool-stubs-')
    const specs = ['petstore-3.0.yaml', 'petstore-3.1.json', 'petstore-3.2.yaml']
    const files: string[] = []
    for (const [name, source] of Object.entries(APPS)) {
      const adapter = name.replace('-factory', '')
      const appModule = name.endsWith('-factory') ? 'src/app.ts#buildApp()' : 'src/app.ts#app'
      const dir = join(project, name)
      mkdirSync(join(dir, 'src'), { recursive: true })
      if (source !== '') writeFileSync(join(dir, 'src/app.ts'), `${source}\n`)
      for (const spec of specs) {
        writeFileSync(join(dir, spec), readFileSync(fixturePath(spec)))
        const run = await runCaptured(
          [
            'stubs',
            '--runner=vitest',
            `--spec=${spec}`,
            `--adapter=${adapter}`,
            `--app-module=${appModule}`,
            `--output=tests/${spec.replace(/\W/g, '-')}`,
          ],
          { cwd: dir },
        )
        expect(run.stderr).toBe('')
        expect(run.code).toBe(0)
      }
      for (const output of readdirSync(join(dir, 'tests'))) {
        for (const file of readdirSync(join(dir, 'tests', output))) {
          const path = join(dir, 'tests', output, file)
          const content = readFileSync(path, 'utf8')
          expect(content).toMatch(/^ {2}ctx\.skip\('TODO: /m)
          writeFileSync(path, content.replace(/^ {2}ctx\.skip\(.*\)\n/gm, ''))
          files.push(path)
        }
      }
    }
    expect(files.length).toBeGreaterThan(40)

    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'stubs-typecheck', private: true, type: 'module' }),
    )
    const pinned = (from: string, name: string) => realpathSync(join(packages, from, 'node_modules', name))
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: {
          noEmit: true,
          composite: false,
          declaration: false,
          declarationMap: false,
          typeRoots: [join(root, 'node_modules/@types')],
          paths: {
            vitest: [join(pinned('vitest', 'vitest'), 'dist/index.d.ts')],
            '@contracttool/vitest': [join(packages, 'vitest/src/index.ts')],
            '@contracttool/fetch': [join(packages, 'fetch/src/index.ts')],
            supertest: [join(pinned('vitest', '@types/supertest'), 'index.d.ts')],
            fastify: [join(pinned('fastify', 'fastify'), 'fastify.d.ts')],
          },
        },
        include: ['*/src/**/*.ts', '*/tests/**/*.ts'],
      }),
    )
    let output = ''
    try {
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
        cwd: project,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error)
    }
    // Only the generated files are judged here: the packages they import are checked by their own builds.
    const ours = output
      .split('\n')
      .filter((line) => /^(plain|supertest|fastify|fetch|fastify-factory)\//.test(line))
    expect(ours).toEqual([])
  }, 240_000)
})
