import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { screenshotDir, setupE2E } from './session.ts'

// Settings → Data: a Safe{Wallet} export file (written here by hand in its shape) moves in, previewed first:
// a name for the demo treasury, the treasury as an added Safe, a pinned app, and a Safe on a chain this
// instance does not serve (skipped, and said so). The name shows in the treasury's address book, the Safe on
// the start page, and the export holds both. A file with one bad entry imports nothing and names the entry.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

const MAINNET_SAFE = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const BATCH_PAYMENTS_ID = 900_001
let treasury: string
let chainId: string

beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  chainId = String(e2e.stack.devnet.chainId)
})

const safeWalletFile = (addressBook: Record<string, string>) =>
  JSON.stringify({
    version: '3.0',
    data: {
      addressBook: { [chainId]: addressBook },
      addedSafes: {
        [chainId]: { [treasury]: { owners: [{ value: testAccount(0).address }], threshold: 2 } },
        1: { [MAINNET_SAFE]: { owners: [], threshold: 1 } },
      },
      settings: { currency: 'usd' },
      safeApps: { [chainId]: { pinned: [BATCH_PAYMENTS_ID], opened: [] } },
      undeployedSafes: {},
      visitedSafes: { [chainId]: { [treasury]: { lastVisited: 1_700_000_000_000 } } },
    },
  })

const chooseFile = (page: Page, name: string, text: string) =>
  page
    .getByTestId('data-import-file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) })

describe('Settings → Data', () => {
  it('imports a Safe{Wallet} file after a preview, and exports it back', async () => {
    const page = e2e.page
    await page.goto(`${e2e.stack.url}/settings`)
    await page.getByRole('link', { name: 'Data' }).click()
    await page.waitForURL(/\/settings\/data/)
    await chooseFile(page, 'safe-2024-03-01.json', safeWalletFile({ [treasury]: 'Team treasury' }))

    const preview = page.getByTestId('data-import-preview')
    const devnet = preview.locator(`[data-testid="data-import-chain"][data-chain-id="${chainId}"]`)
    await devnet
      .locator(`[data-testid="data-import-safe"][data-address="${treasury}"]`)
      .getByText('added')
      .waitFor()
    await devnet
      .locator(`[data-testid="data-import-name"][data-address="${treasury}"]`)
      .getByText('Team treasury')
      .waitFor()
    await devnet.getByTestId('data-import-app').getByText('Batch payments').waitFor()
    const skipped = preview.locator('[data-testid="data-import-skipped-chain"][data-chain-id="1"]')
    await expect
      .poll(() => skipped.getByTestId('data-import-skipped-safe').textContent())
      .toContain(MAINNET_SAFE)
    // Nothing is saved before the confirmation.
    expect(await page.evaluate(() => localStorage.getItem('concord.recent-safes'))).toBeNull()
    await page.screenshot({ path: join(screenshotDir, 'data-import-preview.png'), fullPage: true })

    await page.getByTestId('data-import-confirm').click()
    await page.getByTestId('data-import-done').waitFor()
    await expect
      .poll(() => page.getByTestId('data-import-done').textContent())
      .toMatch(/1 Safe added.*1 app bookmarked/)

    // The name is in the treasury's address book (this browser's copy, until an owner signs in).
    await page.goto(`${e2e.stack.url}/address-book?safe=dev:${treasury}`)
    await page
      .locator(`[data-testid="address-book-row"][data-address="${treasury}"]`)
      .getByText('Team treasury')
      .waitFor()
    // The start page lists the Safe, by that name; the unserved chain's Safe is not there.
    await page.goto(e2e.stack.url)
    const row = page.locator(`[data-testid="recent-safe"][data-address="${treasury}"]`)
    await row.getByTestId('safe-name').getByText('Team treasury').waitFor()
    await expect.poll(() => page.getByTestId('recent-safe').count()).toBe(1)

    // Export: the file holds the name, the Safe (with the gateway's owners and threshold) and the pinned app.
    await page.goto(`${e2e.stack.url}/settings/data`)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('data-export').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^safe-\d{4}-\d{2}-\d{2}\.json$/)
    const file = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8'))
    expect(file.version).toBe('3.0')
    expect(file.data.addressBook[chainId]).toEqual({ [treasury]: 'Team treasury' })
    expect(file.data.addedSafes[chainId][treasury]).toMatchObject({ threshold: 2 })
    expect(file.data.addedSafes[chainId][treasury].owners).toHaveLength(3)
    // Its visit kept from the file: re-opening the newest recent Safe does not move its time.
    expect(file.data.visitedSafes[chainId][treasury]).toEqual({ lastVisited: 1_700_000_000_000 })
    expect(file.data.safeApps[chainId].pinned).toEqual([BATCH_PAYMENTS_ID])
    expect(file.data.addedSafes['1']).toBeUndefined()

    // The export re-imports cleanly: nothing new to save.
    await chooseFile(page, download.suggestedFilename(), JSON.stringify(file))
    await page.getByTestId('data-import-preview').waitFor()
    expect(await page.getByTestId('data-import-confirm').isDisabled()).toBe(true)
    expect(e2e.pageErrors).toEqual([])
  })

  it('a file with one bad entry imports nothing and names the entry', async () => {
    const page = e2e.page
    await page.goto(`${e2e.stack.url}/settings/data`)
    // Account #0 with its first letter's case flipped: a wrong EIP-55 checksum.
    const badAddress = '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(badAddress.toLowerCase()).toBe(testAccount(0).address.toLowerCase())
    await chooseFile(
      page,
      'safe-bad.json',
      safeWalletFile({ [treasury]: 'Team treasury', [badAddress]: 'Owner' }),
    )
    const errors = page.getByTestId('data-import-errors')
    await errors.waitFor()
    expect(await page.getByTestId('data-import-error').allTextContents()).toEqual([
      `Address book, chain ${chainId}: Wrong checksum in address ${badAddress}`,
    ])
    await expect.poll(() => errors.textContent()).toContain('nothing was changed')
    expect(await page.getByTestId('data-import-confirm').count()).toBe(0)
    await page.screenshot({ path: join(screenshotDir, 'data-import-bad-entry.png'), fullPage: true })

    // Nothing was written: no recent Safe, no name in the treasury's book.
    await page.goto(e2e.stack.url)
    await page.getByText('No recent Safes').waitFor()
    await page.goto(`${e2e.stack.url}/address-book?safe=dev:${treasury}`)
    await page.getByText('No entries yet').waitFor()
    expect(await page.getByTestId('address-book-row').count()).toBe(0)
  })
})
