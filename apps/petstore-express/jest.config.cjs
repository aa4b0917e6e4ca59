// `jest` (or `pnpm test:jest`) runs the suite under src/ with @contracttool/jest, with the options of
// contracttool.config.json, as `vitest run` runs it with @contracttool/vitest.
const { withContractTesting } = require('@contracttool/jest')

module.exports = withContractTesting({
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  // ESM TypeScript through ts-jest (run Jest with node --experimental-vm-modules), transpiled file by file.
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { useESM: true, tsconfig: { module: 'esnext', target: 'es2022', isolatedModules: true } },
    ],
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^vitest$': '<rootDir>/jest/vitest-globals.mjs',
    '^@contracttool/vitest$': '@contracttool/jest',
  },
  // A safety net, not a timing assertion, as in vitest.config.ts.
  testTimeout: 60_000,
})
