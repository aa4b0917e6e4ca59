// `pnpm test:playwright` (after `pnpm build`) runs the Playwright suite under playwright/ with
// @contracttool/playwright and the options of contracttool.config.json: the app runs as the webServer, the
// API tests send the calls of src/pets.test.ts through the request fixture, and the page test checks the
// calls a page makes in a real browser.
import { withContractTesting } from '@contracttool/playwright'
import { defineConfig } from '@playwright/test'

// The webServer prints its port; Playwright puts the named group in the environment the workers start with.
const port = process.env.PETSTORE_PORT

export default defineConfig(
  withContractTesting({
    testDir: 'playwright',
    globalSetup: './playwright/global-setup.ts',
    webServer: {
      command: 'node dist/serve.js',
      wait: { stdout: /listening on http:\/\/127\.0\.0\.1:(?<petstore_port>\d+)/ },
      reuseExistingServer: false,
    },
    use: {
      ...(port === undefined ? {} : { baseURL: `http://127.0.0.1:${port}` }),
      launchOptions: {
        // The Chromium of @sparticuz/chromium (global-setup.ts): Playwright's own download needs a network.
        ...(process.env.CONTRACTTOOL_CHROMIUM === undefined
          ? {}
          : { executablePath: process.env.CONTRACTTOOL_CHROMIUM }),
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      },
    },
  }),
)
