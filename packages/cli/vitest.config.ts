import { contractToolProject } from '../../vitest.shared.ts'

export default contractToolProject(import.meta.dirname, {
  test: {
    // clipanion ships extensionless ESM imports (`'../platform'`) that only a bundler resolves: let Vite
    // transform it instead of handing it to Node.
    server: { deps: { inline: ['clipanion'] } },
  },
})
