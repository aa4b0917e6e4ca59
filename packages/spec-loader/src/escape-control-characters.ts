// C0 controls, DEL, C1 controls (0x9B starts a terminal sequence like ESC [), the Unicode line and
// paragraph separators, and the bidirectional overrides and isolates that reorder what a reader sees.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/**
 * Makes text from a spec, a sidecar or a response safe to print on one line of a terminal or CI log:
 * every control character becomes a visible escape (`\n`, `\r`, `\t`, else `\u001b` style), so no
 * input can move the cursor, recolour the terminal, ring the bell, or start a new line (GitHub Actions
 * runs a line beginning with `::error::` as a workflow command). Other text is returned unchanged.
 *
 * @see https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions
 * @example
 * escapeControlCharacters('a\n::error::b\u001b[31m') // 'a\\n::error::b\\u001b[31m'
 */
export function escapeControlCharacters(text: string): string {
  CONTROL.lastIndex = 0
  if (!CONTROL.test(text)) return text
  return text.replace(CONTROL, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
