// The Vitest suite under src/ runs under Jest unchanged: jest.config.cjs maps its `vitest` imports to
// Jest's own functions of the same names, and `@contracttool/vitest` to `@contracttool/jest`.
export { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test } from '@jest/globals'
