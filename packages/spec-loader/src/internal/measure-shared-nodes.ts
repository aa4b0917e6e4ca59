/**
 * How many nodes a document may gain when every shared node (a YAML alias, an object used twice in an
 * in-memory value) is counted once per place it appears. Every later stage (the validator's schema
 * compiler, structural validation, reports) reads the document as a tree, so this is the extra work a
 * few bytes of aliases can ask of them: about what 100,000 written nodes would cost.
 */
export const MAX_ALIAS_EXPANSION = 100_000

/** Extra nodes already taken by the documents of one spec (the entry and the files it references). */
export interface AliasBudget {
  spent: number
}

export type SharedNodes =
  /** `extra` nodes beyond those written (0 without shared nodes). */
  | { readonly kind: 'tree'; readonly extra: number }
  /** `node` contains itself: no finite tree exists. */
  | { readonly kind: 'cycle'; readonly node: object }
  /** Counted as a tree the document has `expanded` nodes, `written` of them distinct. */
  | {
      readonly kind: 'expansion'
      readonly written: number
      readonly expanded: number
      /** Extra nodes of the documents measured before this one. */
      readonly spent: number
    }

const EXIT = 1

/**
 * Measures a parsed value as the tree later stages see, in time linear in its distinct nodes: each
 * object's tree size is computed once (after its children, without recursion) and reused wherever the
 * object appears again. With a `budget`, the extra nodes of every document of a spec count together,
 * and this document's are added to it when it fits.
 */
export function measureSharedNodes(value: unknown, budget: AliasBudget = { spent: 0 }): SharedNodes {
  if (typeof value !== 'object' || value === null) return { kind: 'tree', extra: 0 }
  const sizes = new Map<object, number>()
  const active = new Set<object>()
  const nodes: object[] = [value]
  const marks: number[] = [0]
  let written = 0
  let isShared = false
  while (nodes.length > 0) {
    const node = nodes.pop() as object
    const mark = marks.pop() as number
    if (mark === EXIT) {
      let size = 1
      let own = 1
      for (const child of Object.values(node)) {
        if (typeof child === 'object' && child !== null) size += sizes.get(child) ?? 0
        else {
          size++
          own++
        }
      }
      written += own
      active.delete(node)
      sizes.set(node, size)
      continue
    }
    if (sizes.has(node)) {
      isShared = true
      continue
    }
    if (active.has(node)) return { kind: 'cycle', node }
    active.add(node)
    nodes.push(node)
    marks.push(EXIT)
    for (const child of Object.values(node)) {
      if (typeof child !== 'object' || child === null) continue
      if (active.has(child)) return { kind: 'cycle', node: child }
      nodes.push(child)
      marks.push(0)
    }
  }
  if (!isShared) return { kind: 'tree', extra: 0 }
  const expanded = sizes.get(value) ?? 0
  const extra = expanded - written
  if (budget.spent + extra > MAX_ALIAS_EXPANSION)
    return { kind: 'expansion', written, expanded, spent: budget.spent }
  budget.spent += extra
  return { kind: 'tree', extra }
}
