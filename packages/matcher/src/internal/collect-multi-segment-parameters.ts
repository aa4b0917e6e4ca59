import {
  isObject,
  type JsonObject,
  type JsonValue,
  type LoadedSpec,
  resolvePointer,
} from '@contracttool/spec-loader'

const MULTI_SEGMENT_EXTENSION = 'x-multi-segment'
const MAX_REF_HOPS = 64

// Path parameters flagged `x-multi-segment: true`, by template. GitHub's description marks parameters
// such as `{path}` in `/repos/{owner}/{repo}/contents/{path}` this way (inline or through
// `#/components/parameters/...`), because their values contain `/`. A flag on the path item or on any
// operation of the path counts: the matcher runs before an operation is chosen.
export function collectMultiSegmentParameters(spec: LoadedSpec): ReadonlyMap<string, ReadonlySet<string>> {
  const byTemplate = new Map<string, Set<string>>()
  const paths = spec.document.paths
  for (const template of spec.paths) {
    const names = new Set<string>()
    const item = isObject(paths) ? follow(spec.document, paths[template]) : undefined
    if (isObject(item) && Array.isArray(item.parameters)) {
      for (const parameter of item.parameters) addIfMultiSegment(names, follow(spec.document, parameter))
    }
    for (const operation of spec.operationsByPath.get(template)?.values() ?? []) {
      for (const parameter of operation.parameters)
        addIfMultiSegment(names, follow(spec.document, parameter as JsonValue))
    }
    if (names.size > 0) byTemplate.set(template, names)
  }
  return byTemplate
}

function addIfMultiSegment(names: Set<string>, parameter: JsonValue | undefined): void {
  if (
    isObject(parameter) &&
    parameter.in === 'path' &&
    typeof parameter.name === 'string' &&
    parameter[MULTI_SEGMENT_EXTENSION] === true
  ) {
    names.add(parameter.name)
  }
}

function follow(document: JsonObject, node: JsonValue | undefined): JsonValue | undefined {
  let current = node
  for (let hops = 0; hops < MAX_REF_HOPS && isObject(current) && typeof current.$ref === 'string'; hops++) {
    current = resolvePointer(document, current.$ref)
  }
  return current
}
