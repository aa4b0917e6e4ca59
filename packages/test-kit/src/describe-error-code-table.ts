import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** How a package's sources and its README's "Error codes" table are kept in step. */
export interface ErrorCodeTableOptions {
  /**
   * The prefixes of the package's codes: every `<prefix>…` word in its sources, in code or in a comment, must be
   * documented. `'CONTRACTTOOL_'` holds every mention to it; a package whose sources also name environment
   * variables (`CONTRACTTOOL_CONSOLE_OUTPUT`) lists the prefixes of its code families instead.
   */
  readonly prefixes: readonly string[]
  /** The name the sources give the codes object (`'MatcherErrorCode'`): each `<name>.<member>` must be a member. */
  readonly codesName?: string
}

/** A production source file of a package: its path below `src/` and its text. */
export interface SourceFile {
  readonly file: string
  readonly text: string
}

/** The codes the rows of a README's "Error codes" table list, in order (a code listed twice appears twice). */
export function documentedErrorCodes(readme: string): string[] {
  const section = readme.split(/^## /m).find((part) => /^Error codes[ \t]*\n/.test(part)) ?? ''
  return [...section.matchAll(/^\|\s*`(CONTRACTTOOL_[A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1] as string)
}

/** The `.ts` files below a package's `src/`, tests (`*.test.ts`) and test kits (`*.test-kit.ts`) left out. */
export function productionSources(packageDir: string): SourceFile[] {
  const src = join(packageDir, 'src')
  return (readdirSync(src, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !/\.test(-kit)?\.ts$/.test(file))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(src, file), 'utf8') }))
}

/** The distinct `<prefix>…` words of a source text, in order of first mention. */
export function mentionedErrorCodes(text: string, prefixes: readonly string[]): string[] {
  return [...new Set(prefixes.flatMap((prefix) => text.match(new RegExp(`${prefix}[A-Z0-9_]+`, 'g')) ?? []))]
}

/**
 * The README tests of a package: its "Error codes" table lists every code of `codes` exactly once and no
 * other, and every code its production sources mention is documented (see `ErrorCodeTableOptions`).
 *
 * @example
 * describeErrorCodeTable(join(import.meta.dirname, '..'), JestErrorCode, 'CONTRACTTOOL_JEST_')
 */
export function describeErrorCodeTable(
  packageDir: string,
  codes: Readonly<Record<string, string>>,
  prefixOrOptions: string | ErrorCodeTableOptions,
): void {
  const options = typeof prefixOrOptions === 'string' ? { prefixes: [prefixOrOptions] } : prefixOrOptions
  const documented = documentedErrorCodes(readFileSync(join(packageDir, 'README.md'), 'utf8'))
  const { codesName } = options
  // `<name>.<member>` as the sources write it; the member may be missing (the third test says so).
  const members = (text: string) =>
    codesName === undefined ? [] : [...text.matchAll(new RegExp(`\\b${codesName}\\.(\\w+)`, 'g'))]

  describe('README', () => {
    it('lists every error code exactly once, and no other', () => {
      expect([...documented].sort()).toEqual([...new Set(Object.values(codes))].sort())
    })

    it('documents every code the sources mention', () => {
      const mentioned = new Set<string>()
      for (const { text } of productionSources(packageDir)) {
        for (const code of mentionedErrorCodes(text, options.prefixes)) mentioned.add(code)
        for (const [, member] of members(text)) {
          const code = codes[member as string]
          if (code !== undefined) mentioned.add(code)
        }
      }
      expect(mentioned.size, 'the sources mention no code at all').toBeGreaterThan(0)
      for (const code of mentioned) expect(documented).toContain(code)
    })

    if (codesName !== undefined) {
      it(`names only members of ${codesName}`, () => {
        for (const { file, text } of productionSources(packageDir)) {
          for (const [, member] of members(text)) {
            expect(Object.hasOwn(codes, member as string), `src/${file} uses ${codesName}.${member}`).toBe(
              true,
            )
          }
        }
      })
    }
  })
}
