import { defineConfig } from 'vitest/config'

// The harness's own pure helpers; the generated suites of scenario 5 live under .cache/ and have their own configs.
export default defineConfig({
  test: {
    name: 'bench',
    include: ['src/**/*.test.mjs'],
  },
})
