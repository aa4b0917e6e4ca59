// Characters XML 1.0 cannot carry at all (C0 controls other than tab/newline/CR, lone surrogates,
// U+FFFE/U+FFFF) become U+FFFD instead of producing a document CI parsers reject.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the characters XML forbids is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const INVALID_XML = new RegExp(`${FORBIDDEN_CONTROL.source}|${LONE_SURROGATE.source}`, 'g')

export function escapeXmlAttribute(value: string): string {
  return value
    .replace(INVALID_XML, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replaceAll('\t', '&#9;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;')
}

export function escapeXmlText(value: string): string {
  return value
    .replace(INVALID_XML, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

export function escapeHtml(value: string): string {
  return value
    .replace(INVALID_XML, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}
