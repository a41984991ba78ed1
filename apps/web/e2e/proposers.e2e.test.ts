import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import type { Address } from 'viem'
import { beforeAll, describe, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Settings → Proposers: account #0, the owner of the 1-of-1 "solo", adds account #9 as a proposer and removes it.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let solo: Address

beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
})

describe('settings: proposers', () => {
  it('an owner adds a proposer with a label, sees it listed and removes it', async () => {
    const page = e2e.page
    const proposer = testAccount(9).address
    await connectDevnet(page, 0, `${e2e.stack.url}/settings?safe=dev:${solo}`)
    await page.getByRole('link', { name: 'Proposers' }).click()
    await page.waitForURL((u) => u.pathname === '/settings/proposers')
    await page.getByText('No proposers').waitFor()

    await page.getByTestId('add-proposer-address').fill(proposer)
    await page.getByTestId('add-proposer-label').fill('Ops bot')
    await page.getByTestId('add-proposer-submit').click()

    const row = page.locator(`[data-testid="proposer-row"][data-delegate="${proposer}"]`)
    await row.waitFor()
    await row.locator('[data-testid="proposer-label"]:text-is("Ops bot")').waitFor()
    await page.getByTestId('add-proposer-address').and(page.locator('[value=""]')).waitFor()
    await page.screenshot({ path: join(screenshotDir, 'settings-proposers.png'), fullPage: true })

    await row.getByTestId('proposer-remove').click()
    await row.waitFor({ state: 'detached' })
    await page.getByText('No proposers').waitFor()
  })
})
