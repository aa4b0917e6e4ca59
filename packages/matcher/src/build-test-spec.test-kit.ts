import type { JsonObject, JsonValue } from '@contracttool/kernel'
import { buildSpec, type LoadedSpec } from '@contracttool/spec-loader'
import type { OpenApiVersion } from '@contracttool/spec-loader/internal'

const OPENAPI: Record<OpenApiVersion, string> = { '3.0': '3.0.3', '3.1': '3.1.1', '3.2': '3.2.0' }

export const OK_OPERATION: JsonObject = { responses: { '200': { description: 'ok' } } }

export function buildTestSpec(
  paths: readonly string[] | Readonly<Record<string, JsonValue>>,
  root: JsonObject = {},
  version: OpenApiVersion = '3.1',
  name = 'petstore',
): LoadedSpec {
  const pathItems: JsonObject = {}
  if (Array.isArray(paths)) {
    for (const template of paths) pathItems[template] = { get: OK_OPERATION }
  } else {
    Object.assign(pathItems, paths)
  }
  const document: JsonObject = {
    openapi: OPENAPI[version],
    info: { title: name, version: '1' },
    ...root,
    paths: pathItems,
  }
  return buildSpec(document, {
    name,
    version,
    openapi: OPENAPI[version],
    defaultDialect: version === '3.0' ? 'draft-07' : '2020-12',
  })
}
