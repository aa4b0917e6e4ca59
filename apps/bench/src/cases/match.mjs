// Scenario 2, one (tool, spec[, subset]) triple: which template each concrete path resolves to and how
// long a match takes.
// Usage: node --expose-gc src/cases/match.mjs --tool ours|regex-scan|jest-openapi|openapi-backend --spec <key>
//          [--subset N --queries Q] [--budget ms] [--check-budget ms]
//
// Queries: one concrete path per template (src/lib/paths.mjs, `concretePath`), in a fixed shuffled
// order. The truth for each is the template it was generated from (literal-beats-templated makes any
// other matching template less specific). `--subset N` keeps N templates (the first N of the shuffled
// order, so subsets are nested) and `--queries Q` matches only the paths of the first Q of them: the
// same queries against a growing number of templates show whether matching cost grows with the spec.
import { createRouter } from '../lean-baseline.mjs'
import { captureConsole, firstLine, now, parseCaseArgs, peakRss, round, runCase } from '../lib/child.mjs'
import { importOurs } from '../lib/ours.mjs'
import { concretePath, shapeOf, shuffled } from '../lib/paths.mjs'
import { jestOpenApiPathScan } from '../lib/peers.mjs'
import { readSpecObject, specFile } from '../lib/specs.mjs'

const args = parseCaseArgs({
  tool: { type: 'string' },
  spec: { type: 'string' },
  subset: { type: 'string' },
  queries: { type: 'string' },
  budget: { type: 'string', default: '2000' },
  'check-budget': { type: 'string', default: '20000' },
})

const MIN_CHECKED = 50

const BUILDERS = {
  async ours(templates) {
    const { loadSpecFromValue } = await importOurs('@contracttool/spec-loader')
    const { getPathMatcher } = await importOurs('@contracttool/matcher')
    // Only the templates matter to the matcher: one minimal operation per path item.
    const paths = {}
    for (const template of templates) paths[template] = { get: { responses: { 200: { description: 'ok' } } } }
    const document = { openapi: '3.0.3', info: { title: 'paths', version: '1' }, paths }
    const matcher = getPathMatcher(await loadSpecFromValue(document, { name: 'paths' }))
    return (path) => matcher.match(path)?.template
  },
  async 'regex-scan'(templates) {
    return createRouter(templates).matchUncached
  },
  async 'jest-openapi'(templates) {
    const scan = jestOpenApiPathScan()
    return (path) => scan([path], templates)
  },
  // The router openapi-backend's handleRequest uses (it rebuilds its operation list on every call).
  async 'openapi-backend'(templates) {
    const { OpenAPIRouter } = await import('openapi-backend')
    const paths = {}
    for (const template of templates)
      paths[template] = { get: { operationId: `op${Object.keys(paths).length}`, responses: {} } }
    const router = new OpenAPIRouter({
      definition: { openapi: '3.0.3', info: { title: 'paths', version: '1' }, paths },
    })
    return (path) => router.matchOperation({ method: 'get', path, headers: {} })?.path
  },
}

captureConsole()
await runCase(
  async () => {
    const build = BUILDERS[args.tool]
    if (build === undefined) throw new Error(`unknown tool ${args.tool}`)
    const all = Object.keys(readSpecObject(specFile(args.spec)).paths ?? {})
    const order = shuffled(all.map((template, index) => ({ template, index })))
    const kept = args.subset === undefined ? order : order.slice(0, Number(args.subset))
    const templates = [...kept].sort((a, b) => a.index - b.index).map((t) => t.template)
    const querySources = args.queries === undefined ? kept : kept.slice(0, Number(args.queries))
    const queries = querySources.map(({ template, index }) => ({
      template,
      shape: shapeOf(template),
      path: concretePath(template, index),
    }))

    const buildStart = now()
    const match = await build(templates)
    const buildMs = now() - buildStart

    // Correctness pass, bounded in time for the slow linear scans (they then report on a sample).
    const wrongExamples = []
    let wrong = 0
    let missed = 0
    let errors = 0
    let firstError
    let checked = 0
    const checkBudget = Number(args['check-budget'])
    const checkStart = now()
    for (const query of queries) {
      let got
      try {
        got = match(query.path)
      } catch (error) {
        got = error
      }
      checked++
      if (got instanceof Error) {
        errors++
        firstError ??= firstLine(got)
      } else if (got === undefined) {
        missed++
        if (wrongExamples.length < 3) wrongExamples.push(`${query.path} → no match (want ${query.template})`)
      } else if (shapeOf(got) !== query.shape) {
        wrong++
        if (wrongExamples.length < 3) wrongExamples.push(`${query.path} → ${got} (want ${query.template})`)
      }
      if (checked >= MIN_CHECKED && now() - checkStart > checkBudget) break
    }
    const checkMs = now() - checkStart

    // Timing: whole passes over the checked queries, best pass kept (a shared machine is noisy).
    const budget = Number(args.budget)
    const timed = queries.slice(0, checked)
    let usPerMatch
    let passes = 0
    if (checkMs >= budget) {
      usPerMatch = (checkMs * 1000) / checked
      passes = 1
    } else {
      let sink = 0
      let spent = 0
      usPerMatch = Infinity
      const safeMatch = (path) => {
        try {
          return match(path)
        } catch {
          return undefined
        }
      }
      while ((spent < budget || passes < 3) && passes < 200) {
        const start = now()
        for (const query of timed) sink += safeMatch(query.path)?.length ?? 0
        const elapsed = now() - start
        spent += elapsed
        passes++
        usPerMatch = Math.min(usPerMatch, (elapsed * 1000) / timed.length)
      }
      if (sink === -1) throw new Error('unreachable')
    }
    return {
      status: 'ok',
      templates: templates.length,
      queries: queries.length,
      checked,
      wrong,
      missed,
      errors,
      firstError,
      wrongExamples,
      buildMs: round(buildMs, 1),
      usPerMatch: round(usPerMatch, 3),
      passes,
      peakRssMB: round(peakRss(), 1),
    }
  },
  { scenario: 'match', tool: args.tool, spec: args.spec, subset: args.subset },
)
