import { createContext, runInContext } from 'node:vm'
import { RUNTIME_SLOT } from '@contracttool/kernel/internal'
import { describe, expect, it } from 'vitest'
import { currentRunRuntime, installRunRuntime, type RunRuntime } from './run-runtime.js'

const runtime = { fail() {} } as unknown as RunRuntime

describe('installRunRuntime', () => {
  it("installs on another realm's global when given one, where that realm's adapters look", () => {
    const testFileGlobal = createContext()
    const before = currentRunRuntime()
    const uninstall = installRunRuntime(runtime, testFileGlobal)
    expect(runInContext("globalThis[Symbol.for('contracttool.runtime')]", testFileGlobal)).toBe(runtime)
    expect(currentRunRuntime()).toBe(before)
    uninstall()
    expect(RUNTIME_SLOT in testFileGlobal).toBe(false)
  })

  it('puts the previous runtime back on uninstall', () => {
    const target = {}
    const previous = { ...runtime }
    installRunRuntime(previous, target)
    const uninstall = installRunRuntime(runtime, target)
    expect((target as Record<PropertyKey, unknown>)[RUNTIME_SLOT]).toBe(runtime)
    uninstall()
    expect((target as Record<PropertyKey, unknown>)[RUNTIME_SLOT]).toBe(previous)
  })
})
