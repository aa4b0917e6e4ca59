import { expect, test } from '@contracttool/playwright'

test.use({ validatePageTraffic: true })

test('passes a response a service worker mocked that keeps the contract', async ({ page }) => {
  await page.goto('/page/mocked?call=/items')
  await expect(page.locator('#done')).toHaveText('200 mocked')
})

test('fails on a response a service worker mocked that breaks the contract', async ({ page }) => {
  await page.goto('/page/mocked?call=/broken')
  await expect(page.locator('#done')).toHaveText('200 mocked')
})
