import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sealCache } from '../internal/sealed-cache.js'
import { prepareWorkerBundle } from '../main/prepare-worker-bundle.js'
import { loadWorkerBundle, type WorkerBundleEntry } from './load-worker-bundle.js'
import { builtFile, workerBundle } from './worker-bundle.js'

interface Code {
  readonly answer: number
  readonly fileName: string
  readonly stackLine: () => string | undefined
}

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'contracttool-worker-code-'))
  file = join(dir, 'worker-core.cjs')
  writeCode(41)
})
afterEach(() => {
  freshProcess()
  rmSync(dir, { recursive: true, force: true })
})

const SLOT = Symbol.for('contracttool.test.worker-bundle')

/** Forgets the loaded module and what was handed over, as the next test file's process would not have them. */
function freshProcess(): void {
  delete createRequire(import.meta.url).cache[file]
  delete (globalThis as Record<PropertyKey, unknown>)[SLOT]
}

/** The bundle as a binding built beside its module would declare it. */
const bundle = () => workerBundle<Code>(SLOT, pathToFileURL(join(dir, 'entry.js')).href, 'worker-core.cjs')

function loadWorkerCode<T>(entry: WorkerBundleEntry) {
  return loadWorkerBundle(
    workerBundle<T>(SLOT, pathToFileURL(join(dir, 'entry.js')).href, 'worker-core.cjs'),
    entry,
  )
}

/** A CommonJS module shaped like the built worker code; `stackLine` reports where it throws. */
function writeCode(answer: number): void {
  writeFileSync(
    file,
    [
      '"use strict";',
      `exports.answer = ${answer} + 1;`,
      'exports.fileName = require("node:path").basename(__filename);',
      'exports.stackLine = () => new Error("here").stack.split("\\n")[1];',
      '',
    ].join('\n'),
  )
}

const prepare = () => prepareWorkerBundle(file, join(dir, 'cache')) as WorkerBundleEntry

describe('a worker bundle', () => {
  it('runs the code as a CommonJS module, with its own file name in stack traces', () => {
    const { exports } = loadWorkerCode<Code>(prepare())
    expect(exports.answer).toBe(42)
    expect(exports.fileName).toBe('worker-core.cjs')
    expect(exports.stackLine()).toContain(`${file}:4:`)
  })

  it('is the module require() returns for the same file in the same process', () => {
    const loaded = loadWorkerCode<Code>(prepare())
    expect(createRequire(import.meta.url)(file)).toBe(loaded.exports)
    const again = loadWorkerCode<Code>(prepare())
    expect(again.exports).toBe(loaded.exports)
    expect(again.writeCache).toBeUndefined()
  })

  it('is written by the first file and used by the next ones', () => {
    const entry = prepare()
    const first = loadWorkerCode<Code>(entry)
    expect(existsSync(entry.cacheFile)).toBe(false)
    first.writeCache?.()
    expect(existsSync(entry.cacheFile)).toBe(true)
    freshProcess()
    const next = loadWorkerCode<Code>(entry)
    expect(next.writeCache).toBeUndefined()
    expect(next.exports.answer).toBe(42)
  })

  it('reads code with characters beyond ASCII as UTF-8, from source and from its cache', () => {
    writeFileSync(file, 'exports.text = "café → ✓ 🐈";\nexports.length = exports.text.length;\n')
    const entry = prepare()
    const first = loadWorkerCode<{ text: string; length: number }>(entry)
    expect(first.exports).toEqual({ text: 'café → ✓ 🐈', length: 11 })
    first.writeCache?.()
    freshProcess()
    const next = loadWorkerCode<{ text: string }>(entry)
    expect(next.writeCache).toBeUndefined()
    expect(next.exports.text).toBe('café → ✓ 🐈')
  })

  it('is written at most once per load (files sharing a worker)', () => {
    const entry = prepare()
    const loaded = loadWorkerCode<Code>(entry)
    loaded.writeCache?.()
    rmSync(entry.cacheFile)
    loaded.writeCache?.()
    expect(existsSync(entry.cacheFile)).toBe(false)
  })

  it('is named after the code: other code never gets it, and older caches are removed', () => {
    const entry = prepare()
    loadWorkerCode<Code>(entry).writeCache?.()
    mkdirSync(entry.schemaCodeDir)
    writeFileSync(join(entry.schemaCodeDir, 'entry.json'), '{}')
    expect(entry.schemaCodeDir.slice(-17)).toBe(entry.cacheFile.slice(-21, -4))
    freshProcess()
    writeCode(42)
    const changed = prepare()
    expect(changed.cacheFile).not.toBe(entry.cacheFile)
    expect(changed.schemaCodeDir).not.toBe(entry.schemaCodeDir)
    expect(readdirSync(join(dir, 'cache'))).toEqual([])
    expect(loadWorkerCode<Code>(changed).exports.answer).toBe(43)
  })

  it('is neither read nor written when the file changed after the run started', () => {
    const entry = prepare()
    loadWorkerCode<Code>(entry).writeCache?.()
    freshProcess()
    writeCode(50)
    utimesSync(file, new Date(), new Date(Date.now() + 10_000))
    const loaded = loadWorkerCode<Code>(entry)
    expect(loaded.exports.answer).toBe(51)
    expect(loaded.writeCache).toBeUndefined()
  })

  it('compiles from source when the cache is not one V8 accepts, and rewrites it', () => {
    const entry = prepare()
    writeFileSync(entry.cacheFile, 'not a code cache')
    const loaded = loadWorkerCode<Code>(entry)
    expect(loaded.exports.answer).toBe(42)
    loaded.writeCache?.()
    freshProcess()
    expect(loadWorkerCode<Code>(entry).writeCache).toBeUndefined()
  })

  it('compiles from source when V8 rejects a cache whose checksum holds, and rewrites it', () => {
    const entry = prepare()
    writeFileSync(
      entry.cacheFile,
      sealCache('CTW1', [Buffer.from('bytes V8 does not take for a code cache')]),
    )
    const loaded = loadWorkerCode<Code>(entry)
    expect(loaded.exports.answer).toBe(42)
    expect(loaded.writeCache).toBeDefined()
    loaded.writeCache?.()
    freshProcess()
    expect(loadWorkerCode<Code>(entry).writeCache).toBeUndefined()
  })

  it('removes a damaged cache with one NOTE instead of running it, compiles from source and rewrites it', () => {
    const entry = prepare()
    loadWorkerCode<Code>(entry).writeCache?.()
    const bytes = readFileSync(entry.cacheFile)
    // A bit flipped in the bytecode: V8 would take the cache (same length, version and flags) and run it.
    const at = bytes.length - 8
    bytes[at] = (bytes[at] as number) ^ 0x10
    writeFileSync(entry.cacheFile, bytes)
    const notes: string[] = []
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      notes.push(String(chunk))
      return true
    })
    let loaded: ReturnType<typeof loadWorkerCode<Code>>
    try {
      freshProcess()
      loaded = loadWorkerCode<Code>(entry)
    } finally {
      stderr.mockRestore()
    }
    expect(loaded.exports.answer).toBe(42)
    expect(notes).toEqual([
      `[contracttool] NOTE: the V8 code cache of the worker code ${entry.cacheFile} was damaged (its checksum does not match its content): removed, and built again from the source. Nothing else is affected.\n`,
    ])
    expect(existsSync(entry.cacheFile)).toBe(false)
    loaded.writeCache?.()
    freshProcess()
    expect(loadWorkerCode<Code>(entry).writeCache).toBeUndefined()
  })

  it('leaves workers to import the code when it cannot be read, and runs without a cache folder', () => {
    expect(prepareWorkerBundle(join(dir, 'missing.cjs'), join(dir, 'cache'))).toBeUndefined()
    writeFileSync(join(dir, 'blocked'), 'a file where the folder should be')
    expect(prepareWorkerBundle(file, join(dir, 'blocked'))).toBeUndefined()
    const entry = { ...prepare(), cacheFile: join(dir, 'blocked', 'cache.bin') }
    const loaded = loadWorkerCode<Code>(entry)
    expect(() => loaded.writeCache?.()).not.toThrow()
    expect(loaded.exports.answer).toBe(42)
  })
})

describe('the exports of a worker bundle', () => {
  it('are those loadWorkerBundle() ran, for every copy of the binding in the process', () => {
    const loaded = loadWorkerBundle(bundle(), prepare())
    // Another copy of the binding's module (its entry beside its setup file) finds them in the slot.
    expect(bundle().exports()).toBe(loaded.exports)
  })

  it('are those handed over, else the built bundle beside the module, required once', () => {
    const handedOver = { answer: 7, fileName: 'sources', stackLine: () => undefined }
    bundle().use(handedOver)
    expect(bundle().exports()).toBe(handedOver)
    freshProcess()
    const required = bundle().exports()
    expect(required.answer).toBe(42)
    expect(createRequire(import.meta.url)(file)).toBe(required)
    expect(bundle().exports()).toBe(required)
  })

  it('come from the build beside a built module, and from sources beside a TypeScript one', () => {
    expect(builtFile(pathToFileURL(join(dir, 'index.js')).href, 'setup.js')).toBe(join(dir, 'setup.js'))
    expect(builtFile(pathToFileURL(join(dir, 'index.cjs')).href, 'setup.js')).toBe(join(dir, 'setup.js'))
    expect(builtFile(import.meta.url, 'setup.js')).toBeUndefined()
    const fromSources = workerBundle<Code>(SLOT, import.meta.url, 'worker-core.cjs')
    expect(fromSources.file).toBeUndefined()
    expect(() => fromSources.exports()).toThrow(
      `The worker bundle worker-core.cjs was not handed over (${SLOT.description})`,
    )
  })
})
