import type { Page } from 'playwright-core'

/** Opens `url` and connects the Devnet wallet with test account `index` (the devnet node signs for it). */
export async function connectDevnet(page: Page, index: number, url: string): Promise<void> {
  await page.goto(url)
  await page.getByTestId('rk-connect-button').first().click()
  await page.getByTestId('rk-wallet-option-devnet').click()
  await page.getByTestId(`devnet-account-${index}`).click()
  await page.locator('[data-testid="connected-address"], [data-testid="rk-account-button"]').first().waitFor()
}
