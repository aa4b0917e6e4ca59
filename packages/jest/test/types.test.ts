import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { PACKAGE_DIR } from './jest-project.test-kit.js'

/** Compiles one file against the built declarations, as a user's project would (no source condition). */
function diagnostics(file: string, types: string[]): string[] {
  const program = ts.createProgram([join(PACKAGE_DIR, 'test/types', file)], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types,
    typeRoots: [join(PACKAGE_DIR, 'node_modules/@types')],
    skipLibCheck: true,
  })
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

describe('matcher types', () => {
  it('augment expect of @jest/globals', () => {
    expect(diagnostics('with-jest-globals.ts', [])).toEqual([])
  })

  it('augment the global expect of @types/jest', () => {
    expect(diagnostics('with-types-jest.ts', ['jest'])).toEqual([])
  })
})
