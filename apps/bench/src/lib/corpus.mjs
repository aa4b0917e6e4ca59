// The response corpora validated in scenario 3: real recorded GitHub responses and a synthetic petstore set.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createLeanValidator, createRouter } from '../lean-baseline.mjs'
import { CACHE_DIR, readSpecObject, specFile } from './specs.mjs'

const require = createRequire(import.meta.url)

/**
 * One response to validate, in the shape every tool adapter reads:
 * `requestPath` is what went over the wire (query dropped), `body` the decoded JSON value for JSON
 * responses, the raw text otherwise, `undefined` when empty; `text` the raw body.
 */
function exchange(id, method, requestPath, status, headers, rawBody, note) {
  const lower = {}
  for (const [name, value] of Object.entries(headers ?? {})) lower[name.toLowerCase()] = value
  const contentType = typeof lower['content-type'] === 'string' ? lower['content-type'] : undefined
  const isJson = contentType !== undefined && /[/+]json\b/i.test(contentType) && typeof rawBody !== 'string'
  let body
  let text
  if (isJson) {
    body = rawBody
    text = JSON.stringify(rawBody)
  } else if (typeof rawBody === 'string' && rawBody !== '') {
    body = rawBody
    text = rawBody
  } else {
    body = undefined
    text = ''
  }
  return {
    id,
    method: method.toUpperCase(),
    requestPath: requestPath.split('?')[0],
    status,
    headers: lower,
    contentType,
    isJson,
    body,
    text,
    note,
  }
}

/**
 * Every api.github.com entry of @octokit/fixtures (scenarios/api.github.com/<name>/normalized-fixture.json),
 * in scenario order. Recorded in 2022: some genuinely drift from today's description.
 */
export function githubExchanges() {
  const root = join(dirname(require.resolve('@octokit/fixtures/package.json')), 'scenarios/api.github.com')
  const out = []
  for (const scenario of readdirSync(root).sort()) {
    const file = join(root, scenario, 'normalized-fixture.json')
    if (!existsSync(file)) continue
    for (const entry of JSON.parse(readFileSync(file, 'utf8'))) {
      if (entry.scope !== 'https://api.github.com:443') continue
      out.push(
        exchange(
          `${scenario}#${out.length}`,
          entry.method,
          entry.path,
          entry.status,
          entry.headers,
          entry.responseIsBinary ? '' : entry.response,
          scenario,
        ),
      )
    }
  }
  return out
}

const JSON_CT = { 'content-type': 'application/json; charset=utf-8' }
const PROBLEM_CT = { 'content-type': 'application/problem+json' }
const RATE = { 'x-rate-limit': '42' }

const cat = { id: 1, name: 'Tom', tag: null, kind: 'cat', createdAt: '2024-01-15T09:30:00Z', indoor: true }
const dog = { id: 2, name: 'Rex', tag: 'good', kind: 'dog', createdAt: '2024-02-01T10:00:00Z', breed: 'lab' }
const problem = { type: 'about:blank', title: 'Not Found', status: 404 }

/**
 * A synthetic corpus for the petstore fixtures (fixtures/specs/petstore-3.x): every operation and
 * documented status, some of them several times, with a few deliberately invalid bodies so tools that
 * accept everything stand out. Requests carry the `/v1` base path of the spec's `servers` entry.
 * `expect` is what a correct validator says; `skipOk` marks entries a validator may also skip (a 5XX
 * under default skip patterns, a binary body).
 */
export function petstoreExchanges() {
  const rows = [
    ['GET', '/v1/pets', 200, { ...JSON_CT, ...RATE }, [cat, dog], 'success'],
    ['GET', '/v1/pets?limit=1', 200, { ...JSON_CT, ...RATE }, [cat], 'success'],
    ['GET', '/v1/pets', 200, { ...JSON_CT, ...RATE }, [], 'success'],
    ['GET', '/v1/pets', 200, { ...JSON_CT, ...RATE }, [{ ...cat, id: 'one' }], 'failure'],
    ['GET', '/v1/pets', 200, JSON_CT, [cat], 'failure'], // required X-Rate-Limit header missing
    [
      'GET',
      '/v1/pets',
      503,
      PROBLEM_CT,
      { type: 'about:blank', title: 'Down', status: 503 },
      'success',
      true,
    ],
    ['POST', '/v1/pets', 201, JSON_CT, dog, 'success'],
    ['POST', '/v1/pets', 201, JSON_CT, { name: 'Rex', kind: 'dog' }, 'failure'], // id missing
    ['POST', '/v1/pets', 400, PROBLEM_CT, { type: 'about:blank', title: 'Bad', status: 400 }, 'success'],
    ['POST', '/v1/pets', 422, {}, '', 'success'],
    ['GET', '/v1/pets/mine', 200, JSON_CT, [cat], 'success'],
    ['GET', '/v1/pets/1', 200, JSON_CT, cat, 'success'],
    ['GET', '/v1/pets/2', 200, JSON_CT, dog, 'success'],
    ['GET', '/v1/pets/3', 200, JSON_CT, { ...cat, kind: 'bird' }, 'failure'],
    ['GET', '/v1/pets/4', 200, JSON_CT, { ...cat, name: '' }, 'failure'],
    ['GET', '/v1/pets/5', 200, JSON_CT, { id: 5, kind: 'cat' }, 'failure'], // name missing
    ['GET', '/v1/pets/6', 404, PROBLEM_CT, problem, 'success'],
    ['GET', '/v1/pets/7', 404, PROBLEM_CT, { title: 'Not Found' }, 'failure'],
    ['PATCH', '/v1/pets/1', 200, JSON_CT, cat, 'success'],
    ['PATCH', '/v1/pets/9', 404, PROBLEM_CT, problem, 'success'],
    ['DELETE', '/v1/pets/1', 204, {}, '', 'success'],
    [
      'GET',
      '/v1/pets/1/photo',
      200,
      JSON_CT,
      { url: 'https://img.example.com/1.png', width: 64, height: 64 },
      'success',
    ],
    [
      'GET',
      '/v1/pets/1/photo',
      200,
      JSON_CT,
      { url: 'https://img.example.com/1.png', width: 0, height: 64 },
      'failure',
    ],
    ['GET', '/v1/pets/1/photo', 200, { 'content-type': 'image/png' }, '\u0089PNG....', 'success', true],
    ['GET', '/v1/health', 200, JSON_CT, { status: 'ok' }, 'success'],
    ['GET', '/v1/health', 200, JSON_CT, { status: 'sleeping' }, 'failure'],
  ]
  return rows.map(([method, path, status, headers, body, expect, skipOk = false], i) => ({
    ...exchange(`petstore#${i}`, method, path, status, headers, body),
    expect,
    skipOk,
  }))
}

/** Corpus key → { spec key, exchanges, prefix the spec's servers entry adds to every request path }. */
export const CORPORA = {
  github: { spec: 'github', label: 'GitHub fixtures', exchanges: githubExchanges, stripPrefix: '' },
  'petstore-3.0': {
    spec: 'petstore-3.0',
    label: 'petstore 3.0',
    exchanges: petstoreExchanges,
    stripPrefix: '/v1',
  },
  'petstore-3.1': {
    spec: 'petstore-3.1',
    label: 'petstore 3.1',
    exchanges: petstoreExchanges,
    stripPrefix: '/v1',
  },
}

/** The request path without the servers base path, as the spec's `paths` keys see it. */
export function specPath(ex, stripPrefix) {
  return stripPrefix !== '' && ex.requestPath.startsWith(stripPrefix)
    ? ex.requestPath.slice(stripPrefix.length) || '/'
    : ex.requestPath
}

/**
 * Writes `.cache/corpus-<key>.json`: the exchanges plus, for each, the operation it targets
 * (`METHOD template` as the lean router sees it, or `METHOD ?` when no path matches) and the lean
 * baseline's verdict, so every case groups first calls and picks the happy-path subset the same way
 * without parsing the spec itself (which would inflate its peak RSS).
 */
export function prepareCorpus(key, { limit } = {}) {
  const corpus = CORPORA[key]
  if (corpus === undefined)
    throw new Error(`unknown corpus '${key}' (known: ${Object.keys(CORPORA).join(', ')})`)
  const document = readSpecObject(specFile(corpus.spec))
  const router = createRouter(Object.keys(document.paths ?? {}))
  const lean = createLeanValidator(specFile(corpus.spec))
  let exchanges = corpus.exchanges()
  if (limit !== undefined) exchanges = exchanges.slice(0, limit)
  const out = exchanges.map((ex) => {
    const path = specPath(ex, corpus.stripPrefix)
    const template = router.match(path)
    const leanVerdict = lean({
      method: ex.method,
      path,
      status: ex.status,
      contentType: ex.contentType,
      body: ex.body,
    }).verdict
    return { ...ex, opKey: `${ex.method} ${template ?? '?'}`, leanVerdict }
  })
  mkdirSync(CACHE_DIR, { recursive: true })
  const file = join(CACHE_DIR, `corpus-${key}${limit === undefined ? '' : `-${limit}`}.json`)
  writeFileSync(file, JSON.stringify(out))
  return file
}

/** Reads a prepared corpus file (see `prepareCorpus`). */
export function readPreparedCorpus(file) {
  return JSON.parse(readFileSync(file, 'utf8'))
}
