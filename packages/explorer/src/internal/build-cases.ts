import { ContractToolError, type JsonValue } from '@contracttool/kernel'
import { echoValue, jsonTypeOf } from '@contracttool/kernel/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'
import { deriveSeed } from '../derive-seed.js'
import { ExploredCase, type QueryValue } from '../explored-case.js'
import { ExplorerErrorCode } from '../explorer-error-code.js'
import { listMutations } from './list-mutations.js'
import type { OperationPlan, PlannedParameter } from './plan-operation.js'
import { createRandom, type Random } from './random.js'
import type { SchemaEnv } from './schema-env.js'
import { UngeneratableError } from './schema-env.js'
import { GeneratorDefectError, generateValidValue, type SelfValidator } from './self-validator.js'
import {
  serializeCookieValue,
  serializeHeaderValue,
  serializePathValue,
  serializeQueryValue,
} from './serialize-parameter.js'

/** A valid case plus the typed values it was serialized from (negative cases mutate those). */
interface GeneratedCase {
  readonly exploredCase: ExploredCase
  readonly parameterValues: ReadonlyMap<PlannedParameter, JsonValue>
  readonly body: JsonValue | undefined
}

/** Builds the valid and invalid cases of one planned operation. */
export class CaseBuilder {
  readonly #spec: LoadedSpec
  readonly #env: SchemaEnv
  readonly #validator: SelfValidator
  readonly #plan: OperationPlan
  readonly #seed: number

  constructor(spec: LoadedSpec, validator: SelfValidator, plan: OperationPlan, seed: number) {
    this.#spec = spec
    this.#env = { document: spec.document, version: spec.version, direction: 'request' }
    this.#validator = validator
    this.#plan = plan
    this.#seed = seed
  }

  validCase(caseIndex: number): ExploredCase {
    return this.#generate(caseIndex, this.#randomFor(caseIndex)).exploredCase
  }

  invalidCase(caseIndex: number, expectedStatusClasses: readonly number[]): ExploredCase {
    const random = this.#randomFor(caseIndex)
    const valid = this.#generate(caseIndex, random)
    const base = valid.exploredCase
    const targets: {
      keyword: string
      pointer: string
      parameter: string | null
      apply: () => ExploredCase
    }[] = []
    const body = this.#plan.body
    if (body?.required === true) {
      targets.push({
        keyword: 'required',
        pointer: 'body',
        parameter: null,
        apply: () => base.withBody(null),
      })
    }
    if (body !== undefined && valid.body !== undefined) {
      for (const mutation of listMutations(this.#env, body.schema, valid.body, { forParameter: false })) {
        if (this.#validator.violations(body.schema, mutation.value, 'request').length === 0) continue
        targets.push({
          keyword: mutation.keyword,
          pointer: `body${mutation.pointer}`,
          parameter: null,
          apply: () => base.withBody(mutation.value, body.mediaType),
        })
      }
    }
    for (const parameter of this.#plan.parameters) {
      const value = valid.parameterValues.get(parameter)
      if (parameter.required) {
        targets.push({
          keyword: 'required',
          pointer: parameter.in,
          parameter: parameter.name,
          apply: () => withParameter(base, parameter, undefined),
        })
      }
      if (value === undefined) continue
      for (const mutation of listMutations(this.#env, parameter.schema, value, { forParameter: true })) {
        if (this.#validator.violations(parameter.schema, mutation.value, 'request').length === 0) continue
        targets.push({
          keyword: mutation.keyword,
          pointer: `${parameter.in}${mutation.pointer}`,
          parameter: parameter.name,
          apply: () => withParameter(base, parameter, mutation.value),
        })
      }
    }
    if (targets.length === 0) {
      throw new UngeneratableError(
        `Operation ${this.#plan.method} '${this.#plan.operation.path}' in spec '${this.#spec.name}' has no supported invalid mutation target.`,
      )
    }
    const target = targets[caseIndex % targets.length]!
    const mutated = target.apply()
    return new ExploredCase({
      method: mutated.method,
      matchedPath: mutated.matchedPath,
      headers: mutated.headers,
      cookies: mutated.cookies,
      query: mutated.query,
      pathParams: mutated.pathParams,
      body: mutated.body,
      contentType: mutated.contentType,
      kind: 'invalid',
      targetKeyword: target.keyword,
      targetPointer: target.pointer,
      targetParameter: target.parameter,
      expectedStatusClasses,
      seed: this.#seed,
      caseIndex,
    })
  }

  /** Each case draws from its own stream, so case `i` is the same whether 1 or 30 cases are asked for. */
  #randomFor(caseIndex: number): Random {
    return createRandom(deriveSeed([this.#seed, caseIndex]))
  }

  #generate(caseIndex: number, random: Random): GeneratedCase {
    const headers: Record<string, string> = {}
    const cookies: Record<string, string> = {}
    const query: Record<string, QueryValue> = {}
    const pathParams: Record<string, string> = {}
    const parameterValues = new Map<PlannedParameter, JsonValue>()
    const includeOptional = caseIndex % 2 === 1
    for (const parameter of this.#plan.parameters) {
      // Optional parameters left out of this case still get a value: invalid cases mutate it in.
      const value = this.#valid(
        parameter.schema,
        random,
        caseIndex,
        `${parameter.in} parameter '${parameter.name}'`,
        false,
      )
      parameterValues.set(parameter, value)
      if (!parameter.required && !includeOptional) continue
      if (parameter.in === 'path') pathParams[parameter.name] = serializePathValue(parameter, value)
      else if (parameter.in === 'header') headers[parameter.name] = serializeHeaderValue(parameter, value)
      else if (parameter.in === 'cookie') cookies[parameter.name] = serializeCookieValue(parameter, value)
      else for (const [key, item] of serializeQueryValue(parameter, value)) query[key] = item
    }
    const plannedBody = this.#plan.body
    const body =
      plannedBody === undefined
        ? undefined
        : this.#valid(plannedBody.schema, random, caseIndex, 'request body', true)
    const exploredCase = new ExploredCase({
      method: this.#plan.method,
      matchedPath: this.#plan.operation.path,
      headers,
      cookies,
      query,
      pathParams,
      body: body ?? null,
      contentType: plannedBody?.mediaType ?? null,
      seed: this.#seed,
      caseIndex,
    })
    return { exploredCase, parameterValues, body }
  }

  #valid(
    schema: JsonValue,
    random: Random,
    caseIndex: number,
    location: string,
    allowNull: boolean,
  ): JsonValue {
    try {
      return generateValidValue(this.#env, this.#validator, schema, random, caseIndex, { allowNull })
    } catch (error) {
      const where = `${location} of ${this.#plan.method} '${this.#plan.operation.path}' in spec '${this.#spec.name}'`
      if (error instanceof UngeneratableError) {
        throw new UngeneratableError(`Cannot generate the ${where}: ${error.message.replace(/\.$/, '')}.`)
      }
      if (error instanceof GeneratorDefectError) {
        throw new ContractToolError(
          ExplorerErrorCode.GeneratorDefect,
          `Internal explorer generator defect: the generated ${where} (seed ${this.#seed}, case ${caseIndex}) fails its own schema.\n` +
            `Value: ${echoValue(error.value)} (${jsonTypeOf(error.value)})\n` +
            `Violations: ${error.message}`,
          { specName: this.#spec.name, cause: error },
        )
      }
      throw error
    }
  }
}

function withParameter(
  base: ExploredCase,
  parameter: PlannedParameter,
  value: JsonValue | undefined,
): ExploredCase {
  if (parameter.in === 'path') {
    const next = { ...base.pathParams }
    if (value === undefined) delete next[parameter.name]
    else next[parameter.name] = serializePathValue(parameter, value)
    return base.withPathParams(next)
  }
  if (parameter.in === 'header') {
    const next = { ...base.headers }
    if (value === undefined) delete next[parameter.name]
    else next[parameter.name] = serializeHeaderValue(parameter, value)
    return base.withHeaders(next)
  }
  if (parameter.in === 'cookie') {
    const next = { ...base.cookies }
    if (value === undefined) delete next[parameter.name]
    else next[parameter.name] = serializeCookieValue(parameter, value)
    return base.withCookies(next)
  }
  const next: Record<string, QueryValue> = { ...base.query }
  delete next[parameter.name]
  if (value !== undefined) for (const [key, item] of serializeQueryValue(parameter, value)) next[key] = item
  return base.withQuery(next)
}
