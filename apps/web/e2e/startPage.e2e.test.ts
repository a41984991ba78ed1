// The start page (`/` without a Safe): the wallet's Safes with name, chain, threshold and balance, renamed in place;
// opening a Safe by address; recent Safes. The chains table now lives in Settings → Chains. A Safe's Home shows its
// top assets and latest transactions beside the queue.
import { join } from 'node:path'
import type { Locator } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Hardhat test account #0 (public test mnemonic): an owner of the treasury and of solo.
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const INVALID_ADDRESS_TEXT = 'Invalid address: expected 0x followed by 40 hexadecimal characters'

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(15_000),
})

let treasury: string
let solo: string
let chainId: string

beforeAll(() => {
  const scenario = e2e.stack.devnet.scenario
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  solo = scenario.safes.solo.address
  chainId = String(e2e.stack.devnet.chainId)
})

const gatewayJson = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${e2e.stack.url}${path}`)
  expect(response.ok, path).toBe(true)
  return (await response.json()) as T
}

const ownedRow = (address: string): Locator =>
  e2e.page.locator(`[data-testid="owned-safe"][data-address="${address}"]`)

/**
 * Transaction rows under `list` whose parts collide: a part's content wider than its box (text running into the
 * next part), or two parts' boxes overlapping. Empty when every row fits the width it is given.
 */
const collidingRows = (list: Locator): Promise<string[]> =>
  list.locator('[data-testid="tx-row"]').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const parts = [...row.querySelectorAll<HTMLElement>('.tx-main, .tx-meta, .tx-status')]
      const boxes = parts.map((part) => part.getBoundingClientRect())
      const overflows = parts.some((part) => part.scrollWidth > part.clientWidth + 1)
      const overlap = boxes.some((a, i) =>
        boxes
          .slice(i + 1)
          .some(
            (b) =>
              a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1,
          ),
      )
      return overflows || overlap ? [(row as HTMLElement).dataset.txId ?? '?'] : []
    }),
  )

/** Waits until the element shows exactly `text`. */
const waitText = (scope: Locator, testId: string, text: string) =>
  scope
    .locator(`[data-testid="${testId}"]:text-is(${JSON.stringify(text)})`)
    .first()
    .waitFor()

describe('start page', () => {
  it('default: without a wallet it prompts to connect; connected, it lists your Safes with chain, threshold and balance', async () => {
    await e2e.page.goto(e2e.stack.url)
    await e2e.page.getByTestId('start-page').waitFor()
    await e2e.page.getByTestId('start-connect').waitFor()
    expect(await e2e.page.getByTestId('owned-safes').count()).toBe(0)
    // The chains table and wallet status are in Settings now.
    expect(await e2e.page.getByTestId('chain-list').count()).toBe(0)
    expect(await e2e.page.getByTestId('connection-status').count()).toBe(0)

    await e2e.page.getByTestId('start-connect-button').click()
    await e2e.page.getByTestId('rk-wallet-option-devnet').click()
    await e2e.page.getByTestId('devnet-account-0').click()
    await e2e.page.getByTestId('owned-safes').waitFor()

    const { safes } = await gatewayJson<{ safes: string[] }>(
      `/v1/chains/${chainId}/owners/${ACCOUNT_0}/safes`,
    )
    expect(safes).toEqual(expect.arrayContaining([treasury, solo]))
    await ownedRow(treasury).waitFor()
    await expect
      .poll(() =>
        e2e.page
          .locator('[data-testid="owned-safe"]')
          .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.address)),
      )
      .toEqual(safes)

    // On a fresh stack the demo Safes carry the names the devnet's chain config gives them.
    await waitText(ownedRow(treasury), 'safe-name', 'Treasury (demo)')
    await waitText(ownedRow(solo), 'safe-name', 'Solo (demo)')
    await waitText(ownedRow(treasury), 'owned-safe-threshold', '2/3')
    await waitText(ownedRow(solo), 'owned-safe-threshold', '1/1')
    await waitText(ownedRow(treasury), 'owned-safe-chain', 'Concord Devnet')
    await waitText(ownedRow(treasury), 'owned-safe-balance', '$53,900.00')
    const soloBalance = await gatewayJson<{ fiatTotal: string }>(
      `/v1/chains/${chainId}/safes/${solo}/balances/usd?exclude_spam=true`,
    )
    const soloFiat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      Number(soloBalance.fiatTotal),
    )
    await waitText(ownedRow(solo), 'owned-safe-balance', soloFiat)
    await e2e.page.screenshot({ path: join(screenshotDir, 'start-page.png'), fullPage: true })

    await ownedRow(solo).getByTestId('open-safe').click()
    await e2e.page.waitForURL((url) => url.searchParams.get('safe') === `dev:${solo}`)
    await e2e.page.getByTestId('safe-owners').waitFor()
    expect(e2e.pageErrors).toEqual([])
  })

  it('behavior: a Safe renamed in place keeps its name across a reload and in the open Safe', async () => {
    await connectDevnet(e2e.page, 0, e2e.stack.url)
    const row = ownedRow(treasury)
    await row.getByTestId('safe-rename').click()
    const input = row.getByTestId('safe-name-input')
    await input.fill('   ')
    await row.getByTestId('safe-name-save').click()
    await waitText(row, 'safe-name-error', 'A name is required')
    await input.fill('Ops vault')
    await row.getByTestId('safe-name-save').click()
    await waitText(row, 'safe-name', 'Ops vault')
    expect(await row.getByTestId('safe-name-input').count()).toBe(0)
    // Only the renamed Safe has the name: solo keeps its demo name.
    await waitText(ownedRow(solo), 'safe-name', 'Solo (demo)')

    await e2e.page.reload()
    // The user's name outlives the reload and wins over the demo name.
    await waitText(ownedRow(treasury), 'safe-name', 'Ops vault')
    await expect.poll(() => ownedRow(treasury).getByTestId('safe-name').textContent()).toBe('Ops vault')
    // The name is the Safe's entry in its own address book.
    await e2e.page.goto(`${e2e.stack.url}/address-book?safe=dev:${treasury}`)
    await e2e.page
      .locator(`[data-testid="address-book-row"][data-address="${treasury}"]`)
      .getByText('Ops vault')
      .waitFor()
    await e2e.page.getByTestId('current-safe-name').getByText('Ops vault').waitFor()
    expect(e2e.pageErrors).toEqual([])
  })

  it('error: a bad address shows the error and keeps the input; an opened Safe is listed under recent Safes', async () => {
    await e2e.page.goto(e2e.stack.url)
    await e2e.page.getByTestId('start-page').waitFor()
    await e2e.page.getByTestId('recent-safes').waitFor({ state: 'detached' })

    const input = e2e.page.getByTestId('add-safe-input')
    await input.fill('0xnot-an-address')
    await e2e.page.getByTestId('add-safe-submit').click()
    await waitText(e2e.page.locator('body'), 'add-safe-error', INVALID_ADDRESS_TEXT)
    await expect.poll(() => input.inputValue()).toBe('0xnot-an-address')
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
    expect(new URL(e2e.page.url()).search).toBe('')

    await input.fill(treasury.toLowerCase())
    await e2e.page.getByTestId('add-safe-submit').click()
    await e2e.page.waitForURL((url) => url.searchParams.get('safe') === `dev:${treasury}`)
    await e2e.page.getByTestId('safe-owners').waitFor()

    await e2e.page.goto(e2e.stack.url)
    const recent = e2e.page.getByTestId('recent-safes')
    await recent.waitFor()
    await expect(
      recent
        .locator('[data-testid="recent-safe"]')
        .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.address)),
    ).resolves.toEqual([treasury])
    await recent.locator(`[data-testid="recent-safe"][data-address="${treasury}"] a`).click()
    await e2e.page.waitForURL((url) => url.searchParams.get('safe') === `dev:${treasury}`)
    expect(e2e.pageErrors).toEqual([])
  })

  it('behavior: Settings → Chains shows the wallet status and the chains table', async () => {
    await e2e.page.goto(`${e2e.stack.url}/settings?safe=dev:${treasury}`)
    await e2e.page.getByRole('link', { name: 'Chains', exact: true }).click()
    await e2e.page.waitForURL(
      (url) => url.pathname === '/settings/chains' && url.searchParams.get('safe') === `dev:${treasury}`,
    )
    const table = e2e.page.getByTestId('chain-list')
    await table.waitFor()
    const { results } = await gatewayJson<{ results: { chainId: string }[] }>('/v1/chains')
    await expect(
      table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.testid)),
    ).resolves.toEqual(results.map((chain) => `chain-${chain.chainId}`))
    await expect.poll(() => e2e.page.getByTestId('connection-status').textContent()).toBe('disconnected')
    expect(e2e.pageErrors).toEqual([])
  })
})

describe("a Safe's Home", () => {
  it('default: queue and top assets beside the latest transactions, with links to Assets and History', async () => {
    await e2e.page.goto(`${e2e.stack.url}/?safe=dev:${treasury}`)
    const columns = e2e.page.locator('[data-testid="home-columns"] > .dashboard-column')
    await columns.first().waitFor()
    const [left, right] = await Promise.all([columns.nth(0).boundingBox(), columns.nth(1).boundingBox()])
    if (!left || !right) throw new Error('the Home columns are not laid out')
    expect(right.x).toBeGreaterThan(left.x + left.width - 1)
    expect(Math.abs(right.y - left.y)).toBeLessThan(2)
    await columns.nth(0).getByTestId('queued-count').waitFor()

    // Top assets: by fiat value, most valuable first.
    const assets = columns.nth(0).getByTestId('top-assets')
    await assets.waitFor()
    await expect(
      assets
        .locator('[data-testid="top-asset"]')
        .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.symbol)),
    ).resolves.toEqual(['ETH', 'cUSD', 'CGT'])
    await waitText(assets, 'top-asset-fiat', '$28,500.00')

    // Latest transactions: the history's newest ones.
    const history = await gatewayJson<{ results: { type: string; transaction?: { id: string } }[] }>(
      `/v1/chains/${chainId}/safes/${treasury}/transactions/history`,
    )
    const newest = history.results
      .flatMap((item) => (item.transaction ? [item.transaction.id] : []))
      .slice(0, 5)
    expect(newest.length).toBeGreaterThanOrEqual(3)
    const latest = columns.nth(1).getByTestId('latest-transactions')
    await latest.waitFor()
    await expect(
      latest
        .locator('[data-testid="tx-row"]')
        .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.txId)),
    ).resolves.toEqual(newest)
    // Half the page wide, the rows take their narrow layout (the list's width, not the window's, decides).
    expect(await collidingRows(latest)).toEqual([])
    // A shortened address in a description (Add owner: `0x3C44…93BC`) never breaks after its ellipsis.
    const addressLines = await latest
      .locator('[data-testid="tx-detail"] .tx-address')
      .evaluateAll((nodes) => nodes.map((node) => node.getClientRects().length))
    expect(addressLines.length).toBeGreaterThan(0)
    expect(addressLines.every((lines) => lines === 1)).toBe(true)
    await e2e.page.screenshot({ path: join(screenshotDir, 'safe-home-columns.png'), fullPage: true })

    await e2e.page.getByTestId('home-all-assets').click()
    await e2e.page.waitForURL(
      (url) => url.pathname === '/assets' && url.searchParams.get('safe') === `dev:${treasury}`,
    )
    await e2e.page.goBack()
    await e2e.page.getByTestId('home-history-link').click()
    await e2e.page.waitForURL(
      (url) => url.pathname === '/transactions/history' && url.searchParams.get('safe') === `dev:${treasury}`,
    )
    await e2e.page.getByTestId('tx-history').waitFor()
    expect(await collidingRows(e2e.page.getByTestId('tx-history'))).toEqual([])
    expect(e2e.pageErrors).toEqual([])
  })
})
