import {
  type CompiledTemplate,
  compareSpecificity,
  type MixedSegment,
  matchMixedSegment,
  type Specificity,
} from './compile-template.js'

interface MixedChild {
  readonly segment: MixedSegment
  readonly node: TrieNode
}

interface TrieNode {
  literals: Map<string, TrieNode> | undefined
  // Keyed by `MixedSegment.key` while the trie is built, listed once it is.
  mixed: Map<string, MixedChild> | undefined
  mixedList: readonly MixedChild[] | undefined
  param: TrieNode | undefined
  multi: TrieNode | undefined
  // The best template ending exactly here (same shape means same rank, so the first declared).
  terminal: CompiledTemplate | undefined
  // Bounds over every template ending in this subtree, so the search can skip subtrees that cannot
  // produce a better match than the one it already has.
  maxSpecificity: Specificity
  minOrder: number
  minOrderFixed: number
  minDepth: number
  maxDepth: number
}

// A trie hit: the template and, per placeholder in `template.paramNames` order, a `[start, end)` segment range.
export interface TrieMatch {
  readonly template: CompiledTemplate
  readonly captures: readonly number[]
}

interface SearchState {
  readonly segments: readonly string[]
  readonly captures: number[]
  best: CompiledTemplate | undefined
  bestCaptures: number[]
}

// A segment trie over the templated paths of one spec. Matching walks the request's segments instead
// of scanning every template, so its cost depends on the path's depth and on how many templates share
// its prefix, not on the size of the spec.
//
// Every template that matches ranks by: more literal segments first, then more mixed segments
// (`{id}.json`), then more text in them, then a fixed segment count before a multi-segment parameter,
// then declaration order. The
// search explores literal children before mixed segments and parameters, and backtracks through all
// branches that could still beat the best match found so far, so the result is exactly the top of that
// ranking.
export class PathTrie {
  readonly #root: TrieNode = createNode()

  constructor(templates: readonly CompiledTemplate[]) {
    for (const template of templates) this.#insert(template)
    computeBounds(this.#root)
  }

  search(segments: readonly string[]): TrieMatch | undefined {
    const state: SearchState = { segments, captures: [], best: undefined, bestCaptures: [] }
    if (canImprove(this.#root, segments.length, state.best)) visit(this.#root, 0, state)
    return state.best === undefined ? undefined : { template: state.best, captures: state.bestCaptures }
  }

  #insert(template: CompiledTemplate): void {
    let node = this.#root
    for (const segment of template.segments) {
      if (segment.kind === 'literal') {
        node.literals ??= new Map()
        let child = node.literals.get(segment.value)
        if (child === undefined) {
          child = createNode()
          node.literals.set(segment.value, child)
        }
        node = child
      } else if (segment.kind === 'mixed') {
        node.mixed ??= new Map()
        let child = node.mixed.get(segment.key)
        if (child === undefined) {
          child = { segment, node: createNode() }
          node.mixed.set(segment.key, child)
        }
        node = child.node
      } else if (segment.kind === 'param') {
        node.param ??= createNode()
        node = node.param
      } else {
        node.multi ??= createNode()
        node = node.multi
      }
    }
    if (node.terminal === undefined || template.order < node.terminal.order) node.terminal = template
  }
}

function visit(node: TrieNode, index: number, state: SearchState): void {
  const { segments, captures } = state
  const count = segments.length
  if (index === count) {
    const terminal = node.terminal
    if (terminal !== undefined && (state.best === undefined || ranksBefore(terminal, state.best))) {
      state.best = terminal
      state.bestCaptures = captures.slice()
    }
    return
  }
  const segment = segments[index] as string
  const literal = node.literals?.get(segment)
  if (literal !== undefined && canImprove(literal, count - index - 1, state.best))
    visit(literal, index + 1, state)
  // A parameter never matches an empty segment, so `//x` and `/a//b` only ever match literally.
  if (segment === '') return
  const mixedList = node.mixedList
  if (mixedList !== undefined) {
    for (let i = 0; i < mixedList.length; i++) {
      const { segment: mixed, node: child } = mixedList[i] as MixedChild
      if (!canImprove(child, count - index - 1, state.best) || !matchMixedSegment(mixed, segment)) continue
      // One range per placeholder of the segment; the values are split out once the search is done.
      for (let n = 0; n < mixed.names.length; n++) captures.push(index, index + 1)
      visit(child, index + 1, state)
      captures.length -= 2 * mixed.names.length
    }
  }
  const param = node.param
  if (param !== undefined && canImprove(param, count - index - 1, state.best)) {
    captures.push(index, index + 1)
    visit(param, index + 1, state)
    captures.length -= 2
  }
  const multi = node.multi
  if (multi !== undefined) {
    // Shortest first, so an earlier multi-segment parameter leaves the most to the ones after it.
    for (let end = index + 1; end <= count; end++) {
      if (segments[end - 1] === '') break
      if (!canImprove(multi, count - end, state.best)) continue
      captures.push(index, end)
      visit(multi, end, state)
      captures.length -= 2
    }
  }
}

// True when `a` outranks `b`: more specific (see `CompiledTemplate.specificity`), then fixed before
// multi-segment, then declared first.
export function ranksBefore(a: CompiledTemplate, b: CompiledTemplate): boolean {
  const specificity = compareSpecificity(a.specificity, b.specificity)
  if (specificity !== 0) return specificity > 0
  if (a.hasMultiSegment !== b.hasMultiSegment) return !a.hasMultiSegment
  return a.order < b.order
}

// Whether some template below `node` could match `remaining` more segments and outrank `best`.
function canImprove(node: TrieNode, remaining: number, best: CompiledTemplate | undefined): boolean {
  if (remaining < node.minDepth || remaining > node.maxDepth) return false
  if (best === undefined) return true
  const specificity = compareSpecificity(node.maxSpecificity, best.specificity)
  if (specificity !== 0) return specificity > 0
  return best.hasMultiSegment
    ? node.minOrderFixed !== Infinity || node.minOrder < best.order
    : node.minOrderFixed < best.order
}

// Below every template's specificity: the bound of a subtree without templates.
const NO_TEMPLATE: Specificity = [-1, -1, -1]

function createNode(): TrieNode {
  return {
    literals: undefined,
    mixed: undefined,
    mixedList: undefined,
    param: undefined,
    multi: undefined,
    terminal: undefined,
    maxSpecificity: NO_TEMPLATE,
    minOrder: Infinity,
    minOrderFixed: Infinity,
    minDepth: Infinity,
    maxDepth: -Infinity,
  }
}

function computeBounds(node: TrieNode): void {
  const terminal = node.terminal
  if (terminal !== undefined) {
    node.maxSpecificity = terminal.specificity
    node.minOrder = terminal.order
    if (!terminal.hasMultiSegment) node.minOrderFixed = terminal.order
    node.minDepth = 0
    node.maxDepth = 0
  }
  const merge = (child: TrieNode, isMulti: boolean): void => {
    computeBounds(child)
    if (compareSpecificity(child.maxSpecificity, node.maxSpecificity) > 0)
      node.maxSpecificity = child.maxSpecificity
    node.minOrder = Math.min(node.minOrder, child.minOrder)
    node.minOrderFixed = Math.min(node.minOrderFixed, child.minOrderFixed)
    node.minDepth = Math.min(node.minDepth, child.minDepth + 1)
    node.maxDepth = isMulti ? Infinity : Math.max(node.maxDepth, child.maxDepth + 1)
  }
  for (const child of node.literals?.values() ?? []) merge(child, false)
  if (node.mixed !== undefined) {
    node.mixedList = [...node.mixed.values()]
    for (const { node: child } of node.mixedList) merge(child, false)
  }
  if (node.param !== undefined) merge(node.param, false)
  if (node.multi !== undefined) merge(node.multi, true)
}
