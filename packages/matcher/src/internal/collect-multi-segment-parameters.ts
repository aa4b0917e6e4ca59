import { isObject, type JsonObject, type JsonValue } from '@contracttool/kernel'
import { follow, type LoadedSpec } from '@contracttool/spec-loader'
import { FIXED_METHODS } from '@contracttool/spec-loader/internal'

const MULTI_SEGMENT_EXTENSION = 'x-multi-segment'

// Path parameters flagged `x-multi-segment: true`, by template. GitHub's description marks parameters
// such as `{path}` in `/repos/{owner}/{repo}/contents/{path}` this way (inline or through
// `#/components/parameters/...`), because their values contain `/`. A flag on the path item or on any
// operation of the path counts: the matcher runs before an operation is chosen. Read from the document
// rather than `operationsByPath`, which would index every operation of the spec to answer.
export function collectMultiSegmentParameters(spec: LoadedSpec): Map<string, string[]> {
  const byTemplate = new Map<string, string[]>()
  const paths = spec.document.paths
  if (!isObject(paths)) return byTemplate
  for (const template of spec.paths) {
    // Only a placeholder can span segments.
    if (!template.includes('{')) continue
    const item = follow(spec.document, paths[template])
    if (!isObject(item)) continue
    const names = new Set<string>()
    addFlagged(spec.document, names, item.parameters)
    for (const method of FIXED_METHODS) addOperation(spec.document, names, item[method])
    const additional = spec.version === '3.2' ? item.additionalOperations : undefined
    if (isObject(additional)) {
      for (const operation of Object.values(additional)) addOperation(spec.document, names, operation)
    }
    if (names.size > 0) byTemplate.set(template, [...names])
  }
  return byTemplate
}

function addOperation(document: JsonObject, names: Set<string>, node: JsonValue | undefined): void {
  const operation = follow(document, node)
  if (isObject(operation)) addFlagged(document, names, operation.parameters)
}

function addFlagged(document: JsonObject, names: Set<string>, parameters: JsonValue | undefined): void {
  if (!Array.isArray(parameters)) return
  for (const node of parameters) {
    const parameter = follow(document, node)
    if (
      isObject(parameter) &&
      parameter.in === 'path' &&
      typeof parameter.name === 'string' &&
      parameter[MULTI_SEGMENT_EXTENSION] === true
    ) {
      names.add(parameter.name)
    }
  }
}
