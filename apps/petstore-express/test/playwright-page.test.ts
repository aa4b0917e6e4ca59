import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  assertBuildsExist,
  type ChildRun,
  childEnv,
  consoleReport,
  copyExampleApp,
  describeRun,
  makeTempRoot,
  runChild,
  runContracttool,
} from '../../../packages/cli/test/example-app.test-kit.js'
import { chromiumExecutable } from '../../../packages/coverage/src/chromium.test-kit.js'

/**
 * The page test of the Playwright suite (playwright/page.spec.ts) in the Chromium of @sparticuz/chromium: the
 * page the app serves calls GET /pets and GET /pets/{petId} from its script, and `validatePageTraffic` checks
 * both and counts them in the report. One file of the suite is a partial run: the report prints, the gates
 * and files are skipped. The HAR the test records is then validated by `contracttool traffic`.
 */
describe('the Playwright page test', () => {
  let root: string
  let app: string
  let run: ChildRun

  beforeAll(async () => {
    assertBuildsExist()
    root = makeTempRoot('contracttool-playwright-page-')
    app = copyExampleApp('petstore-express', root)
    run = await runChild(
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', 'playwright/page.spec.ts'],
      { cwd: app, env: childEnv({ CONTRACTTOOL_CHROMIUM: await chromiumExecutable() }), timeoutMs: 240_000 },
    )
  })

  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true })
  })

  it('passes in the browser, the page calls checked and counted', () => {
    expect(run.code, describeRun(run)).toBe(0)
    expect(run.stdout).toContain('1 passed')
    const report = consoleReport(run.stdout) ?? ''
    expect(report).toContain('[petstore] endpoints: 0/7 fully covered (0%), 2 partial, 5 uncovered')
    expect(report).toMatch(/✓ 200 +application\/json +\[1\]\n {6}✗ 400/)
    expect(run.stderr).toContain('partial runs (file filters (playwright/page.spec.ts))')
  })

  it('records a HAR of the page that contracttool traffic validates, the page itself not an API call', async () => {
    expect(run.code, describeRun(run)).toBe(0)
    // The spec's server is http://localhost:3000 and the app listens on a free port: the API is the paths
    // under /pets, on any host.
    const traffic = await runContracttool(['traffic', '--base-url=/pets', 'reports/page.har'], {
      cwd: app,
      env: childEnv(),
    })
    expect(traffic.code, describeRun(traffic)).toBe(0)
    expect(traffic.stdout).toMatch(
      /\[OpenAPI Traffic\] reports\/page\.har: \d+ entries, 2 API call\(s\) checked \(0 failed\), [1-9]\d* not under an API server/,
    )
    const report = consoleReport(traffic.stdout) ?? ''
    expect(report).toContain('[petstore] endpoints: 0/7 fully covered (0%), 2 partial, 5 uncovered')
    expect(report).toMatch(/✓ 200 +application\/json +\[1\]\n {6}✗ 400/)
  })
})
