// Scenario 1, one (tool, spec) pair: time from nothing to a ready-to-use spec, memory it keeps.
// Every timer starts before the file is read: all tools pay for reading and parsing.
// Usage: node --expose-gc src/cases/load.mjs --tool <id> --spec <key> [--sanitized]
import { readFileSync } from 'node:fs'
import { createLeanValidator } from '../lean-baseline.mjs'
import {
  captureConsole,
  firstLine,
  heapAfterGc,
  now,
  parseCaseArgs,
  peakRss,
  round,
  runCase,
} from '../lib/child.mjs'
import { importOurs } from '../lib/ours.mjs'
import { jestOpenApiEngine, openApiBackendClass, readmeParser } from '../lib/peers.mjs'
import { walkRefs } from '../lib/ref-walk.mjs'
import { preloadYaml, readSpecObject, specFile } from '../lib/specs.mjs'

const args = parseCaseArgs({
  tool: { type: 'string' },
  spec: { type: 'string' },
  sanitized: { type: 'boolean', default: false },
})

// Each tool: `prepare()` imports its modules (timed apart, as `importMs`), `load(file, modules)` builds
// a ready spec and returns what it built (kept alive while memory is measured) and, when the tool
// reports a problem without throwing, `{ failed: 'message' }`.
const TOOLS = {
  'json-parse': {
    prepare: async () => ({}),
    load: async (file) => ({ value: readSpecObject(file) }),
  },
  'ref-walk': {
    prepare: async () => ({}),
    load: async (file) => {
      const document = readSpecObject(file)
      return { value: document, info: walkRefs(document) }
    },
  },
  ours: {
    prepare: async () => importOurs('@contracttool/spec-loader'),
    load: async (file, { loadSpecFile }) => {
      const spec = await loadSpecFile(file)
      return { value: spec, info: { operations: spec.operations.length, paths: spec.paths.length } }
    },
  },
  'ours+matcher': {
    prepare: async () => ({
      ...(await importOurs('@contracttool/spec-loader')),
      ...(await importOurs('@contracttool/matcher')),
    }),
    load: async (file, { loadSpecFile, getPathMatcher }) => {
      const spec = await loadSpecFile(file)
      return { value: [spec, getPathMatcher(spec)] }
    },
  },
  lean: {
    prepare: async () => ({}),
    load: async (file) => ({ value: createLeanValidator(file) }),
  },
  'readme-dereference': {
    prepare: readmeParser,
    load: async (file, { dereference }) => ({ value: await dereference(readSpecObject(file)) }),
  },
  'readme-validate': {
    prepare: readmeParser,
    load: async (file, { validate }) => {
      const result = await validate(readSpecObject(file))
      return result.valid ? { value: result } : { value: result, failed: result.errors[0]?.message }
    },
  },
  'jest-openapi': {
    prepare: async () => jestOpenApiEngine(),
    load: async (file, { makeApiSpec }) => ({ value: makeApiSpec(readSpecObject(file)) }),
  },
  'openapi-backend': {
    prepare: async () => ({ OpenAPIBackend: await openApiBackendClass() }),
    load: async (file, modules) => backend(file, modules, {}),
  },
  'openapi-backend-quick': {
    prepare: async () => ({ OpenAPIBackend: await openApiBackendClass() }),
    load: async (file, modules) => backend(file, modules, { quick: true }),
  },
  'express-openapi-validator': {
    prepare: async () => import('../lib/express-replay.mjs'),
    load: async (file, { startReplayApp }) => {
      const app = await startReplayApp({ exchanges: [], apiSpec: readSpecObject(file) })
      // The validator loads its spec on the first request; an undocumented path answers 404 once it is ready.
      await app.send('GET', '/__bench_ready__', -1)
      await app.close()
      return app.errors.length > 0 ? { value: app, failed: app.errors[0] } : { value: app }
    },
  },
}

async function backend(file, { OpenAPIBackend }, options) {
  // strict: false is the default: spec validation errors are printed and the load goes on.
  const api = new OpenAPIBackend({ definition: readSpecObject(file), ...options })
  await api.init()
  return { value: api }
}

captureConsole()
await runCase(
  async () => {
    const tool = TOOLS[args.tool]
    if (tool === undefined) throw new Error(`unknown tool ${args.tool}`)
    const file = specFile(args.spec, { sanitized: args.sanitized })
    const bytes = readFileSync(file).length
    preloadYaml()
    const importStart = now()
    const modules = await tool.prepare()
    const importMs = round(now() - importStart, 1)
    const heapBefore = heapAfterGc()
    const start = now()
    let outcome
    try {
      outcome = await tool.load(file, modules)
    } catch (error) {
      return {
        status: 'failed',
        error: firstLine(error),
        ms: round(now() - start, 1),
        importMs,
        peakRssMB: round(peakRss(), 1),
        bytes,
      }
    }
    const ms = now() - start
    const heapMB = heapAfterGc() - heapBefore
    void outcome.value
    return {
      status: outcome.failed === undefined ? 'ok' : 'failed',
      error: outcome.failed === undefined ? undefined : firstLine(outcome.failed),
      ms: round(ms, 1),
      importMs,
      heapMB: round(heapMB, 1),
      peakRssMB: round(peakRss(), 1),
      bytes,
      info: outcome.info,
    }
  },
  { scenario: 'load', tool: args.tool, spec: args.spec, sanitized: args.sanitized },
)
