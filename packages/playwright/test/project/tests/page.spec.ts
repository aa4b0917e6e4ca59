import { expect, test } from '@contracttool/playwright'

test.use({ validatePageTraffic: true })

test('records the calls a page makes and ignores its assets', async ({ page }) => {
  await page.goto('/page/ok')
  await expect(page.locator('#done')).toHaveText('1 item')
})

test('fails on a call that breaks the contract', async ({ page }) => {
  await page.goto('/page/broken')
  await expect(page.locator('#done')).toHaveText('done')
})

test('fails on a call whose body cannot be read', async ({ page }) => {
  await page.goto('/page/redirect')
  await expect(page.locator('#done')).toHaveText('done')
})
