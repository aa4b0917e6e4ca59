import { type MatchOptions, matchOperation } from '@contracttool/matcher'
import type { OperationMatch } from '@contracttool/matcher/internal'
import type { LoadedSpec } from '@contracttool/spec-loader'

// Operation matches by (path as sent, method) for one stripPrefixes list. `prefixes` is the list's
// content when the table was filled: a list changed in place empties the table.
interface Table {
  prefixes: readonly string[]
  readonly byPath: Map<string, Map<string, OperationMatch>>
}

// Distinct request paths remembered per table; a stream of distinct paths (ids in every URL) empties
// it, so memory stays bounded and the cost is one map write per miss.
const PATH_LIMIT = 1024
const NO_PREFIXES: readonly string[] = []

// One set of tables with server matching on, one with it off.
const tablesThroughServers = new WeakMap<LoadedSpec, WeakMap<readonly string[], Table>>()
const tablesAsSent = new WeakMap<LoadedSpec, WeakMap<readonly string[], Table>>()

// `matchOperation` with its answers remembered: a test suite sends the same few requests again and
// again, and normalizing and matching the path is most of what a small response costs. A miss is
// remembered too: its report names only the method and path it is remembered under, and is rendered
// once, when first read. The returned match is shared by later calls with the same method and path:
// callers read it, never change it.
export function matchOperationMemoized(
  spec: LoadedSpec,
  method: string,
  path: string,
  stripPrefixes: readonly string[] | undefined,
  matchServers: boolean,
  options: MatchOptions | undefined,
): OperationMatch {
  const table = tableFor(
    matchServers ? tablesThroughServers : tablesAsSent,
    spec,
    stripPrefixes ?? NO_PREFIXES,
  )
  const cached = table.byPath.get(path)?.get(method)
  if (cached !== undefined) return cached
  const match = matchOperation(
    spec,
    method,
    path,
    stripPrefixes === undefined && matchServers ? undefined : options,
  )
  let byMethod = table.byPath.get(path)
  if (byMethod === undefined) {
    if (table.byPath.size >= PATH_LIMIT) table.byPath.clear()
    byMethod = new Map()
    table.byPath.set(path, byMethod)
  }
  byMethod.set(method, match)
  return match
}

function tableFor(
  tables: WeakMap<LoadedSpec, WeakMap<readonly string[], Table>>,
  spec: LoadedSpec,
  prefixes: readonly string[],
): Table {
  let bySpec = tables.get(spec)
  if (bySpec === undefined) {
    bySpec = new WeakMap()
    tables.set(spec, bySpec)
  }
  let table = bySpec.get(prefixes)
  if (table === undefined) {
    table = { prefixes: [...prefixes], byPath: new Map() }
    bySpec.set(prefixes, table)
  } else if (!sameList(table.prefixes, prefixes)) {
    table.prefixes = [...prefixes]
    table.byPath.clear()
  }
  return table
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
