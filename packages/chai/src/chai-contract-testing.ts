import { type CheckContext, currentRunRuntime } from '@contracttool/exchange/internal'
import type { OpenApiCheckOptions } from '@contracttool/harness'
import {
  type CheckOutcome,
  checkRequest,
  checkResponse,
  checkSchema,
  describeConformance,
  describeViolations,
  detachedContext,
  diffValues,
} from '@contracttool/harness/checks'
import { ContractAssertionError } from '@contracttool/harness/internal'
import { describeArgument } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { ChaiPluginError, ChaiPluginErrorCode } from './errors.js'

/** The part of chai (4, 5 or 6) a plugin uses: `Assertion.addMethod` and `addProperty`. */
export interface ChaiLike {
  readonly Assertion: {
    // `any[]`: chai hands the assertion's arguments through as they were written.
    // biome-ignore lint/suspicious/noExplicitAny: the parameter type of chai's own typings, which a plugin must accept
    addMethod(name: string, method: (this: object, ...args: any[]) => void): void
    addProperty(name: string, getter: (this: object) => void): void
  }
}

/** The part of chai's utils a plugin uses: `flag(assertion, name)`. */
export interface ChaiUtilsLike {
  flag(assertion: object, name: string): unknown
}

/** The options of `satisfySchemaInApiSpec(name, options?)`. */
export interface SchemaCheckOptions {
  /** A spec name (one of `specs`) or a spec returned by `loadSpec()`. */
  readonly spec?: string | LoadedSpec
}

/** Outside any run a check must be handed a loaded spec. */
const DETACHED: CheckContext = detachedContext(
  (spec, checkName) =>
    new ChaiPluginError(
      ChaiPluginErrorCode.NoRun,
      `${checkName} needs a contracttool run to look up ${spec === undefined ? 'the spec' : `spec '${spec}'`}, and none is running in this process. ` +
        "Start one: under Mocha, require: ['@contracttool/mocha/register'] in .mocharc.*; under node:test, " +
        'node --import @contracttool/node-test/register --test-reporter=@contracttool/node-test/reporter --test; ' +
        "in a custom harness, await createContractRun() from @contracttool/harness. Or pass a loaded spec: { spec: await loadSpec('<name>', { basePath }) }.",
    ),
)

/**
 * The chai plugin: `chai.use(chaiContractTesting)` adds `expect(res).to.matchOpenApiSchema(options?)`,
 * `.to.matchOpenApiRequest(options?)`, and chai-openapi-response-validator's `.to.satisfyApiSpec` (a property)
 * and `expect(value).to.satisfySchemaInApiSpec(name)`; `.not` negates each. The checks are those of every
 * runner (same inputs, options and messages) and record into the contracttool run of the process, whichever
 * started it: `@contracttool/mocha/register`, `@contracttool/node-test/register`, `createContractRun()`.
 *
 * @example
 * import * as chai from 'chai'
 * import { chaiContractTesting } from '@contracttool/chai'
 *
 * chai.use(chaiContractTesting)
 * chai.expect(await request(app).get('/pets')).to.matchOpenApiSchema()
 */
export function chaiContractTesting(chai: ChaiLike, utils: ChaiUtilsLike): void {
  if (typeof chai?.Assertion?.addMethod !== 'function' || typeof utils?.flag !== 'function') {
    throw new ChaiPluginError(
      ChaiPluginErrorCode.InvalidArgument,
      `chaiContractTesting is a chai plugin: pass it to chai.use(chaiContractTesting), not call it (it received ${describeArgument(chai)}).`,
    )
  }
  const exchange = (kind: 'response' | 'request', name: string) =>
    function (this: object, options?: OpenApiCheckOptions) {
      const received = utils.flag(this, 'object')
      const context = runContext()
      const outcome =
        kind === 'response'
          ? checkResponse(received, options, name, context, undefined)
          : checkRequest(received, options, name, context, undefined)
      assertOutcome(outcome, utils.flag(this, 'negate') === true)
    }
  chai.Assertion.addMethod('matchOpenApiSchema', exchange('response', 'matchOpenApiSchema'))
  chai.Assertion.addMethod('matchOpenApiRequest', exchange('request', 'matchOpenApiRequest'))
  const satisfyApiSpec = exchange('response', 'satisfyApiSpec')
  chai.Assertion.addProperty('satisfyApiSpec', function (this: object) {
    satisfyApiSpec.call(this)
  })
  chai.Assertion.addMethod(
    'satisfySchemaInApiSpec',
    function (this: object, schemaName: string, options?: SchemaCheckOptions) {
      const value = utils.flag(this, 'object')
      const outcome = checkSchema(value, schemaName, options?.spec, 'satisfySchemaInApiSpec', runContext())
      const negate = utils.flag(this, 'negate') === true
      if (outcome.failed === negate) return
      const message = negate
        ? `expected the value not to satisfy components.schemas.${outcome.schemaName} of spec '${outcome.specName}', but it does.`
        : outcome.message
      throw new ContractAssertionError(message, {
        actual: value,
        expected: `components.schemas.${outcome.schemaName}`,
      })
    },
  )
}

/** The checks' context of the run in this process, else one that needs a loaded spec. */
function runContext(): CheckContext {
  return currentRunRuntime()?.checks ?? DETACHED
}

function assertOutcome(outcome: CheckOutcome, negate: boolean): void {
  if (outcome.failed === negate) return
  if (negate) {
    throw new ContractAssertionError(describeConformance(outcome), { actual: undefined, expected: undefined })
  }
  throw new ContractAssertionError(describeViolations(outcome), {
    ...diffValues(outcome),
    result: outcome.response,
    requestResult: outcome.request,
  })
}
