import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.test-kit.js'
import { findShadowingSpec } from './find-shadowing-spec.js'

describe('findShadowingSpec', () => {
  const dir = tempDir()
  for (const name of ['a.json', 'a.yaml', 'a.yml', 'b.yaml', 'b.yml', 'c.yml'])
    writeFileSync(join(dir, name), '{}')

  it.each([
    { file: 'a.json', want: undefined },
    { file: 'a.yaml', want: 'a.json' },
    { file: 'a.yml', want: 'a.json' },
    { file: 'b.yaml', want: undefined },
    { file: 'b.yml', want: 'b.yaml' },
    { file: 'c.yml', want: undefined },
    { file: 'a.txt', want: undefined },
  ])('$file is shadowed by $want', ({ file, want }) => {
    expect(findShadowingSpec(join(dir, file))).toBe(want === undefined ? undefined : join(dir, want))
  })
})
