import type { Page } from 'playwright-core'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { describeViolations, runAxe } from './axe.ts'
import { connectDevnet } from './connectDevnet.ts'
import { setupSafeAppsE2E } from './fixtures/safeAppsStack.ts'
import { countFetches, settled } from './waits.ts'

// WCAG 2 A/AA where a11y.e2e's page tour does not reach: the wallet dialogs (RainbowKit's modal, themed by us),
// a Safe App's frame (the bundled Batch payments app) and the host's review of an app's request.

const e2e = setupSafeAppsE2E()

let solo: Address
beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
})

async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme }) // System, the default
}

async function expectClean(page: Parameters<typeof runAxe>[0], where: string, minTexts: number) {
  const { violations, contrastPasses } = await runAxe(page)
  expect(violations, describeViolations(where, violations)).toEqual([])
  expect(contrastPasses, `${where}: texts checked for contrast`).toBeGreaterThanOrEqual(minTexts)
}

describe('accessibility of dialogs and Safe Apps', () => {
  for (const theme of ['light', 'dark'] as const)
    it(`behavior: the connect dialog has no WCAG A/AA violation (${theme})`, async () => {
      const page = e2e.page
      await useTheme(page, theme)
      await page.goto(`${e2e.stack.url}/?safe=dev:${solo}`)
      await page.getByTestId('rk-connect-button').first().click()
      await page.getByTestId('rk-wallet-option-devnet').waitFor()
      await settled(page) // the modal's entry animation
      await expectClean(page, `${theme} connect dialog`, 5)
    })

  it('behavior: the account dialog has no WCAG A/AA violation', async () => {
    const page = e2e.page
    await connectDevnet(page, 0, `${e2e.stack.url}/?safe=dev:${solo}`)
    await page.getByTestId('rk-account-button').click()
    await page.getByTestId('rk-disconnect-button').waitFor()
    await settled(page)
    await expectClean(page, 'account dialog', 3)
  })

  it('behavior: a Safe App frame and the review of its request have no WCAG A/AA violation', async () => {
    const page = e2e.page
    await countFetches(page)
    await connectDevnet(page, 0, `${e2e.stack.url}/apps?safe=dev:${solo}`)
    const card = page.locator('[data-testid="app-card"]', { hasText: 'Batch payments' })
    await card.getByTestId('open-app').click()
    const frameElement = await page.locator('[data-testid="safe-app-frame"]').elementHandle()
    const frame = await frameElement?.contentFrame()
    if (!frame) throw new Error('the Safe App frame has no document')
    await frame.locator('[data-testid="status"][data-ready="true"]').waitFor()
    const csv = `token,recipient,amount\nnative,${solo},0.01\nCGT,not-an-address,1`
    await frame
      .getByTestId('csv-file')
      .setInputFiles({ name: 'pay.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await frame.locator('[data-testid="bad-row"]').waitFor()
    await expectClean(frame, 'Batch payments frame', 3)

    await frame.getByTestId('submit-batch').click()
    await page.getByTestId('app-request').getByTestId('new-tx-review').waitFor()
    await settled(page)
    await expectClean(page, 'app request review', 5)
  })
})
