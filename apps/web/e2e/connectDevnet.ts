import { testAccount } from '@concord/devnet'
import type { Page } from 'playwright-core'

/** How the header's account button shortens an address (WalletButton). */
const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/**
 * Opens `url` and connects the Devnet wallet with test account `index` (the devnet node signs for it). A page that
 * was connected before reconnects on its own: the helper waits for the wallet to settle (the connect button is
 * inert while it reconnects) instead of racing the reconnection with a second connection, which wagmi refuses.
 */
export async function connectDevnet(page: Page, index: number, url: string): Promise<void> {
  await page.goto(url)
  const accountButton = page.getByTestId('rk-account-button')
  const connectButton = page.locator('[data-testid="rk-connect-button"]:not(.settling)')
  await accountButton.or(connectButton).first().waitFor()
  const expected = shortAddress(testAccount(index).address)
  if (await accountButton.isVisible()) {
    if ((await accountButton.textContent())?.trim() === expected) return
    await accountButton.click()
    await page.getByTestId('rk-disconnect-button').click()
  }
  await connectButton.click()
  const option = page.getByTestId(`devnet-account-${index}`)
  // Under load a choice of wallet is sometimes lost (RainbowKit's modal stays on its list, seen once in ~140
  // tests on 2 cores): as a user would, the helper chooses again, at most three times.
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('rk-wallet-option-devnet').click()
    const shown = await option.waitFor({ timeout: 10_000 }).then(
      () => true,
      (error: unknown) => {
        if (attempt === 3) throw error
        return false
      },
    )
    if (shown) break
  }
  await option.click()
  await accountButton.filter({ hasText: expected }).waitFor()
}
