// Everything contracttool writes to a terminal, a CI log, a Markdown report or an XML/HTML file quotes
// names that come from specs, sidecars and responses. These functions are the one place where such a
// name is made inert for the reader it is written for.

// C0 controls, DEL, C1 controls (0x9B starts a terminal sequence like ESC [), the Unicode line and
// paragraph separators, and the bidirectional overrides and isolates that reorder what a reader sees.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

// GitHub Actions runs a log line as a workflow command when it starts with `::` after leading spaces.
const WORKFLOW_COMMAND = /^([ \t]*):(?=:)/gm

// Characters XML 1.0 cannot carry at all (C0 controls other than tab/newline/CR, lone surrogates,
// U+FFFE/U+FFFF) become U+FFFD instead of producing a document CI parsers reject.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the characters XML forbids is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const INVALID_XML = new RegExp(`${FORBIDDEN_CONTROL.source}|${LONE_SURROGATE.source}`, 'g')
// Characters XML allows but a terminal showing the file would act on (C1 controls, line separators,
// bidi controls) are written as character references, which a reader reads back unchanged.
const INVISIBLE_IN_XML = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

function showControlCharacters(text: string): string {
  CONTROL.lastIndex = 0
  if (!CONTROL.test(text)) return text
  return text.replace(CONTROL, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

function escapeMarkup(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

// Markup for a file that may be printed to a CI log: no line of it can start a workflow command (the
// `:` becomes `&#58;`, which an XML or HTML reader reads back as `:`).
function escapeXml(value: string): string {
  return escapeMarkup(value.replace(INVALID_XML, '\uFFFD'))
    .replace(INVISIBLE_IN_XML, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`)
    .replace(WORKFLOW_COMMAND, '$1&#58;')
}

/**
 * Lines contracttool assembled for a terminal or CI log (its own line breaks and colours kept): a line
 * that would start a GitHub Actions workflow command (`::` after leading spaces) has its first `:` shown
 * as `\u003a`. The writer every message goes through, so a message written later cannot forget it; names
 * inside a line still go through `terminalText`.
 *
 * @see https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions
 * @example
 * process.stderr.write(terminalLines(`${message}\n`))
 */
export function terminalLines(text: string): string {
  // Most text holds no `::` at all (every response's content type passes through here).
  return text.includes('::') ? text.replace(WORKFLOW_COMMAND, '$1\\u003a') : text
}

/**
 * Text for a terminal or CI log line: every control character becomes a visible escape (`\n`, `\r`,
 * `\t`, else `\u001b` style), so no input can move the cursor, recolour the terminal, ring the bell,
 * reorder the line (bidi controls) or start a new one; and a line that would start a GitHub Actions
 * workflow command (`::` after leading spaces) has its first `:` shown as `\u003a`. Other text is
 * returned unchanged.
 *
 * @see https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions
 * @example
 * terminalText('/x\n::error title=a::b\u001b[31m') // '/x\\n::error title=a::b\\u001b[31m'
 */
export function terminalText(text: string): string {
  return terminalLines(showControlCharacters(text))
}

/**
 * Text for Markdown outside code spans, table cells included: HTML is shown, never rendered (GitHub
 * renders raw HTML in Markdown), punctuation that starts emphasis, links or code is backslash-escaped
 * (CommonMark 2.4), `|` cannot end a table cell, a newline becomes `<br>` and other control characters
 * are visible escapes.
 *
 * @see https://spec.commonmark.org/0.31.2/#backslash-escapes
 * @example
 * markdownText('a`<img src=x>`**b**') // 'a\\`&lt;img src=x&gt;\\`\\*\\*b\\*\\*'
 */
export function markdownText(value: string): string {
  const escaped = escapeMarkup(value)
    .replace(/[\\`*_[\]~!|]/g, '\\$&')
    .replaceAll('\n', '<br>')
  return showControlCharacters(escaped)
}

/**
 * A Markdown inline code span showing `value` literally: the fence is one backtick longer than the
 * longest run inside (CommonMark 6.1), `|` cannot end a table cell, and control characters (newlines
 * included) are visible escapes.
 *
 * @see https://spec.commonmark.org/0.31.2/#code-spans
 * @example
 * markdownCode('a`b') // '``a`b``'
 */
export function markdownCode(value: string): string {
  const escaped = showControlCharacters(value).replaceAll('|', '\\|')
  let longest = 0
  for (const run of escaped.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  const fence = '`'.repeat(longest + 1)
  const pad = escaped.startsWith('`') || escaped.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${escaped}${pad}${fence}`
}

/**
 * Character data of an XML element: `&`, `<`, `>` escaped, characters XML cannot carry replaced by
 * U+FFFD, a carriage return kept as `&#13;`, and no line of the file can start a workflow command
 * (the `:` becomes `&#58;`, which an XML reader reads back as `:`).
 *
 * @see https://www.w3.org/TR/xml/#syntax
 * @example
 * xmlText('a < b\n::error::x') // 'a &lt; b\n&#58;:error::x'
 */
export function xmlText(value: string): string {
  return escapeXml(value).replaceAll('\r', '&#13;')
}

/**
 * An XML attribute value (quoted with `"` or `'`): markup and quotes escaped, tab, newline and carriage
 * return kept as character references so attribute normalisation does not turn them into spaces.
 *
 * @see https://www.w3.org/TR/xml/#AVNormalize
 * @example
 * `<testcase name="${xmlAttribute('GET /a "b"')}"/>`
 */
export function xmlAttribute(value: string): string {
  return escapeXml(value)
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replaceAll('\t', '&#9;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;')
}

/**
 * HTML text or a quoted attribute value: markup and both quotes escaped, characters a document cannot
 * carry replaced by U+FFFD, and no line starts a workflow command.
 *
 * @example
 * `<td title="${htmlText(path)}">${htmlText(path)}</td>`
 */
export function htmlText(value: string): string {
  return escapeXml(value).replaceAll('"', '&quot;').replaceAll("'", '&#39;')
}
