import { fullFormats } from 'ajv-formats/dist/formats.js'
import { bench, describe } from 'vitest'
import { FAST_FORMATS } from '../src/internal/fast-formats.js'

// Each format check the validator runs, against ajv-formats' full check, on values shaped like the
// ones in GitHub API bodies. Run with `pnpm vitest bench --run bench/formats.bench.ts [-t name]`.
// An iteration checks every value of its format ROUNDS times: nanoseconds a call are
// 1e9 / (hz * ROUNDS * values).

type Check = (value: string) => boolean

const original = (name: string): Check => {
  const format = fullFormats[name as keyof typeof fullFormats]
  if (typeof format === 'function') return format as Check
  if (format instanceof RegExp) return (value) => format.test(value)
  return (format as { validate: Check }).validate
}

const VALUES: Record<string, readonly string[]> = {
  uri: [
    'https://api.github.com/repos/octocat/Hello-World/issues/1347',
    'https://api.github.com/repos/octocat/Hello-World/issues/1347/comments',
    'https://github.com/octocat/Hello-World/issues/1347',
    'https://avatars.githubusercontent.com/u/583231?v=4',
    'https://api.github.com/users/octocat',
  ],
  // Shapes outside `scheme://host/…` (the first `isUri` expression takes the first two).
  'uri other shapes': [
    'mailto:octocat@github.com',
    'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
    'https://x-access-token:ghs_16C7e42F292c6912E7710c838347Ae178B4a@github.com/octocat/Hello-World.git',
    'http://[2606:50c0:8000::153]:8080/',
  ],
  'uri-reference': [
    'https://api.github.com/repos/octocat/Hello-World/issues/1347',
    '/repos/octocat/Hello-World',
  ],
  'uri-template': [
    'https://api.github.com/repos/octocat/Hello-World/issues{/number}',
    'https://api.github.com/notifications{?since,all,participating}',
  ],
  'date-time': ['2011-04-14T16:00:49Z', '2024-01-15T09:30:00.123+05:30'],
  date: ['2011-04-14', '2024-02-29'],
  time: ['16:00:49Z', '09:30:00.123+05:30'],
  email: ['octocat@github.com', 'support@api.github.com'],
  uuid: ['550e8400-e29b-41d4-a716-446655440000', 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6'],
  ipv4: ['192.30.252.153', '140.82.112.3'],
  ipv6: [
    '2001:db8::1',
    '2606:50c0:8000::153',
    '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
    '::ffff:192.0.2.128',
  ],
  hostname: ['api.github.com', 'avatars.githubusercontent.com'],
}

const OURS: Readonly<Record<string, Check>> = FAST_FORMATS

const ROUNDS = 100
let sink = 0
for (const [name, values] of Object.entries(VALUES)) {
  const format = name === 'uri other shapes' ? 'uri' : name
  const reference = original(format)
  const ours = OURS[format] ?? reference
  describe(name, () => {
    bench('ajv-formats', () => {
      for (let round = 0; round < ROUNDS; round++) for (const value of values) if (reference(value)) sink++
    })
    bench('contracttool', () => {
      for (let round = 0; round < ROUNDS; round++) for (const value of values) if (ours(value)) sink++
    })
  })
}

export { sink }
