import { describe, expect, it } from 'vitest'
import { resolveAppImport } from './resolve-app-import.js'

describe('resolveAppImport', () => {
  it.each([
    {
      module: 'src/app.ts',
      out: 'tests/contract',
      want: { specifier: '../../src/app.js', exportName: 'default', isFactory: false },
    },
    {
      module: 'src/app.ts#app',
      out: 'tests/contract',
      want: { specifier: '../../src/app.js', exportName: 'app', isFactory: false },
    },
    {
      module: './src/server.mts#buildApp()',
      out: 'test',
      want: { specifier: '../src/server.mjs', exportName: 'buildApp', isFactory: true },
    },
    {
      module: 'src/app.js',
      out: 'src',
      want: { specifier: './app.js', exportName: 'default', isFactory: false },
    },
    {
      module: '/repo/lib/app.cts#default()',
      out: '/repo/tests',
      want: { specifier: '../lib/app.cjs', exportName: 'default', isFactory: true },
    },
  ])('$module from $out', ({ module, out, want }) => {
    expect(resolveAppImport(module, out, '/repo')).toEqual(want)
  })

  it.each([
    { module: '' },
    { module: '#app' },
    { module: 'src/app.ts#' },
    { module: 'src/app.ts#not-a-name' },
  ])('refuses $module', ({ module }) => {
    expect(() => resolveAppImport(module, 'tests', '/repo')).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_STUBS_INVALID_APP_MODULE' }),
    )
  })
})
