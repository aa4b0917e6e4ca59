import { isObject, type JsonValue, normalizeMediaType, RESERVED_HEADERS } from '@contracttool/kernel'
import type { IndexedOperation } from '@contracttool/spec-loader'
import type { ExplorerMethod } from '../explorer-method.js'
import { UngeneratableError } from './schema-env.js'

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie'

export interface PlannedParameter {
  readonly name: string
  readonly in: ParameterLocation
  readonly required: boolean
  readonly schema: JsonValue
  readonly style: string
  readonly explode: boolean
}

export interface PlannedBody {
  readonly schema: JsonValue
  readonly mediaType: string
  readonly required: boolean
}

/** What the explorer generates for one operation. */
export interface OperationPlan {
  readonly specName: string
  readonly operation: IndexedOperation
  readonly method: ExplorerMethod
  readonly parameters: readonly PlannedParameter[]
  readonly body: PlannedBody | undefined
}

const DEFAULT_STYLE: Readonly<Record<ParameterLocation, string>> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
}

/**
 * Reads the parameters and JSON body the explorer will generate. An input that must be sent but
 * cannot be generated (no schema, a `content` map, a required non-JSON body, a path placeholder
 * without a parameter) raises `UngeneratableError` with the reason; optional ones are left out.
 */
export function planOperation(
  specName: string,
  operation: IndexedOperation,
  method: ExplorerMethod,
  options: { readonly pathParametersOnly?: boolean } = {},
): OperationPlan {
  const where = `${method} '${operation.path}' in spec '${specName}'`
  const parameters: PlannedParameter[] = []
  for (const raw of operation.parameters) {
    if (!isObject(raw) || typeof raw.name !== 'string' || typeof raw.in !== 'string') continue
    const location = raw.in
    const required = raw.required === true || location === 'path'
    if (location === 'querystring') {
      if (required) {
        throw new UngeneratableError(
          `Required querystring parameter '${raw.name}' on ${where} is outside what the explorer generates.`,
        )
      }
      continue
    }
    if (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'cookie')
      continue
    if (options.pathParametersOnly === true && location !== 'path') continue
    if (location === 'header' && RESERVED_HEADERS.has(raw.name.toLowerCase())) continue
    if (raw.schema === undefined) {
      if (!required) continue
      throw new UngeneratableError(
        isObject(raw.content)
          ? `Required ${location} parameter '${raw.name}' on ${where} declares a \`content\` map instead of \`schema\`; the explorer generates schema-based parameters only.`
          : `Required ${location} parameter '${raw.name}' on ${where} is missing a \`schema\` definition.`,
      )
    }
    const style = typeof raw.style === 'string' ? raw.style : DEFAULT_STYLE[location]
    parameters.push({
      name: raw.name,
      in: location,
      required,
      schema: raw.schema,
      style,
      explode: typeof raw.explode === 'boolean' ? raw.explode : style === 'form',
    })
  }
  for (const match of operation.path.matchAll(/\{([^{}]+)\}/g)) {
    const name = match[1]!
    if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
      throw new UngeneratableError(
        `Path template '${operation.path}' has the placeholder '{${name}}' but ${method} declares no path parameter '${name}'.`,
      )
    }
  }
  const body = options.pathParametersOnly === true ? undefined : planBody(operation, where)
  return { specName, operation, method, parameters, body }
}

function planBody(operation: IndexedOperation, where: string): PlannedBody | undefined {
  const requestBody = operation.requestBody
  if (!isObject(requestBody)) return undefined
  const required = requestBody.required === true
  const content = isObject(requestBody.content) ? requestBody.content : {}
  const mediaTypes = Object.keys(content)
  const chosen =
    mediaTypes.find((type) => normalizeMediaType(type) === 'application/json') ??
    mediaTypes.find((type) => /^[^/]+\/[^/]+\+json$/.test(normalizeMediaType(type)))
  if (chosen === undefined) {
    if (!required) return undefined
    throw new UngeneratableError(
      `Required request body on ${where} has no JSON media type (declared: ${mediaTypes.join(', ') || 'none'}); the explorer generates JSON bodies only.`,
    )
  }
  const media = content[chosen]
  const schema = isObject(media) && media.schema !== undefined ? media.schema : { type: 'object' }
  return { schema, mediaType: chosen, required }
}
