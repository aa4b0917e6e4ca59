import { fileURLToPath } from 'node:url'
import { describeArgument } from '@contracttool/kernel/internal'
import { MochaError, MochaErrorCode } from './errors.js'
import { processState } from './internal/process-state.js'

/** What Mocha hands a hook as `this`: the hook itself (`test`, under its suite) and the test it runs for. */
interface HookContext {
  readonly test?: { readonly parent?: { readonly root?: boolean } }
  readonly currentTest?: { readonly file?: string }
}

type HookFunction = (fn: (this: HookContext) => void) => unknown

/**
 * Binds a spec to the tests of the `describe` block it is called in (nested blocks included, unless they bind
 * their own), or, at the top of a test file, to that file's tests. A `{ spec }` option on an assertion wins over
 * it; `defaultSpec` is the fallback. A name that is not in `specs` fails the tests it binds.
 *
 * @example
 * describe('admin API', () => {
 *   openApiSpec('admin')
 *   it('lists users', async () => {
 *     assertResponseMatchesOpenApiSchema(await request(app).get('/users'))
 *   })
 * })
 */
export function openApiSpec(name: string): void {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new MochaError(
      MochaErrorCode.InvalidBinding,
      `openApiSpec() needs a non-empty spec name, got ${describeArgument(name)}. Pass one of the names listed in specs of contracttool.config.*.`,
    )
  }
  const global = globalThis as { beforeEach?: HookFunction; afterEach?: HookFunction }
  if (typeof global.beforeEach !== 'function' || typeof global.afterEach !== 'function') {
    throw new MochaError(
      MochaErrorCode.InvalidBinding,
      `openApiSpec('${name}') must be called in a Mocha test file (at its top or inside describe()), where Mocha's beforeEach() and afterEach() are defined.`,
    )
  }
  const spec = name.trim()
  // At the top of a file the hooks join the root suite, which every file of a serial run shares: they bind
  // the tests of this file only.
  const file = callerFile()
  const state = processState()
  const applies = (context: HookContext) =>
    context.test?.parent?.root !== true || context.currentTest?.file === file
  global.beforeEach(function (this: HookContext) {
    if (!applies(this)) return
    state.bound.push(spec)
    try {
      state.context?.resolveSpec(spec, undefined, 'openApiSpec')
    } catch (error) {
      throw new MochaError(
        MochaErrorCode.InvalidBinding,
        `openApiSpec('${spec}'): ${(error as Error).message}`,
        {
          cause: error,
        },
      )
    }
  })
  global.afterEach(function (this: HookContext) {
    if (applies(this)) state.bound.pop()
  })
}

/** The file that called `openApiSpec()`: the first frame of the stack outside this package. */
function callerFile(): string | undefined {
  const original = Error.prepareStackTrace
  try {
    Error.prepareStackTrace = (_error, frames) => frames
    const frames = new Error().stack as unknown as NodeJS.CallSite[]
    const own = frames[0]?.getFileName()
    const caller = frames.find((frame) => frame.getFileName() !== own)?.getFileName() ?? undefined
    return caller?.startsWith('file:') ? fileURLToPath(caller) : caller
  } finally {
    Error.prepareStackTrace = original
  }
}
