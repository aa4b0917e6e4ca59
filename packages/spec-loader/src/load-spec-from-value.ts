import type { JsonValue } from '@contracttool/kernel'
import { ContractToolError } from '@contracttool/kernel'
import { documentTypeOf, echoValue } from '@contracttool/kernel/internal'
import { SpecErrorCode } from './errors.js'
import { completeSpec, prepareSpec } from './internal/assemble-spec.js'
import { measureSharedNodes } from './internal/measure-shared-nodes.js'
import { aliasExpansion } from './internal/parse-document.js'
import { specError } from './internal/spec-error.js'
import type { LoadSpecFromValueOptions } from './load-options.js'
import type { LoadedSpec } from './types.js'

/**
 * Loads a document that is already in memory (for example one built by a test). The value is copied
 * as JSON, so later changes to it do not reach the spec; only internal `#/...` references are allowed
 * (a relative file reference fails with `RefRequiresSourceFile`: use `loadSpecFile`).
 *
 * @example
 * const spec = loadSpecFromValue({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} }, { name: 'inline' })
 */
export function loadSpecFromValue(value: unknown, options: LoadSpecFromValueOptions): LoadedSpec {
  const name = (options as { name?: unknown } | undefined)?.name
  if (typeof name !== 'string' || name === '') {
    throw new ContractToolError(
      SpecErrorCode.InvalidOption,
      `loadSpecFromValue: options.name must be a non-empty string, received ${echoValue(name)} (${documentTypeOf(name)}).`,
    )
  }
  const sourcePath = options.sourcePath
  const display = sourcePath ?? '<value>'
  // Counted before the copy: an object shared many times over would be written out in full by it.
  const aliasBudget = { spent: 0 }
  const shared = measureSharedNodes(value, aliasBudget)
  if (shared.kind === 'expansion') {
    throw aliasExpansion(SpecErrorCode.MalformedJson, { specName: name, file: display }, '', shared)
  }
  let copy: JsonValue
  try {
    // A JSON round trip both detaches the value and proves it is JSON (no cycles, no BigInt).
    copy = JSON.parse(JSON.stringify(value) ?? 'null') as JsonValue
  } catch (error) {
    const reason = error instanceof RangeError ? 'it is nested too deeply' : 'it is not JSON-serializable'
    throw specError(
      SpecErrorCode.MalformedJson,
      { specName: name, file: display },
      `the value cannot be read as a JSON document: ${reason} (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    )
  }
  return completeSpec(
    prepareSpec({
      specName: name,
      value: copy,
      format: 'json',
      sourcePath,
      canonicalPath: undefined,
      display,
      root: undefined,
      remote: undefined,
      aliasBudget,
    }),
  )
}
