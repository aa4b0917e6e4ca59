import { isContractToolError, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { buildSpec, type LoadedSpec } from '@contracttool/spec-loader'
import type { OpenApiVersion } from '@contracttool/spec-loader/internal'
import type { ValidationResult } from '@contracttool/validator'

/** Builds an in-memory spec named `api` (tests only). */
export function buildTestSpec(
  paths: JsonObject,
  options: {
    readonly components?: JsonObject
    readonly version?: OpenApiVersion
    readonly name?: string
  } = {},
): LoadedSpec {
  const version = options.version ?? '3.1'
  const document: JsonObject = {
    openapi: version === '3.0' ? '3.0.3' : `${version}.0`,
    info: { title: 'test', version: '1' },
    paths,
    ...(options.components === undefined ? {} : { components: options.components }),
  }
  return buildSpec(document, {
    name: options.name ?? 'api',
    version,
    openapi: document.openapi as string,
    defaultDialect: version === '3.0' ? 'draft-07' : '2020-12',
  })
}

/** A spec with one operation whose 200 `application/json` response has `schema` (tests only). */
export function specWithResponse(
  schema: JsonValue,
  options: {
    readonly components?: JsonObject
    readonly version?: OpenApiVersion
    readonly path?: string
    readonly name?: string
  } = {},
): LoadedSpec {
  const path = options.path ?? '/things'
  return buildTestSpec(
    {
      [path]: {
        get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } },
      },
    },
    options,
  )
}

/** A successful validation result for `GET /things 200 application/json` unless overridden (tests only). */
export function successResult(overrides: Partial<ValidationResult> = {}): ValidationResult {
  return {
    outcome: 'success',
    specName: 'api',
    method: 'GET',
    matchedPath: '/things',
    matchedStatusKey: '200',
    matchedContentType: 'application/json',
    matchedServer: null,
    violations: [],
    skipReason: null,
    message: '',
    ...overrides,
  }
}

/** Runs `action` and returns the code and message of the ContractToolError it throws (tests only). */
export function thrownContractToolError(action: () => unknown): { code: string; message: string } {
  try {
    action()
  } catch (error) {
    if (isContractToolError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a ContractToolError, but nothing was thrown')
}
