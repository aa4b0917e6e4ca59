// The load floor of the performance targets (README): JSON.parse plus a bare walk that resolves every local `$ref` to its
// target once (no inlining, no copies, no indexing). Any loader that checks its references does at
// least this much work.

function unescapeToken(token) {
  return token.indexOf('~') === -1 ? token : token.replace(/~1/g, '/').replace(/~0/g, '~')
}

function resolvePointer(document, ref) {
  let node = document
  const pointer = ref.slice(1)
  if (pointer === '') return node
  for (const raw of pointer.slice(1).split('/')) {
    if (node === null || typeof node !== 'object') return undefined
    node = node[unescapeToken(decodeURIComponent(raw))]
  }
  return node
}

/** Visits every node once; resolves each distinct `#...` reference once. Returns counts. */
export function walkRefs(document) {
  const resolved = new Map()
  let refs = 0
  let unresolved = 0
  const stack = [document]
  while (stack.length > 0) {
    const node = stack.pop()
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child = node[i]
        if (child !== null && typeof child === 'object') stack.push(child)
      }
      continue
    }
    const ref = node.$ref
    if (typeof ref === 'string' && ref.charCodeAt(0) === 35) {
      refs++
      if (!resolved.has(ref)) {
        const target = resolvePointer(document, ref)
        if (target === undefined) unresolved++
        resolved.set(ref, target)
      }
    }
    for (const key in node) {
      const child = node[key]
      if (child !== null && typeof child === 'object') stack.push(child)
    }
  }
  return { refs, distinctRefs: resolved.size, unresolved }
}
