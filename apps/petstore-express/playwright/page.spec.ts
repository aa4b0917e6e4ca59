// The page the app serves at / calls the API from its script: validatePageTraffic checks each of those calls
// against the spec and counts it in the coverage report, in a real browser. The browser's traffic is also
// recorded as a HAR (written when the test's context closes), which `contracttool traffic` validates
// afterwards as recorded traffic.
import { expect, test } from './fixtures.js'

test.use({ validatePageTraffic: true, contextOptions: { recordHar: { path: 'reports/page.har' } } })

test('the home page lists the pets and shows the first one', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('body[data-ready="true"]')).toBeVisible()
  await expect(page.locator('#pets li')).toHaveCount(3)
  await expect(page.locator('#first')).toHaveText('Tom the cat')
})
