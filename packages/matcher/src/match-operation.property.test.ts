import { isContractToolError } from '@contracttool/kernel'
import { type LoadedSpec, loadSpecFromValue } from '@contracttool/spec-loader'
import { propertyRuns } from '@contracttool/test-kit'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchOperation } from './match-operation.js'

// Generous: a run takes a few seconds on a busy 2-core machine.
const TIME_LIMIT_MS = 300_000

const name = fc.constantFrom('id', 'petId', 'a', 'x.y', 'ü', '')
const segment = fc.oneof(
  fc.constantFrom('pets', 'users', 'a.json', 'v1', '', '%2F', 'ä'),
  name.map((placeholder) => `{${placeholder}}`),
  name.map((placeholder) => `{${placeholder}}.json`),
  fc.constantFrom('{', '}', '{}', '{a}{b}', 'x{id}'),
  fc.string({ maxLength: 4 }),
)
const template = fc.array(segment, { minLength: 0, maxLength: 4 }).map((segments) => `/${segments.join('/')}`)
const method = fc.constantFrom('get', 'post', 'query', 'x-ignored')
const pathItem = fc.record(
  {
    method,
    multiSegment: fc.boolean(),
  },
  { requiredKeys: ['method'] },
)

function specOf(paths: [string, { method: string; multiSegment?: boolean }][]): unknown {
  const document: Record<string, unknown> = {}
  for (const [path, { method: verb, multiSegment }] of paths) {
    const placeholders = [...path.matchAll(/\{([^{}/]+)\}/g)].map((match) => match[1] as string)
    document[path] = {
      [verb]: {
        parameters: placeholders.map((placeholder) => ({
          name: placeholder,
          in: 'path',
          required: true,
          schema: { type: 'string' },
          ...(multiSegment === true ? { 'x-multi-segment': true } : {}),
        })),
        responses: { '200': { description: 'ok' } },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Generated', version: '1' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths: document,
  }
}

const value = fc.stringMatching(/^[A-Za-z0-9._~-]{1,6}$/)

/** The template with each whole-segment placeholder replaced by a generated value. */
function instantiate(path: string, values: readonly string[]): string {
  let index = 0
  return path
    .split('/')
    .map((part) => (/^\{[^{}]+\}$/.test(part) ? (values[index++ % values.length] ?? 'v') : part))
    .join('/')
}

describe('path matcher properties (10,000 generated inputs)', () => {
  it(
    'matches any request path against any spec without an uncoded exception, and finds every instantiated template',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(template, pathItem), { maxLength: 5 }),
          fc.array(
            fc.oneof(fc.string(), fc.webPath(), fc.constantFrom('/v1/pets', '//', '/pets?x=1#y', '')),
            {
              maxLength: 3,
            },
          ),
          fc.array(value, { minLength: 1, maxLength: 3 }),
          fc.array(fc.constantFrom('/v1', '/api', '', '/'), { maxLength: 2 }),
          (paths, requests, values, stripPrefixes) => {
            let spec: LoadedSpec
            try {
              spec = loadSpecFromValue(specOf(paths), { name: 'generated' })
            } catch (error) {
              if (!isContractToolError(error)) throw error
              return
            }
            const attempt = (verb: string, path: string) => {
              try {
                return matchOperation(spec, verb, path, { stripPrefixes })
              } catch (error) {
                if (!isContractToolError(error)) throw error
                return undefined
              }
            }
            for (const request of requests) attempt('GET', request)
            for (const [path, item] of paths) {
              const fixed = item.method !== 'x-ignored' && path.split('/').every((part) => part !== '')
              const hit = attempt(item.method.toUpperCase(), instantiate(path, values))
              // A template every segment of which is non-empty is reachable: some template matches it.
              if (fixed && hit !== undefined) expect(hit.kind).not.toBe('no-path')
            }
          },
        ),
        propertyRuns(),
      )
    },
    TIME_LIMIT_MS,
  )
})
