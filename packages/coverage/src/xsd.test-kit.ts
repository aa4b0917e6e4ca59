/**
 * A small XML parser and a checker for the subset of XML Schema the JUnit XSDs use (global elements,
 * named complex and simple types, attributes with `use="required"`, sequence/choice content, `mixed`,
 * pattern restrictions). Enough to hold rendered JUnit XML against the vendored Jenkins junit-10.xsd
 * without a network or a native validator.
 */

export interface XmlElement {
  readonly name: string
  readonly attributes: ReadonlyMap<string, string>
  readonly children: readonly XmlElement[]
  /** Concatenated character data directly inside this element. */
  readonly text: string
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9._:]*/
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the characters XML forbids is the point
const INVALID_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/

function decodeEntities(raw: string, where: string): string {
  if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);)/.test(raw)) {
    throw new Error(
      `not well-formed: unescaped markup character in ${where}: ${JSON.stringify(raw.slice(0, 60))}`,
    )
  }
  if (INVALID_CHAR.test(raw)) throw new Error(`not well-formed: invalid XML character in ${where}`)
  return raw.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);/g, (_m, entity: string) => {
    if (entity === 'amp') return '&'
    if (entity === 'lt') return '<'
    if (entity === 'gt') return '>'
    if (entity === 'quot') return '"'
    if (entity === 'apos') return "'"
    return String.fromCodePoint(
      entity.startsWith('#x') ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
    )
  })
}

/** Parses a document and returns its root element; throws on anything not well-formed. */
export function parseXml(source: string): XmlElement {
  let pos = 0
  const skipMisc = () => {
    for (;;) {
      const rest = source.slice(pos)
      const ws = /^\s+/.exec(rest)
      if (ws) {
        pos += ws[0].length
        continue
      }
      if (rest.startsWith('<?')) {
        const end = source.indexOf('?>', pos)
        if (end === -1) throw new Error('not well-formed: unterminated processing instruction')
        pos = end + 2
        continue
      }
      if (rest.startsWith('<!--')) {
        const end = source.indexOf('-->', pos)
        if (end === -1) throw new Error('not well-formed: unterminated comment')
        pos = end + 3
        continue
      }
      return
    }
  }
  const parseElement = (): XmlElement => {
    if (source[pos] !== '<') throw new Error(`not well-formed: expected an element at ${pos}`)
    pos++
    const name = NAME.exec(source.slice(pos))?.[0]
    if (name === undefined) throw new Error(`not well-formed: bad element name at ${pos}`)
    pos += name.length
    const attributes = new Map<string, string>()
    for (;;) {
      const ws = /^\s*/.exec(source.slice(pos))?.[0] ?? ''
      pos += ws.length
      if (source.startsWith('/>', pos)) {
        pos += 2
        return { name, attributes, children: [], text: '' }
      }
      if (source[pos] === '>') {
        pos++
        break
      }
      if (ws === '') throw new Error(`not well-formed: expected whitespace before attribute in <${name}>`)
      const attribute = /^([A-Za-z_:][-A-Za-z0-9._:]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(source.slice(pos))
      if (attribute === null) throw new Error(`not well-formed: bad attribute in <${name}> at ${pos}`)
      const attributeName = attribute[1] ?? ''
      if (attributes.has(attributeName))
        throw new Error(`not well-formed: duplicate attribute ${attributeName} in <${name}>`)
      attributes.set(
        attributeName,
        decodeEntities(attribute[3] ?? attribute[4] ?? '', `attribute ${attributeName} of <${name}>`),
      )
      pos += attribute[0].length
    }
    const children: XmlElement[] = []
    let text = ''
    for (;;) {
      if (pos >= source.length) throw new Error(`not well-formed: <${name}> is not closed`)
      if (source.startsWith('</', pos)) {
        const close = /^<\/([^\s>]+)\s*>/.exec(source.slice(pos))
        if (close === null || close[1] !== name)
          throw new Error(`not well-formed: </${close?.[1]}> closes <${name}>`)
        pos += close[0].length
        return { name, attributes, children, text }
      }
      if (source.startsWith('<!--', pos)) {
        const end = source.indexOf('-->', pos)
        if (end === -1) throw new Error('not well-formed: unterminated comment')
        pos = end + 3
        continue
      }
      if (source[pos] === '<') {
        children.push(parseElement())
        continue
      }
      const next = source.indexOf('<', pos)
      const raw = source.slice(pos, next === -1 ? source.length : next)
      text += decodeEntities(raw, `text of <${name}>`)
      pos += raw.length
    }
  }
  skipMisc()
  const root = parseElement()
  skipMisc()
  if (pos !== source.length) throw new Error('not well-formed: content after the root element')
  return root
}

interface ElementRule {
  readonly attributes: ReadonlyMap<string, { readonly required: boolean; readonly pattern?: RegExp }>
  readonly children: ReadonlySet<string>
  readonly allowsText: boolean
}

const XS = 'xs:'

function descendants(node: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = []
  for (const child of node.children) {
    if (child.name === name) found.push(child)
    else if (child.name !== `${XS}complexType`) found.push(...descendants(child, name))
  }
  return found
}

/** Compiles the global element declarations of an XSD (subset used by JUnit schemas) into rules. */
export function compileXsd(xsd: string): ReadonlyMap<string, ElementRule> {
  const schema = parseXml(xsd)
  const simpleTypes = new Map<string, RegExp>()
  for (const simple of schema.children.filter((c) => c.name === `${XS}simpleType`)) {
    const pattern = descendants(simple, `${XS}pattern`)[0]?.attributes.get('value')
    if (pattern !== undefined)
      simpleTypes.set(simple.attributes.get('name') ?? '', new RegExp(`^(?:${pattern})$`))
  }
  const complexTypes = new Map<string, XmlElement>()
  for (const complex of schema.children.filter((c) => c.name === `${XS}complexType`)) {
    complexTypes.set(complex.attributes.get('name') ?? '', complex)
  }
  const ruleOf = (complex: XmlElement): ElementRule => {
    const attributes = new Map<string, { required: boolean; pattern?: RegExp }>()
    for (const attribute of complex.children.filter((c) => c.name === `${XS}attribute`)) {
      const pattern = simpleTypes.get(attribute.attributes.get('type') ?? '')
      attributes.set(attribute.attributes.get('name') ?? '', {
        required: attribute.attributes.get('use') === 'required',
        ...(pattern === undefined ? {} : { pattern }),
      })
    }
    const children = new Set<string>()
    for (const element of descendants(complex, `${XS}element`)) {
      children.add(element.attributes.get('ref') ?? element.attributes.get('name') ?? '')
    }
    return { attributes, children, allowsText: complex.attributes.get('mixed') === 'true' }
  }
  const rules = new Map<string, ElementRule>()
  for (const element of schema.children.filter((c) => c.name === `${XS}element`)) {
    const name = element.attributes.get('name') ?? ''
    const type = element.attributes.get('type')
    const inline = element.children.find((c) => c.name === `${XS}complexType`)
    if (inline !== undefined) rules.set(name, ruleOf(inline))
    else if (type === `${XS}string`)
      rules.set(name, { attributes: new Map(), children: new Set(), allowsText: true })
    else if (type !== undefined && complexTypes.has(type))
      rules.set(name, ruleOf(complexTypes.get(type) as XmlElement))
  }
  return rules
}

/** Every way `document` departs from the rules, as `path: problem` lines (empty when valid). */
export function checkAgainstXsd(document: string, rules: ReadonlyMap<string, ElementRule>): string[] {
  const problems: string[] = []
  const visit = (element: XmlElement, path: string) => {
    const rule = rules.get(element.name)
    if (rule === undefined) {
      problems.push(`${path}: element <${element.name}> is not declared`)
      return
    }
    for (const [name, attribute] of rule.attributes) {
      const value = element.attributes.get(name)
      if (value === undefined && attribute.required)
        problems.push(`${path}: missing required attribute ${name}`)
      if (value !== undefined && attribute.pattern !== undefined && !attribute.pattern.test(value)) {
        problems.push(`${path}: attribute ${name}="${value}" does not match its type`)
      }
    }
    for (const name of element.attributes.keys()) {
      if (!rule.attributes.has(name)) problems.push(`${path}: attribute ${name} is not allowed`)
    }
    if (!rule.allowsText && element.text.trim() !== '') problems.push(`${path}: text content is not allowed`)
    element.children.forEach((child, index) => {
      if (!rule.children.has(child.name)) problems.push(`${path}: child <${child.name}> is not allowed`)
      else visit(child, `${path}/${child.name}[${index}]`)
    })
  }
  const root = parseXml(document)
  visit(root, `/${root.name}`)
  return problems
}
