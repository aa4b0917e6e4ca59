// Scenario 3, one (tool, corpus) pair, in process: ready time, first pass over the corpus (compiles
// included), first-call latency per operation, steady-state cost per validation, memory, verdicts.
// Usage: node --expose-gc src/cases/validate.mjs --tool <id> --corpus-file <.cache/corpus-*.json>
//          --spec <key> --strip-prefix <p> [--sanitized] [--budget ms]
import { fullFormats } from 'ajv-formats/dist/formats.js'
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
import { readPreparedCorpus, specPath } from '../lib/corpus.mjs'
import { importOurs } from '../lib/ours.mjs'
import { jestOpenApiEngine, openApiBackendClass, openApiResponseValidatorClass } from '../lib/peers.mjs'
import { preloadYaml, readSpecObject, specFile } from '../lib/specs.mjs'
import { median } from '../lib/stats.mjs'

const args = parseCaseArgs({
  tool: { type: 'string' },
  spec: { type: 'string' },
  'corpus-file': { type: 'string' },
  'strip-prefix': { type: 'string', default: '' },
  sanitized: { type: 'boolean', default: false },
  budget: { type: 'string', default: '3000' },
})

const stripPrefix = args['strip-prefix']

// Each tool: `prepare()` imports modules (not timed as ready), `ready(file, modules)` loads the spec
// and returns `validate(exchange)` → 'success' | 'failure' | 'skipped'. Thrown errors count as 'error'.
const TOOLS = {
  ours: {
    prepare: async () => ({
      ...(await importOurs('@contracttool/spec-loader')),
      ...(await importOurs('@contracttool/validator')),
    }),
    ready: async (file, { loadSpecFile, validateResponse }) => {
      const spec = await loadSpecFile(file)
      const options = stripPrefix === '' ? undefined : { stripPrefixes: [stripPrefix] }
      return (ex) =>
        validateResponse(
          spec,
          {
            method: ex.method,
            path: ex.requestPath,
            status: ex.status,
            headers: ex.headers,
            contentType: ex.contentType,
            body: ex.body,
          },
          options,
        ).outcome
    },
  },

  lean: {
    prepare: async () => ({}),
    ready: async (file) => {
      const validate = createLeanValidator(file)
      return (ex) =>
        validate({
          method: ex.method,
          path: specPath(ex, stripPrefix),
          status: ex.status,
          contentType: ex.contentType,
          body: ex.body,
        }).verdict
    },
  },

  // What `expect(res).toSatisfyApiSpec()` runs: the response as superagent shapes it.
  'jest-openapi': {
    prepare: async () => jestOpenApiEngine(),
    ready: async (file, { makeApiSpec, makeResponse }) => {
      const spec = makeApiSpec(readSpecObject(file))
      return (ex) => {
        const res = makeResponse({
          status: ex.status,
          body: ex.isJson ? ex.body : {},
          text: ex.text,
          req: { method: ex.method, path: ex.requestPath },
        })
        return spec.validateResponse(res) === null ? 'success' : 'failure'
      }
    },
  },

  // The library gives no routing: the operation is found with the lean router (memoized, negligible),
  // one validator is built per operation on first use and cached, response-level `$ref`s are followed
  // (the library does not) so it sees the real response objects. It checks no `format`.
  'openapi-response-validator': {
    prepare: async () => ({ OpenAPIResponseValidator: openApiResponseValidatorClass() }),
    ready: async (file, modules) => orvValidator(file, modules, undefined),
  },

  // The same with the formats checked, as its users get them: ajv-formats' checks as `customFormats`.
  'openapi-response-validator-formats': {
    prepare: async () => ({ OpenAPIResponseValidator: openApiResponseValidatorClass() }),
    ready: async (file, modules) => orvValidator(file, modules, ajvFormatChecks()),
  },

  // Lazy compilation (`quick: true`); the default eager mode is measured in scenario 1.
  'openapi-backend-quick': {
    prepare: async () => ({ OpenAPIBackend: await openApiBackendClass() }),
    ready: async (file, { OpenAPIBackend }) => {
      const api = new OpenAPIBackend({
        definition: readSpecObject(file),
        quick: true,
        apiRoot: stripPrefix === '' ? '/' : stripPrefix,
      })
      await api.init()
      return (ex) => {
        const operation = api.matchOperation({ method: ex.method, path: ex.requestPath, headers: {} })
        if (operation === undefined) return 'failure'
        return api.validateResponse(ex.body, operation, ex.status).valid ? 'success' : 'failure'
      }
    },
  },
}

// openapi-response-validator behind the lean router; `customFormats` as its option takes them.
async function orvValidator(file, { OpenAPIResponseValidator }, customFormats) {
  const { createRouter } = await import('../lean-baseline.mjs')
  const document = readSpecObject(file)
  const router = createRouter(Object.keys(document.paths ?? {}))
  const cache = new Map()
  const deref = (value) => {
    if (typeof value?.$ref !== 'string') return value
    return value.$ref
      .slice(2)
      .split('/')
      .reduce((node, token) => node?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], document)
  }
  return (ex) => {
    const template = router.match(specPath(ex, stripPrefix))
    const operation = template === undefined ? undefined : document.paths[template][ex.method.toLowerCase()]
    if (operation === undefined) return 'failure'
    const key = `${ex.method} ${template}`
    let validator = cache.get(key)
    if (validator === undefined) {
      const responses = {}
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        responses[status] = deref(response)
      validator = new OpenAPIResponseValidator({ responses, components: document.components, customFormats })
      cache.set(key, validator)
    }
    return validator.validateResponse(ex.status, ex.body) === undefined ? 'success' : 'failure'
  }
}

// ajv-formats' checks (regular expressions, functions, or `{ validate }` objects) as plain predicates.
function ajvFormatChecks() {
  const checks = {}
  for (const [name, format] of Object.entries(fullFormats)) {
    const check = typeof format === 'object' && !(format instanceof RegExp) ? format.validate : format
    checks[name] = check instanceof RegExp ? (value) => check.test(value) : check
  }
  return checks
}

function measureSteady(list, run, budget) {
  let spent = 0
  let best = Infinity
  let passes = 0
  let validations = 0
  // Passes run for the whole budget: a pass over a small corpus takes microseconds, and a few hundred
  // of them end before the JIT has finished with a tool's hot functions.
  while (spent < budget || passes < 3) {
    const start = now()
    let done = 0
    for (const ex of list) {
      run(ex)
      done++
      if (passes === 0 && done >= 5 && now() - start > budget) break
    }
    const elapsed = now() - start
    spent += elapsed
    validations += done
    if (done < list.length) return { us: (elapsed * 1000) / done, passes, validations }
    passes++
    best = Math.min(best, (elapsed * 1000) / done)
  }
  return { us: best, passes, validations }
}

captureConsole()
await runCase(
  async () => {
    const tool = TOOLS[args.tool]
    if (tool === undefined) throw new Error(`unknown tool ${args.tool}`)
    const file = specFile(args.spec, { sanitized: args.sanitized })
    const exchanges = readPreparedCorpus(args['corpus-file'])
    preloadYaml()
    const modules = await tool.prepare()
    const heapBase = heapAfterGc()

    const readyStart = now()
    let validate
    try {
      validate = await tool.ready(file, modules)
    } catch (error) {
      return {
        status: 'failed',
        error: firstLine(error),
        readyMs: round(now() - readyStart, 1),
        peakRssMB: round(peakRss(), 1),
      }
    }
    const readyMs = now() - readyStart
    const heapReady = heapAfterGc() - heapBase

    let firstError
    const run = (ex) => {
      try {
        return validate(ex)
      } catch (error) {
        firstError ??= firstLine(error)
        return 'error'
      }
    }

    // First pass: every exchange once, in corpus order; lazy compiles happen here.
    const verdicts = []
    const times = []
    const firstStart = now()
    for (const ex of exchanges) {
      const start = now()
      verdicts.push(run(ex))
      times.push(now() - start)
    }
    const firstPassMs = now() - firstStart
    const firstCalls = new Map()
    exchanges.forEach((ex, i) => {
      if (!firstCalls.has(ex.opKey)) firstCalls.set(ex.opKey, times[i])
    })
    const heapFirstPass = heapAfterGc() - heapBase

    // Steady state: whole passes after one warm-up pass, best pass kept; a tool too slow for one pass
    // within the budget is measured on the validations it completed (at least 5). Measured on the whole
    // corpus, then on the responses the lean baseline accepts (the happy path, without the cost of
    // building failure messages).
    const budget = Number(args.budget)
    if (firstPassMs < budget) for (const ex of exchanges) run(ex)
    const steady = measureSteady(exchanges, run, budget)
    const accepted = exchanges.filter((ex) => ex.leanVerdict === 'success')
    const steadyOk = accepted.length > 0 ? measureSteady(accepted, run, budget / 2) : undefined
    const heapSteady = heapAfterGc() - heapBase

    const counts = {}
    for (const v of verdicts) counts[v] = (counts[v] ?? 0) + 1
    return {
      status: 'ok',
      exchanges: exchanges.length,
      operations: firstCalls.size,
      readyMs: round(readyMs, 1),
      firstPassMs: round(firstPassMs, 1),
      firstCallMedianMs: round(median([...firstCalls.values()]), 3),
      steadyUs: round(steady.us, 2),
      steadyValidations: steady.validations,
      steadyPasses: steady.passes,
      steadyOkUs: round(steadyOk?.us, 2),
      steadyOkExchanges: accepted.length,
      heapReadyMB: round(heapReady, 1),
      heapFirstPassMB: round(heapFirstPass, 1),
      heapSteadyMB: round(heapSteady, 1),
      peakRssMB: round(peakRss(), 1),
      counts,
      verdicts,
      firstError,
    }
  },
  { scenario: 'validate', tool: args.tool, spec: args.spec, sanitized: args.sanitized },
)
