import { withContractTesting } from '@contracttool/playwright'
import { defineConfig } from '@playwright/test'

// API tests need no browser. PORT lets the example run beside another server.
const origin = `http://127.0.0.1:${process.env.PORT ?? 3000}`

export default defineConfig(
  withContractTesting({
    testDir: 'tests',
    use: { baseURL: origin },
    webServer: { command: 'node src/server.mjs', url: `${origin}/health` },
  }),
)
