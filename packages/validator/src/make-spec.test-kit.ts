import type { JsonObject } from '@contracttool/kernel'
import { buildSpec, type LoadedSpec } from '@contracttool/spec-loader'
import type { OpenApiVersion } from '@contracttool/spec-loader/internal'

const OPENAPI: Record<OpenApiVersion, string> = { '3.0': '3.0.3', '3.1': '3.1.0', '3.2': '3.2.0' }

// Builds an in-memory spec for tests: `document` gets `openapi`/`info` filled in.
export function makeSpec(
  document: Record<string, unknown>,
  version: OpenApiVersion = '3.0',
  name = 'test',
): LoadedSpec {
  const full = { openapi: OPENAPI[version], info: { title: name, version: '1' }, ...document } as JsonObject
  return buildSpec(full, {
    name,
    version,
    openapi: OPENAPI[version],
    defaultDialect: version === '3.0' ? 'draft-07' : '2020-12',
  })
}

// Collects advisories instead of emitting process warnings.
export function collectWarnings(): {
  readonly messages: string[]
  readonly onWarning: (message: string) => void
} {
  const messages: string[] = []
  return { messages, onWarning: (message) => messages.push(message) }
}
