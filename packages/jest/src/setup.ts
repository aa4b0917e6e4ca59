// The setup file `withContractTesting()` adds to `setupFilesAfterEnv`: Jest runs it in every test file, in
// the test file's own module registry, before the file's tests are collected. Everything it keeps (recorder,
// bindings, handover) belongs to the test file; the checks themselves come from the test environment when it
// loaded them for the whole worker process (`@contracttool/jest/environment`).

import type { Handover, MatcherContext } from '@contracttool/harness/checks'
import { bindingError } from '@contracttool/harness/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { afterAll, afterEach, beforeAll, expect } from '@jest/globals'
import { providedChecks } from './internal/checks-slot.js'
import type { JestChecks } from './internal/jest-checks.js'
import { installJestRuntime } from './internal/jest-runtime.js'
import { JEST_WORDS } from './internal/jest-words.js'
import { readRunSettings } from './internal/run-settings.js'

const CALLER = 'withContractTesting()'

const settings = readRunSettings()
const checks = loadChecks()
// The `formats` module is required here, through Jest's module registry and transforms (TypeScript too).
const options = withFormatsModule(settings.options)
const testFile = expect.getState().testPath ?? 'unknown test file'
const recorder = new checks.ContractRecorder(settings.recorder)
// The reporter loaded every spec when the run started (a spec that does not load stopped the run there) and
// left each in the run's cache folder; a spec it could not leave there, or whose files changed since, is
// loaded again here.
const specs = new Map<string, LoadedSpec>(options.specs.map((name) => [name, handedOverSpec(name)]))
// Schemas an earlier test file (of this run or, with a kept cache folder, an earlier one) compiled run from
// the code it kept, without Ajv.
const schemaCode = checks.useSchemaCodeFolder(settings.schemaCodeDir)
/** The spec names `openApiSpec()` bound around the running test, innermost last. */
const bindings: string[] = []
const { context, endTest, uninstall } = checks.installRunContext(options, specs, recorder, {
  specsFrom: CALLER,
  noSpecBound:
    "No OpenAPI spec is bound to this check. Call openApiSpec('<name>') at file or describe scope, pass " +
    "{ spec: '<name>' } to the matcher, or set defaultSpec in withContractTesting().",
  boundSpec: () => bindings.at(-1),
  // The server-side adapters run in the test file's realm and look for the run on its global.
  global: globalThis,
})

installJestRuntime({
  bind(name) {
    const inTest = expect.getState().currentTestName
    if (inTest !== undefined && inTest !== '') {
      throw bindingError(JEST_WORDS, { kind: 'inside-test', name, test: inTest })
    }
    context.resolveSpec(name, undefined, 'openApiSpec')
    // Hooks of the block being collected: they run around exactly the tests the binding covers.
    beforeAll(() => void bindings.push(name))
    afterAll(() => void bindings.pop())
  },
})

type Matcher = (
  this: MatcherContext,
  received: unknown,
  options?: unknown,
) => ReturnType<JestChecks['matcherResult']>

const responseMatcher = (name: string): Matcher =>
  function (received, checkOptions) {
    return checks.matcherResult(
      this,
      name,
      checks.checkResponse(received, checkOptions, name, context, undefined),
    )
  }

interface ViolationMatchers {
  toPassTheServerSideContractChecks(): void
}

expect.extend({
  // Only the afterEach hook below calls it, with the violations the server-side adapters found in the test.
  toPassTheServerSideContractChecks(this: MatcherContext, received: readonly Error[]) {
    const hint = this.utils.matcherHint('.toPassTheServerSideContractChecks', 'app', '')
    const count = received.length === 1 ? 'a contract violation' : `${received.length} contract violations`
    return {
      pass: received.length === 0,
      message: () =>
        `${hint}\n\nThe app's server-side contract check found ${count} in this test:\n\n${received.map((error) => error.message).join('\n\n')}`,
    }
  },
  toMatchOpenApiSchema: responseMatcher('toMatchOpenApiSchema'),
  toSatisfyApiSpec: responseMatcher('toSatisfyApiSpec'),
  toSatisfySchemaInApiSpec(
    this: MatcherContext,
    received: unknown,
    name: unknown,
    checkOptions?: { spec?: string },
  ) {
    return checks.schemaMatcherResult(
      this,
      'toSatisfySchemaInApiSpec',
      received,
      checks.checkSchema(received, name, checkOptions?.spec, 'toSatisfySchemaInApiSpec', context),
    )
  },
  toMatchOpenApiRequest(this: MatcherContext, received: unknown, checkOptions?: unknown) {
    return checks.matcherResult(
      this,
      'toMatchOpenApiRequest',
      checks.checkRequest(received, checkOptions, 'toMatchOpenApiRequest', context, undefined),
    )
  },
} as never)

let handover: Handover | undefined
// A root hook of the file: it runs once the file has loaded and its tests are about to run. From here on, a
// process that dies before `afterAll` leaves its start marker, and the run fails instead of under-counting.
beforeAll(() => {
  handover = checks.startHandover(settings.handoverDir, testFile)
})

afterEach(async () => {
  // Violations server-side adapters found outside the test's call stack; checks still running when the test
  // ended (MSW's mocked responses) queue theirs first.
  const found = await endTest()
  // Through expect, so Jest renders it as it renders the contract matchers' failures (a hint line, then the
  // violations), not as a Node assertion without actual and expected values.
  if (found.length > 0) (expect(found) as unknown as ViolationMatchers).toPassTheServerSideContractChecks()
})

afterAll(() => {
  uninstall()
  handover?.handOver(recorder.takeEnvelope())
  schemaCode.save()
  checks.closeSpecCacheFiles()
})

function handedOverSpec(name: string): LoadedSpec {
  const entry = settings.specCache[name]
  const cached =
    entry !== undefined && checks.isCacheCurrent(entry) ? checks.readSpecCache(entry, name) : undefined
  return cached ?? checks.loadSpecSync(name, { basePath: options.specBasePath })
}

/** The checks of this worker when the test environment provides them, else a copy in this file's registry. */
function loadChecks(): JestChecks {
  return (
    providedChecks() ??
    (require('./internal/jest-checks.js') as typeof import('./internal/jest-checks.js')).jestChecks
  )
}

function withFormatsModule(given: typeof settings.options): typeof settings.options {
  const file = given.formatsModule
  if (file === undefined) return given
  const formats = { ...checks.formatsFromData(given.formats), ...checks.formatsOfModule(file, require) }
  return { ...given, formats, formatsModule: undefined }
}
