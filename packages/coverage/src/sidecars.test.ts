import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { computeCoverage } from './compute-coverage.js'
import { CoverageTracker } from './coverage-tracker.js'
import { fixtureSpecs, fixtureTracker, validation } from './fixture.test-kit.js'
import { lockSidecars, MERGE_LOCK_FILE } from './lock-sidecars.js'
import { mergeSidecars } from './merge-sidecars.js'
import { readSidecars, removeSidecars } from './read-sidecars.js'
import { buildSidecarEnvelope, parseSidecarPayload, type SidecarEnvelope } from './sidecar-envelope.js'
import { defaultSidecarDir, writeFailureMarker, writeSidecar } from './write-sidecar.js'

const root = mkdtempSync(join(tmpdir(), 'contracttool-sidecars-'))
let counter = 0
afterAll(() => rmSync(root, { recursive: true, force: true }))
function freshDir(): string {
  counter++
  return join(root, `run-${counter}`, 'sidecars')
}

const STRICT_V2 = {
  version: 2,
  observations: {
    petstore: { 'GET /pets': { '200:application/json': { hits: 2, pointers: { '/': ['id'] } } } },
  },
}
const STRICT_V1 = {
  version: 1,
  observations: { petstore: { 'GET /pets': { '200:application/json': { hits: 2, alwaysPresent: ['id'] } } } },
}

function workerTracker(recordings: Parameters<typeof validation>[0][]): CoverageTracker {
  const tracker = new CoverageTracker()
  for (const recording of recordings) tracker.recordResponse(validation(recording))
  return tracker
}

describe('writeSidecar / readSidecars / mergeSidecars', () => {
  it('round-trips envelopes and merges them with the recording rules', () => {
    const dir = freshDir()
    const a = workerTracker([{ outcome: 'skipped', skipReason: 'a' }, { path: '/pets/{petId}' }])
    a.recordSdkExercise('petstore', 'GET', '/pets', '200', 'application/json')
    const b = workerTracker([{}, { method: 'POST', status: '201' }])
    const pathA = writeSidecar(
      dir,
      'pool-1',
      buildSidecarEnvelope(a, { token: 'pool-1', pid: 101, strictRequired: STRICT_V2 }),
    )
    const pathB = writeSidecar(dir, 'pool/2', buildSidecarEnvelope(b, { token: 'pool/2', pid: 102 }))
    expect(pathA).toBe(join(dir, 'part-pool-1-101.json'))
    expect(pathB).toBe(join(dir, 'part-pool_2-102.json'))

    const { envelopes, files } = readSidecars(dir)
    expect(files).toEqual([pathA, pathB])
    const merged = mergeSidecars(envelopes)
    expect(merged.sidecarCount).toBe(2)
    expect(merged.sidecarsWithoutSdkExercise).toBe(0)
    expect(merged.strictRequiredStates).toEqual([STRICT_V2])
    expect(merged.tracker.endpoint('petstore', 'GET /pets')?.responses).toEqual({
      '200:application/json': { state: 'validated', hits: 2, skipReason: null },
    })
    const result = computeCoverage(fixtureSpecs(), merged.tracker)
    expect(result.specs[0]?.totals.responseCovered).toBe(3)
    expect(result.sdkExerciseTotals.responseExercised).toBe(1)
  })

  it('creates the directory 0700 and files 0600, atomically (no temp files left)', () => {
    const dir = freshDir()
    const path = writeSidecar(dir, 't', buildSidecarEnvelope(fixtureTracker(), { token: 't' }))
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readdirSync(dir)).toEqual([`part-t-${process.pid}.json`])
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      envelopeVersion: 1,
      tool: 'contracttool',
      writer: { pid: process.pid, token: 't' },
    })
  })

  it('defaults to .contracttool/sidecars under the project root', () => {
    expect(defaultSidecarDir('/repo')).toBe(join('/repo', '.contracttool', 'sidecars'))
  })

  it('reads a missing directory as no sidecars', () => {
    expect(readSidecars(join(root, 'does-not-exist'))).toEqual({ envelopes: [], files: [] })
  })

  it('carries mock coverage apart from the API coverage, and merges sidecars without it', () => {
    const dir = freshDir()
    const api = workerTracker([{}])
    const mockA = workerTracker([{ path: '/pets/{petId}' }])
    const mockB = workerTracker([{ path: '/pets/{petId}' }, { method: 'POST', status: '201' }])
    writeSidecar(dir, 'a', buildSidecarEnvelope(api, { token: 'a', pid: 1, mockCoverage: mockA }))
    writeSidecar(
      dir,
      'b',
      buildSidecarEnvelope(new CoverageTracker(), { token: 'b', pid: 2, mockCoverage: mockB }),
    )
    // A sidecar written before mock coverage travelled (or by a run no mock answered) has no such half.
    writeSidecar(
      dir,
      'c',
      buildSidecarEnvelope(api, { token: 'c', pid: 3, mockCoverage: new CoverageTracker() }),
    )
    const { envelopes } = readSidecars(dir)
    expect(envelopes.map((envelope) => Object.hasOwn(envelope, 'mockCoverage'))).toEqual([true, true, false])
    const merged = mergeSidecars(envelopes)
    expect(merged.mockTracker.endpoint('petstore', 'GET /pets/{petId}')?.responses).toEqual({
      '200:application/json': { state: 'validated', hits: 2, skipReason: null },
    })
    expect(
      merged.mockTracker.endpoint('petstore', 'POST /pets')?.responses['201:application/json']?.hits,
    ).toBe(1)
    expect(merged.tracker.endpoint('petstore', 'GET /pets/{petId}')).toBeUndefined()
    expect(merged.tracker.endpoint('petstore', 'GET /pets')?.responses['200:application/json']?.hits).toBe(2)
  })

  it('accepts a legacy bare coverage payload (coverage only)', () => {
    const dir = freshDir()
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(join(dir, 'part-old-7.json'), JSON.stringify(fixtureTracker().toState()), { mode: 0o600 })
    const { envelopes } = readSidecars(dir)
    expect(envelopes[0]?.writer).toEqual({ pid: 7, token: 'old' })
    const merged = mergeSidecars(envelopes)
    expect(merged.sidecarsWithoutSdkExercise).toBe(1)
    expect(merged.tracker.toState()).toEqual(fixtureTracker().toState())
  })

  it('removes sidecars and markers after a merge', () => {
    const dir = freshDir()
    writeSidecar(dir, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a' }))
    writeFailureMarker(dir, 'b', 'disk full')
    writeFileSync(join(dir, 'unrelated.txt'), 'keep')
    expect(removeSidecars(dir).removed.length).toBe(2)
    expect(readdirSync(dir)).toEqual(['unrelated.txt'])
  })

  it('rejects an envelope it could not read back before writing it', () => {
    const dir = freshDir()
    const bad = { ...buildSidecarEnvelope(fixtureTracker(), { token: 'x' }), strictRequired: STRICT_V1 }
    expect(() => writeSidecar(dir, 'x', bad)).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_SIDECAR_STRICT_REQUIRED_V1' }),
    )
  })
})

describe('readSidecars refuses bad input, naming the file', () => {
  const valid = () => JSON.stringify(buildSidecarEnvelope(fixtureTracker(), { token: 'w', pid: 1 }))
  const cases: { name: string; content: string; code: string; message: (file: string) => string }[] = [
    {
      name: 'an empty file',
      content: '',
      code: 'CONTRACTTOOL_SIDECAR_EMPTY',
      message: (file) => `Sidecar file ${file} is empty; the worker that wrote it did not finish.`,
    },
    {
      name: 'truncated JSON',
      content: valid().slice(0, 40),
      code: 'CONTRACTTOOL_SIDECAR_CORRUPT',
      message: (file) => `Sidecar file ${file} holds truncated or corrupt JSON (`,
    },
    {
      name: 'corrupt JSON',
      content: '{"envelopeVersion": 1,, }',
      code: 'CONTRACTTOOL_SIDECAR_CORRUPT',
      message: (file) => `Sidecar file ${file} holds truncated or corrupt JSON (`,
    },
    {
      name: 'a JSON scalar',
      content: '42',
      code: 'CONTRACTTOOL_SIDECAR_INVALID',
      message: (file) => `Invalid sidecar payload ${file}: expected a JSON object, got number`,
    },
    {
      name: 'an unknown envelope version',
      content: JSON.stringify({ ...JSON.parse(valid()), envelopeVersion: 8 }),
      code: 'CONTRACTTOOL_SIDECAR_UNSUPPORTED_VERSION',
      message: (file) =>
        `Invalid sidecar payload ${file}: Unsupported sidecar envelope version: got 8, expected 1.`,
    },
    {
      name: 'a coverage half of another version',
      content: JSON.stringify({ ...JSON.parse(valid()), coverage: { version: 2, specs: {} } }),
      code: 'CONTRACTTOOL_SIDECAR_UNSUPPORTED_VERSION',
      message: (file) =>
        `Invalid sidecar payload ${file}: coverage: unsupported coverage state version: 2 (expected 1)`,
    },
    {
      name: 'a mock coverage half of the wrong shape',
      content: JSON.stringify({ ...JSON.parse(valid()), mockCoverage: { version: 1, specs: [] } }),
      code: 'CONTRACTTOOL_SIDECAR_INVALID',
      message: (file) => `Invalid sidecar payload ${file}: mockCoverage`,
    },
    {
      name: 'a legacy payload whose coverage state version is not 1',
      content: JSON.stringify({ version: 3, specs: {} }),
      code: 'CONTRACTTOOL_SIDECAR_UNSUPPORTED_VERSION',
      message: (file) =>
        `Invalid sidecar payload ${file}: coverage: unsupported coverage state version: 3 (expected 1)`,
    },
    {
      name: 'a legacy payload carrying strictRequired',
      content: JSON.stringify({ version: 1, specs: {}, strictRequired: STRICT_V1 }),
      code: 'CONTRACTTOOL_SIDECAR_STRICT_REQUIRED_V1',
      message: (file) =>
        `Invalid sidecar payload ${file}: Legacy v1 sidecar payload must not contain a top-level "strictRequired" key;`,
    },
    {
      name: 'an envelope with v1 strict_required state (alwaysPresent rows)',
      content: JSON.stringify({ ...JSON.parse(valid()), strictRequired: STRICT_V1 }),
      code: 'CONTRACTTOOL_SIDECAR_STRICT_REQUIRED_V1',
      message: (file) =>
        `Invalid sidecar payload ${file}: strict_required petstore / GET /pets / 200:application/json carries v1 "alwaysPresent" field; state format v2 expects "pointers" map.`,
    },
    {
      name: 'a bare v1 strict_required payload',
      content: JSON.stringify(STRICT_V1),
      code: 'CONTRACTTOOL_SIDECAR_STRICT_REQUIRED_V1',
      message: (file) =>
        `Invalid sidecar payload ${file}: strict_required petstore / GET /pets / 200:application/json carries v1 "alwaysPresent" field;`,
    },
    {
      name: 'strict_required state declaring version 1',
      content: JSON.stringify({ ...JSON.parse(valid()), strictRequired: { version: 1, observations: {} } }),
      code: 'CONTRACTTOOL_SIDECAR_STRICT_REQUIRED_V1',
      message: (file) =>
        `Invalid sidecar payload ${file}: Unsupported strict_required state version: got 1, expected 2.`,
    },
    {
      name: 'an envelope without writer',
      content: JSON.stringify({ ...JSON.parse(valid()), writer: undefined }),
      code: 'CONTRACTTOOL_SIDECAR_INVALID',
      message: (file) =>
        `Invalid sidecar payload ${file}: "writer" must be { "pid": <integer>, "token": <string> }`,
    },
    {
      name: 'a malformed coverage row',
      content: JSON.stringify({
        ...JSON.parse(valid()),
        coverage: {
          version: 1,
          specs: { s: { 'GET /x': { responses: { '200:*': { state: 'validated', hits: -1 } } } } },
        },
      }),
      code: 'CONTRACTTOOL_SIDECAR_INVALID',
      message: (file) =>
        `Invalid sidecar payload ${file}: coverage: specs["s"]["GET /x"].responses["200:*"].hits must be an integer >= 1, got -1`,
    },
    {
      name: 'a malformed SDK exercise half',
      content: JSON.stringify({ ...JSON.parse(valid()), sdkExercise: { version: 1, observations: [] } }),
      code: 'CONTRACTTOOL_SIDECAR_INVALID',
      message: (file) =>
        `Invalid sidecar payload ${file}: sdkExercise: "observations" must be an object, got array`,
    },
    {
      name: 'an unrecognised payload',
      content: '{"hello": "world"}',
      code: 'CONTRACTTOOL_SIDECAR_INVALID',
      message: (file) => `Invalid sidecar payload ${file}: unrecognised payload`,
    },
  ]

  it.each(cases)('$name', ({ content, code, message }) => {
    const dir = freshDir()
    writeSidecar(dir, 'good', buildSidecarEnvelope(fixtureTracker(), { token: 'good', pid: 1 }))
    const file = join(dir, 'part-zz-9.json')
    writeFileSync(file, content, { mode: 0o600 })
    let caught: unknown
    try {
      readSidecars(dir)
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({ code, file })
    expect((caught as Error).message.startsWith(message(file)), (caught as Error).message).toBe(true)
  })

  it('refuses to merge when a worker left a failure marker', () => {
    const dir = freshDir()
    writeSidecar(dir, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a' }))
    const marker = writeFailureMarker(dir, 'b', 'EACCES')
    expect(JSON.parse(readFileSync(marker, 'utf8'))).toEqual({
      testToken: 'b',
      pid: process.pid,
      reason: 'EACCES',
    })
    expect(() => readSidecars(dir)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_SIDECAR_WORKER_FAILED',
        message: `1 worker(s) or shard(s) left a failure marker instead of their sidecar; merging would under-count coverage. Markers in ${dir}: ${basename(marker)} (b): EACCES`,
      }),
    )
  })

  it('refuses a symlinked sidecar file', () => {
    const dir = freshDir()
    writeSidecar(dir, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a', pid: 1 }))
    const target = join(root, `elsewhere-${counter}.json`)
    writeFileSync(target, readFileSync(join(dir, 'part-a-1.json')), { mode: 0o600 })
    const link = join(dir, 'part-b-2.json')
    symlinkSync(target, link)
    expect(() => readSidecars(dir)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_SIDECAR_INSECURE',
        message: `Sidecar file ${link} is a symlink; refusing to read it.`,
        file: link,
      }),
    )
  })

  it('refuses a symlinked sidecar directory, for reading and for writing', () => {
    const real = freshDir()
    mkdirSync(real, { recursive: true, mode: 0o700 })
    const link = `${real}-link`
    symlinkSync(real, link)
    expect(() => readSidecars(link)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_SIDECAR_INSECURE',
        message: `Sidecar directory ${link} is a symlink; refusing to use it.`,
      }),
    )
    expect(() => writeSidecar(link, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a' }))).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_SIDECAR_INSECURE' }),
    )
  })

  it('refuses a group- or world-writable directory or file', () => {
    const dir = freshDir()
    const path = writeSidecar(dir, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a' }))
    chmodSync(path, 0o666)
    expect(() => readSidecars(dir)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_SIDECAR_INSECURE',
        message: `Sidecar file ${path} is group- or world-writable (mode 0666); refusing to read it.`,
      }),
    )
    chmodSync(path, 0o600)
    chmodSync(dir, 0o777)
    expect(() => readSidecars(dir)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_SIDECAR_INSECURE',
        message: `Sidecar directory ${dir} is group- or world-writable (mode 0777); refusing to use it. Run \`chmod 700 ${dir}\`.`,
      }),
    )
    chmodSync(dir, 0o700)
    expect(readSidecars(dir).envelopes.length).toBe(1)
  })

  // A sidecar folder or file planted by another local user is refused, whatever its mode. Only root can
  // hand a file to another user; anyone else checks the directory rule on `/`, which root owns.
  it('refuses a directory or file owned by another user', () => {
    const uid = process.getuid?.()
    if (uid !== 0) {
      expect(() => readSidecars('/')).toThrow(
        expect.objectContaining({
          code: 'CONTRACTTOOL_SIDECAR_INSECURE',
          message: `Sidecar directory / is owned by user id 0, not by the current user (${uid}); refusing to use it.`,
        }),
      )
      return
    }
    const dir = freshDir()
    const path = writeSidecar(dir, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a' }))
    chownSync(path, 4242, 4242)
    expect(() => readSidecars(dir)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_SIDECAR_INSECURE',
        message: `Sidecar file ${path} is owned by user id 4242, not by the current user (0); refusing to read it.`,
      }),
    )
    chownSync(path, 0, 0)
    chownSync(dir, 4242, 4242)
    expect(() => readSidecars(dir)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_SIDECAR_INSECURE',
        message: `Sidecar directory ${dir} is owned by user id 4242, not by the current user (0); refusing to use it.`,
      }),
    )
    chownSync(dir, 0, 0)
    expect(readSidecars(dir).envelopes.length).toBe(1)
  })

  it('reports an unwritable sidecar directory with a coded error naming it', () => {
    const file = join(root, `a-file-${++counter}`)
    writeFileSync(file, 'x')
    const dir = join(file, 'sidecars')
    expect(() => writeSidecar(dir, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a' }))).toThrow(
      expect.objectContaining({ code: 'CONTRACTTOOL_COVERAGE_WRITE_FAILED', file: dir }),
    )
  })
})

describe('mergeSidecars', () => {
  it('validates every envelope before merging any (all-or-nothing)', () => {
    const good = buildSidecarEnvelope(fixtureTracker(), { token: 'a' })
    const bad = {
      ...good,
      coverage: { version: 1, specs: { s: { 'GET /x': { requestReached: 'no' } } } },
    } as unknown as SidecarEnvelope
    expect(() => mergeSidecars([good, bad])).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_SIDECAR_INVALID',
        message: expect.stringContaining('envelope #2 (token a)'),
      }),
    )
  })

  it('collects the opaque strict halves in order', () => {
    const tracker = fixtureTracker()
    const merged = mergeSidecars([
      buildSidecarEnvelope(tracker, {
        token: 'a',
        strictRequired: STRICT_V2,
        strictAdditionalProperties: { version: 1, evaluations: 3 },
      }),
      buildSidecarEnvelope(tracker, { token: 'b' }),
    ])
    expect(merged.strictRequiredStates).toEqual([STRICT_V2])
    expect(merged.strictAdditionalPropertiesStates).toEqual([{ version: 1, evaluations: 3 }])
    expect(merged.tracker.endpoint('petstore', 'GET /pets')?.responses['200:application/json']?.hits).toBe(4)
  })

  it('parses payloads the same way as files', () => {
    expect(parseSidecarPayload(fixtureTracker().toState(), 'part-x-3.json').writer).toEqual({
      pid: 3,
      token: 'x',
    })
  })
})

describe('removeSidecars and lockSidecars: what a merge read is what it deletes', () => {
  it('deletes exactly the files read, keeping a sidecar that arrived during the merge', () => {
    const dir = freshDir()
    writeSidecar(dir, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a', pid: 1 }))
    const { files } = readSidecars(dir)
    const late = writeSidecar(dir, 'late', buildSidecarEnvelope(fixtureTracker(), { token: 'late', pid: 2 }))
    expect(removeSidecars(dir, files)).toEqual({ removed: files, failed: [] })
    expect(readdirSync(dir)).toEqual([basename(late)])
    // A file another merge already deleted counts as removed.
    expect(removeSidecars(dir, files)).toEqual({ removed: files, failed: [] })
  })

  it('lets one merge at a time hold a directory, and releases only its own lock', () => {
    const dir = freshDir()
    writeSidecar(dir, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a' }))
    const first = lockSidecars(dir)
    const lockPath = join(dir, MERGE_LOCK_FILE)
    expect(() => lockSidecars(dir)).toThrow(
      expect.objectContaining({
        code: 'CONTRACTTOOL_SIDECAR_LOCKED',
        message: `Another merge (pid ${process.pid} on ${hostname()}) is merging the sidecars in ${dir}; wait for it to finish, or delete ${lockPath} if that merge is gone.`,
      }),
    )
    first.release()
    const second = lockSidecars(dir)
    first.release()
    expect(existsSync(lockPath)).toBe(true)
    second.release()
    expect(existsSync(lockPath)).toBe(false)
    expect(readSidecars(dir).envelopes).toHaveLength(1)
  })

  it('takes over a lock whose process ended', () => {
    const dir = freshDir()
    writeSidecar(dir, 'a', buildSidecarEnvelope(fixtureTracker(), { token: 'a' }))
    const ended = spawnSync(process.execPath, ['-e', '0']).pid as number
    writeFileSync(
      join(dir, MERGE_LOCK_FILE),
      JSON.stringify({ pid: ended, host: hostname(), token: 'old' }),
      { mode: 0o600 },
    )
    const lock = lockSidecars(dir)
    expect(JSON.parse(readFileSync(join(dir, MERGE_LOCK_FILE), 'utf8')).pid).toBe(process.pid)
    expect(lock.takenOver).toBe(
      `NOTE: took over the merge lock ${join(dir, MERGE_LOCK_FILE)}, whose merge (pid ${ended} on ${hostname()}) has ended`,
    )
    lock.release()
  })

  it('takes over a lock that never named its owner once it is old, and waits for a fresh one', () => {
    const dir = freshDir()
    const lockPath = join(dir, MERGE_LOCK_FILE)
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    writeFileSync(lockPath, '', { mode: 0o600 })
    // Just created: a merge may be writing its owner into it right now.
    expect(() => lockSidecars(dir)).toThrow(expect.objectContaining({ code: 'CONTRACTTOOL_SIDECAR_LOCKED' }))
    const past = new Date(Date.now() - 60_000)
    utimesSync(lockPath, past, past)
    const lock = lockSidecars(dir)
    expect(lock.takenOver).toBe(
      `NOTE: took over the merge lock ${lockPath}, which named no owner (a merge that died while taking it)`,
    )
    lock.release()
    expect(existsSync(lockPath)).toBe(false)
  })

  it('needs no lock for a directory that does not exist', () => {
    expect(() => lockSidecars(join(root, 'never-created')).release()).not.toThrow()
  })
})
