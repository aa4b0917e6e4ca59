import { basename } from 'node:path'
import { defaultServerConditions } from 'vite'
import { defineProject, type UserWorkspaceConfig } from 'vitest/config'

/** Tests run against sources: the private `@contracttool/source` export condition resolves each workspace package to `src/`. */
export const sourceConditions = ['@contracttool/source', ...defaultServerConditions]

export function contractToolProject(dir: string, extra: UserWorkspaceConfig = {}): UserWorkspaceConfig {
  return defineProject({
    ...extra,
    resolve: { conditions: sourceConditions, ...extra.resolve },
    ssr: { resolve: { conditions: sourceConditions, externalConditions: ['@contracttool/source'] } },
    test: {
      name: basename(dir),
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Safety nets, not timing assertions: CI runs every package's tests side by side on 2 cores.
      testTimeout: 60_000,
      hookTimeout: 120_000,
      ...extra.test,
    },
  })
}
