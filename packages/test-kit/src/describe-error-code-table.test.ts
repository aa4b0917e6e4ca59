import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  describeErrorCodeTable,
  documentedErrorCodes,
  mentionedErrorCodes,
  productionSources,
} from './describe-error-code-table.js'

const README = `# pkg

| \`CONTRACTTOOL_NOT_IN_THE_TABLE\` | above the section |

## Error codes

| code | when |
| --- | --- |
| \`CONTRACTTOOL_PKG_A\` | first |
|\`CONTRACTTOOL_PKG_B2\`| no spaces |
| \`CONTRACTTOOL_PKG_A\` | listed twice |
| the text \`CONTRACTTOOL_PKG_C\` | not the first cell |

## Next

| \`CONTRACTTOOL_PKG_D\` | another section |
`

describe('documentedErrorCodes', () => {
  it('reads the first cell of each row of the "Error codes" section only, duplicates kept', () => {
    expect(documentedErrorCodes(README)).toEqual([
      'CONTRACTTOOL_PKG_A',
      'CONTRACTTOOL_PKG_B2',
      'CONTRACTTOOL_PKG_A',
    ])
  })

  it.each([
    ['no such section', '# pkg\n\n| `CONTRACTTOOL_PKG_A` | x |\n'],
    [
      'a heading that only starts the same way',
      '## Error codes of the peers\n\n| `CONTRACTTOOL_PKG_A` | x |\n',
    ],
  ])('finds nothing with %s', (_name, readme) => {
    expect(documentedErrorCodes(readme)).toEqual([])
  })
})

describe('mentionedErrorCodes', () => {
  const text = `
    // CONTRACTTOOL_PKG_IN_A_COMMENT
    throw new PkgError(PkgErrorCode.Bad, 'CONTRACTTOOL_OTHER_QUOTED')
    const codes = ['CONTRACTTOOL_PKG_A', 'CONTRACTTOOL_PKG_A']
  `

  it.each([
    [['CONTRACTTOOL_PKG_'], ['CONTRACTTOOL_PKG_IN_A_COMMENT', 'CONTRACTTOOL_PKG_A']],
    [
      ['CONTRACTTOOL_OTHER_', 'CONTRACTTOOL_PKG_'],
      ['CONTRACTTOOL_OTHER_QUOTED', 'CONTRACTTOOL_PKG_IN_A_COMMENT', 'CONTRACTTOOL_PKG_A'],
    ],
    [['CONTRACTTOOL_'], ['CONTRACTTOOL_PKG_IN_A_COMMENT', 'CONTRACTTOOL_OTHER_QUOTED', 'CONTRACTTOOL_PKG_A']],
    [[], []],
  ])('with the prefixes %o finds %o', (prefixes, want) => {
    expect(mentionedErrorCodes(text, prefixes)).toEqual(want)
  })
})

/** A package directory with a README and the given files below `src/`. */
function packageWith(readme: string, files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'contracttool-test-kit-'))
  writeFileSync(join(dir, 'README.md'), readme)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'src', file, '..'), { recursive: true })
    writeFileSync(join(dir, 'src', file), text)
  }
  return dir
}

describe('productionSources', () => {
  it('lists the .ts files below src/, nested ones too, without tests and test kits', () => {
    const dir = packageWith('', {
      'index.ts': 'a',
      'internal/deep.ts': 'b',
      'index.test.ts': 'c',
      'make-spec.test-kit.ts': 'd',
      'notes.md': 'e',
    })
    expect(productionSources(dir)).toEqual([
      { file: 'index.ts', text: 'a' },
      { file: join('internal', 'deep.ts'), text: 'b' },
    ])
  })
})

// The check itself, on a package that keeps its table in step: every test it registers passes.
const PkgErrorCode = { Bad: 'CONTRACTTOOL_PKG_BAD', Worse: 'CONTRACTTOOL_PKG_WORSE' } as const
describeErrorCodeTable(
  packageWith('## Error codes\n\n| `CONTRACTTOOL_PKG_BAD` | x |\n| `CONTRACTTOOL_PKG_WORSE` | y |\n', {
    'errors.ts':
      "export const PkgErrorCode = { Bad: 'CONTRACTTOOL_PKG_BAD', Worse: 'CONTRACTTOOL_PKG_WORSE' }",
    'throw.ts': 'throw new PkgError(PkgErrorCode.Worse)',
    'throw.test-kit.ts': "'CONTRACTTOOL_UNDOCUMENTED'",
  }),
  PkgErrorCode,
  { prefixes: ['CONTRACTTOOL_'], codesName: 'PkgErrorCode' },
)
