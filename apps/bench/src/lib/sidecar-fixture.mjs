// The input of scenario 4: the coverage sidecars a sharded test run of a large API would leave behind,
// written by @contracttool/coverage itself (CoverageTracker → buildSidecarEnvelope → writeSidecar), so the
// envelopes are exactly what the package writes and reads today.
//
// Each sidecar is one shard's observations of the spec's (method, path, status, content type) response
// tuples: the operations of the shard's own area of the spec (neighbouring areas overlap), a few dozen
// operations anywhere (cross-cutting tests) and a handful of hot operations every shard calls (setup
// code), so most tuples are seen by several sidecars. Within those, a response is recorded with a
// pseudo-random hit count, skipped with the validator's reason (5XX statuses, schemas under non-JSON
// media types), occasionally undocumented; some endpoints are only reached by request validation.
// Everything derives from a fixed seed: the same spec gives the same sidecars.
import { readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Small fast deterministic PRNG (mulberry32), values in [0, 1). */
function prng(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/i
// Operations real suites call from shared setup code, when the spec has them.
const HOT_ENDPOINTS = [
  'GET /user',
  'GET /',
  'GET /rate_limit',
  'GET /repos/{owner}/{repo}',
  'GET /user/repos',
]

/** Every documented (status key, content-type key) of an operation; `*` for a response without content. */
function responseTuples(follow, spec, op) {
  const responses = follow(spec.document, op.responses)
  if (responses === null || typeof responses !== 'object') return []
  const tuples = []
  for (const [statusKey, raw] of Object.entries(responses)) {
    if (statusKey.startsWith('x-')) continue
    const response = follow(spec.document, raw)
    const content = response?.content
    const keys = content && typeof content === 'object' ? Object.keys(content) : []
    if (keys.length === 0) tuples.push({ statusKey, contentKey: '*', hasSchema: false })
    for (const contentKey of keys) {
      const media = follow(spec.document, content[contentKey])
      tuples.push({ statusKey, contentKey, hasSchema: media?.schema !== undefined })
    }
  }
  return tuples
}

/** A ValidationResult as @contracttool/validator returns it, for the tracker's record methods. */
function result(spec, op, fields) {
  return {
    outcome: fields.outcome,
    specName: spec.name,
    method: op.method,
    matchedPath: op.path,
    matchedStatusKey: fields.statusKey ?? null,
    matchedContentType: fields.contentKey ?? null,
    matchedServer: null,
    violations: [],
    skipReason: fields.skipReason ?? null,
    message: '',
  }
}

/** The response a validator would have produced for one recorded tuple. */
function responseResult(spec, op, tuple, random) {
  const { statusKey, contentKey } = tuple
  if (/^5\d\d$/.test(statusKey)) {
    return result(spec, op, {
      outcome: 'skipped',
      statusKey,
      contentKey,
      skipReason: `status ${statusKey} matched skip pattern 5\\d\\d`,
    })
  }
  if (contentKey !== '*' && tuple.hasSchema && !JSON_MEDIA.test(contentKey)) {
    return result(spec, op, {
      outcome: 'skipped',
      statusKey,
      contentKey,
      skipReason: `response Content-Type '${contentKey}' matched non-JSON spec media type '${contentKey}', which declares a schema this validator cannot evaluate (JSON Schema engine only)`,
    })
  }
  // A failing check counts as exercised, like a pass.
  return result(spec, op, { outcome: random() < 0.03 ? 'failure' : 'success', statusKey, contentKey })
}

function recordEndpoint(tracker, spec, op, tuples, random, hot) {
  const requestOnly = random() < 0.06
  if (requestOnly || random() < 0.4) {
    const skipped = random() < 0.1
    tracker.recordRequest(
      result(spec, op, {
        outcome: skipped ? 'skipped' : 'success',
        skipReason: skipped
          ? 'request validation skipped: response 422 is documented (spec key 422) and matched pattern ^(?:422)$'
          : null,
      }),
    )
  }
  if (requestOnly) return 0
  let recordings = 0
  for (const tuple of tuples) {
    const family = tuple.statusKey[0]
    const chance = family === '2' || family === '3' ? 0.7 : family === '5' ? 0.25 : 0.35
    if (random() >= chance) continue
    const hits = (1 + Math.floor(random() ** 2 * 12)) * (hot ? 5 : 1)
    const validation = responseResult(spec, op, tuple, random)
    for (let i = 0; i < hits; i++) tracker.recordResponse(validation)
    recordings += hits
  }
  if (random() < 0.03) {
    // An undocumented status: the validator reports the literal status, no content type.
    tracker.recordResponse(result(spec, op, { outcome: 'failure', statusKey: '418', contentKey: null }))
    recordings++
  }
  return recordings
}

/**
 * Writes `count` sidecars for the spec file into `dir` (emptied first) with the package's own writer.
 * Returns what was written: files, bytes, recordings, distinct endpoints, the spec's operation and tuple
 * counts.
 */
export async function writeSidecarFixture({ specFile, dir, count, seed = 20240611 }) {
  const { loadSpecFile, follow } = await import('@contracttool/spec-loader')
  const { CoverageTracker, buildSidecarEnvelope, writeSidecar } = await import('@contracttool/coverage')
  const spec = await loadSpecFile(specFile)
  const ops = spec.operations.filter((op) => !['OPTIONS', 'HEAD', 'TRACE'].includes(op.method))
  const tuplesOf = new Map(ops.map((op) => [op, responseTuples(follow, spec, op)]))
  const hot = new Set(HOT_ENDPOINTS)
  const hotOps = ops.filter((op) => hot.has(op.key))
  const random = prng(seed)

  rmSync(dir, { recursive: true, force: true })
  const window = ops.length / count
  const seen = new Set()
  let recordings = 0
  let tuples = 0
  for (const tuplesList of tuplesOf.values()) tuples += tuplesList.length
  for (let shard = 0; shard < count; shard++) {
    const tracker = new CoverageTracker()
    const chosen = new Set(hotOps)
    // The shard's own area, widened by one window on each side: neighbouring shards overlap.
    const from = Math.max(0, Math.floor((shard - 1) * window))
    const to = Math.min(ops.length, Math.ceil((shard + 2) * window))
    for (let i = from; i < to; i++) if (random() < 0.6) chosen.add(ops[i])
    const extra = Math.max(1, Math.round(ops.length * 0.02))
    for (let i = 0; i < extra; i++) chosen.add(ops[Math.floor(random() * ops.length)])
    for (const op of chosen) {
      recordings += recordEndpoint(tracker, spec, op, tuplesOf.get(op), random, hot.has(op.key))
      seen.add(op.key)
    }
    // The token format of the Vitest plugin's shard sidecars; one pid per CI machine.
    const token = `vitest-shard-${shard + 1}-of-${count}`
    writeSidecar(dir, token, buildSidecarEnvelope(tracker, { token, pid: 4000 + shard * 17 }))
  }
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'))
  return {
    specName: spec.name,
    operations: ops.length,
    tuples,
    files: files.length,
    bytes: files.reduce((sum, name) => sum + statSync(join(dir, name)).size, 0),
    recordings,
    endpointsSeen: seen.size,
  }
}
