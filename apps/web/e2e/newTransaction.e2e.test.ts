import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import { erc20Abi, safeMigrationsV141, safeV141 } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import type { Page } from 'playwright-core'
import { type Address, concat, encodeFunctionData, type Hex, keccak256, parseAbi } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { injectWallet } from './injectWallet.ts'
import { proposeAs, recommendedNonce, until } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'

// The New transaction flow (features/tx-flow) and the review that refuses what the gateway cannot back up.
// Account #0 owns the 1-of-1 "solo", the 2-of-3 "treasury" (with #1 and #2) and the 2-of-3 v1.3.0 GnosisSafeL2
// "legacyL2" (with #7 and #8).

const e2e = setupE2E({
  viewport: { width: 1280, height: 1000 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

// Hardhat test account #0 (public test mnemonic), for the injected wallet that records what it is asked.
const ACCOUNT_0_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const CUSD = 10n ** 6n

let solo: Address
let treasury: Address
let legacyL2: Address
let usd: Address
let chainId: number
const account = (index: number) => testAccount(index).address
const url = (path: string, safe: Address, extra = '') => `${e2e.stack.url}${path}?safe=dev:${safe}${extra}`

async function gateway<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.stack.url}${path}`)
  if (!response.ok) throw new Error(`${response.status} ${path}`)
  return (await response.json()) as T
}

type Balances = { items: { tokenInfo: { address: string; symbol: string }; balance: string }[] }
type Queue = { results: { type: string; transaction?: { id: string } }[] }
const queuedIds = async (safe: Address) =>
  (await gateway<Queue>(`/v1/chains/${chainId}/safes/${safe}/transactions/queued`)).results.flatMap((item) =>
    item.transaction ? [item.transaction.id] : [],
  )

beforeAll(async () => {
  const { scenario, assets, client } = e2e.stack.devnet
  if (!scenario || !assets) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
  treasury = scenario.safes.treasury.address
  legacyL2 = scenario.safes.legacyL2.address
  usd = assets.usd
  chainId = e2e.stack.devnet.chainId
  // The demo gives solo no cUSD: account #0 (who holds the supply) sends it 10.
  const hash = await client.sendTransaction({
    account: account(0),
    to: usd,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [solo, 10n * CUSD] }),
  })
  await client.waitForTransactionReceipt({ hash })
  await until(async () => {
    const balances = await gateway<Balances>(`/v1/chains/${chainId}/safes/${solo}/balances/usd`)
    return balances.items.some(
      (item) => item.tokenInfo.symbol === 'cUSD' && item.balance === String(10n * CUSD),
    )
  }, "solo's cUSD balance")
})

const byTestId = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`)

describe('new transaction', () => {
  it('default: owner #0 sends 1 cUSD from solo: review (decoded, simulated, hashes), sign, proposed to the queue', async () => {
    const { page } = e2e
    await connectDevnet(page, 0, url('/assets', solo))
    await page.locator('[data-testid="balance-row"][data-symbol="cUSD"] [data-testid="balance-send"]').click()
    await byTestId(page, 'send-token-form').waitFor()
    await expect.poll(() => page.getByTestId('send-token-select').inputValue()).toBe(usd.toLowerCase())

    // Validation keeps what was typed.
    await page.getByTestId('send-recipient-input').fill('0x1234')
    await page.getByTestId('send-amount-input').fill('10.5')
    await page.getByTestId('send-token-form').getByTestId('tx-form-review').click()
    await expect.poll(() => page.getByTestId('send-recipient-error').textContent()).toMatch(/40 hexadecimal/)
    await expect
      .poll(() => page.getByTestId('send-amount-error').textContent())
      .toBe('The amount is more than the Safe holds')
    await expect.poll(() => page.getByTestId('send-amount-input').inputValue()).toBe('10.5')

    const recipient = account(3)
    await page.getByTestId('send-recipient-input').fill(recipient)
    await page.getByTestId('send-amount-input').fill('1')
    await page.getByTestId('send-token-form').getByTestId('tx-form-review').click()

    const review = byTestId(page, 'new-tx-review')
    await review.waitFor()
    await expect.poll(() => review.getByTestId('tx-method').first().textContent()).toBe('transfer')
    // The amount reads in the token's units, the token contract by its name (from the Safe's balances).
    await expect.poll(() => review.getByTestId('tx-param-amount').textContent()).toBe('1 cUSD')
    await expect.poll(() => review.getByTestId('tx-param-amount').getAttribute('data-raw')).toBe(String(CUSD))
    await expect
      .poll(() => review.getByTestId('review-to').locator('.address-name').textContent())
      .toMatch(/\(cUSD\)$/)
    await review.locator('[data-testid="simulation-status"]:has-text("Succeeds")').waitFor()
    await expect(
      review
        .locator(
          '[data-testid="simulation-change"][data-symbol="cUSD"] [data-testid="simulation-change-amount"]',
        )
        .textContent(),
    ).resolves.toBe('-1 cUSD')

    const call = {
      to: usd,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, CUSD] }),
    }
    const nonce = await recommendedNonce(e2e.stack, solo, call)
    await expect.poll(() => review.getByTestId('nonce-input').inputValue()).toBe(String(nonce))
    const safeTxHash = SafeTx.hash(SafeTx.from({ ...call, nonce: BigInt(nonce) }), { chainId, address: solo })
    await expect.poll(() => review.getByTestId('review-safe-tx-hash').textContent()).toBe(safeTxHash)
    // What the device will show: the domain hash is the Safe's own domainSeparator() (read from the contract),
    // and with the message hash it makes the safeTxHash the wallet is asked to sign.
    const domainHash = (await review.getByTestId('review-domain-hash').textContent()) as Hex
    const messageHash = (await review.getByTestId('review-message-hash').textContent()) as Hex
    expect(domainHash).toBe(
      await e2e.stack.devnet.client.readContract({
        address: solo,
        abi: parseAbi(['function domainSeparator() view returns (bytes32)']),
        functionName: 'domainSeparator',
      }),
    )
    expect(keccak256(concat(['0x1901', domainHash, messageHash]))).toBe(safeTxHash)
    // The /verify link of the review recomputes the same hash on its own page (another device would).
    const link = await review.getByTestId('review-verify-link').getAttribute('href')
    const elsewhere = await e2e.context.newPage()
    await elsewhere.goto(link as string)
    await expect.poll(() => elsewhere.getByTestId('verify-safe-tx-hash').textContent()).toBe(safeTxHash)
    await elsewhere.close()
    await page.screenshot({ path: join(screenshotDir, 'new-tx-review.png'), fullPage: true })

    await review.getByTestId('sign-and-propose').click()
    const id = `multisig_${solo}_${safeTxHash}`
    await page.waitForURL((u) => u.pathname === '/transactions/tx' && u.searchParams.get('id') === id)
    await expect(queuedIds(solo)).resolves.toContain(id)
    await page.goto(url('/transactions/queue', solo))
    await page.locator(`[data-testid="queue-item"][data-tx-id="${id}"]`).waitFor()
    expect(e2e.pageErrors).toEqual([])
  })

  it('behavior: a batch (0.1 ETH and 2 cUSD) is one MultiSendCallOnly DELEGATECALL, decoded and simulated action by action', async () => {
    const { page } = e2e
    await connectDevnet(page, 0, url('/transactions/new', solo, '&kind=send'))
    const form = byTestId(page, 'send-token-form')
    await form.getByTestId('send-token-select').selectOption('0x0000000000000000000000000000000000000000')
    await form.getByTestId('send-recipient-input').fill(account(3))
    await form.getByTestId('send-amount-input').fill('0.1')
    await form.getByTestId('tx-form-add-to-batch').click()
    // The form keeps its fields: only the token and amount change for the second action.
    await form.getByTestId('send-token-select').selectOption(usd.toLowerCase())
    await form.getByTestId('send-amount-input').fill('2')
    await form.getByTestId('tx-form-add-to-batch').click()
    await expect.poll(() => byTestId(page, 'batch-item').count()).toBe(2)
    await page.getByTestId('batch-review').click()

    const review = byTestId(page, 'new-tx-review')
    await expect
      .poll(() => review.getByTestId('review-to').getAttribute('data-address'))
      .toBe(safeV141.multiSendCallOnly)
    await expect.poll(() => review.getByTestId('review-operation').textContent()).toMatch(/DELEGATECALL/)
    await expect.poll(() => review.getByTestId('tx-method').first().textContent()).toBe('multiSend')
    await expect.poll(() => review.getByTestId('tx-action').count()).toBe(2)
    await review.locator('[data-testid="simulation-status"]:has-text("Succeeds")').waitFor()
    const change = (symbol: string) =>
      review.locator(
        `[data-testid="simulation-change"][data-symbol="${symbol}"] [data-testid="simulation-change-amount"]`,
      )
    await expect.poll(() => change('cUSD').textContent()).toBe('-2 cUSD')
    await expect.poll(() => change('ETH').textContent()).toBe('-0.1 ETH')
    await page.screenshot({ path: join(screenshotDir, 'new-tx-batch.png'), fullPage: true })
    await review.getByTestId('sign-and-propose').click()
    await page.waitForURL((u) => u.pathname === '/transactions/tx')
    const id = new URL(page.url()).searchParams.get('id')
    await expect(queuedIds(solo)).resolves.toContain(id)
  })

  it('behavior: Settings → Setup removes an owner of the treasury; the previous owner comes from the chain, so it simulates', async () => {
    const { page } = e2e
    await connectDevnet(page, 0, url('/settings/setup', treasury))
    await expect
      .poll(() => page.getByTestId('setup-version-compare').textContent())
      .toMatch(/runs 1\.4\.1.*recommended.*1\.4\.1/)
    await page.screenshot({ path: join(screenshotDir, 'setup-changes.png'), fullPage: true })
    // The owners are listed once, with what can be done to each in their row.
    expect(await page.getByTestId('setup-changes').getByText(account(1)).count()).toBe(0)
    await expect.poll(() => page.getByTestId('setup-owners').locator('li').count()).toBe(3)
    // Contract order is [#2, #0, #1]: removing #1 names #0 as the previous owner.
    await page
      .locator(`[data-testid="setup-owners"] li:has-text("${account(1)}") [data-testid="setup-remove-owner"]`)
      .click()
    const form = byTestId(page, 'settings-form')
    await expect.poll(() => form.getByTestId('settings-selected-select').inputValue()).toBe(account(1))
    await expect.poll(() => form.getByTestId('settings-threshold-select').inputValue()).toBe('2')
    await form.getByTestId('tx-form-review').click()
    const review = byTestId(page, 'new-tx-review')
    await expect.poll(() => review.getByTestId('tx-method').first().textContent()).toBe('removeOwner')
    await expect(
      review
        .locator('[data-testid="tx-param"][data-name="prevOwner"] [data-address]')
        .first()
        .getAttribute('data-address'),
    ).resolves.toBe(account(0))
    await review.locator('[data-testid="simulation-status"]:has-text("Succeeds")').waitFor()
    // A local risk check marks it high impact (who controls the Safe), without holding the signature.
    await review
      .locator('[data-testid="review-risk"][data-kind="safe-settings"][data-level="high"]')
      .filter({ hasText: 'removes an owner (removeOwner)' })
      .waitFor()
    await review.getByTestId('sign-and-propose').click()
    await page.waitForURL((u) => u.pathname === '/transactions/tx')
  })

  it('behavior: Settings → Setup updates the v1.3.0 legacyL2 Safe to 1.4.1: #0 proposes the SafeMigration DELEGATECALL, #7 confirms, #0 executes from the queue', async () => {
    const { page } = e2e
    await connectDevnet(page, 0, url('/settings/setup', legacyL2))
    await expect
      .poll(() => page.getByTestId('setup-version-compare').textContent())
      .toMatch(/runs 1\.3\.0\+L2.*recommended.*1\.4\.1/)
    await page.getByTestId('setup-change-updateImplementation').click()
    const form = byTestId(page, 'settings-form')
    await expect
      .poll(() => form.getByTestId('settings-action-select').inputValue())
      .toBe('updateImplementation')
    await expect
      .poll(() => form.getByTestId('settings-update-note').textContent())
      .toMatch(/1\.4\.1 SafeL2 singleton and replaces the 1\.3\.0 CompatibilityFallbackHandler/)
    // A DELEGATECALL cannot join a MultiSendCallOnly batch.
    await form.getByTestId('tx-form-add-to-batch').click()
    await expect.poll(() => form.getByTestId('settings-error').textContent()).toMatch(/batch/)
    await form.getByTestId('tx-form-review').click()

    const review = byTestId(page, 'new-tx-review')
    await expect
      .poll(() => review.getByTestId('review-to').getAttribute('data-address'))
      .toBe(safeMigrationsV141.safeMigration)
    await expect.poll(() => review.getByTestId('review-operation').textContent()).toMatch(/DELEGATECALL/)
    await expect
      .poll(() => review.getByTestId('tx-method').first().textContent())
      .toBe('migrateL2WithFallbackHandler')
    await review.locator('[data-testid="simulation-status"]:has-text("Succeeds")').waitFor()
    await page.screenshot({ path: join(screenshotDir, 'setup-update-review.png'), fullPage: true })
    await review.getByTestId('sign-and-propose').click()
    await page.waitForURL((u) => u.pathname === '/transactions/tx')
    const id = new URL(page.url()).searchParams.get('id') ?? ''
    const safeTxHash = id.split('_')[2] as Hex

    // Owner #7 confirms from its own client (the gateway's confirmation route).
    const confirmed = await fetch(
      `${e2e.stack.url}/v1/chains/${chainId}/transactions/${safeTxHash}/confirmations`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signedSafeTxHash: await testAccount(7).sign({ hash: safeTxHash }) }),
      },
    )
    expect(confirmed.status, await confirmed.clone().text()).toBe(200)

    // Owner #0 executes it from the queue (verified against the chain first).
    await page.goto(url('/transactions/queue', legacyL2))
    const queued = page.locator(`[data-testid="queue-item"][data-tx-id="${id}"]`)
    await queued.getByTestId('execute-button').click()
    await queued.getByTestId('verification-ok').waitFor()
    await queued.getByTestId('send-execution').click()
    await queued.waitFor({ state: 'detached', timeout: 60_000 })
    await until(
      async () =>
        (await gateway<{ version: string }>(`/v1/chains/${chainId}/safes/${legacyL2}`)).version ===
        '1.4.1+L2',
      'the update to 1.4.1',
    )
    type Details = {
      txStatus: string
      txInfo: { type: string; settingsInfo?: { type: string; implementation?: { value: string } } }
    }
    const details = await gateway<Details>(`/v1/chains/${chainId}/transactions/${id}`)
    expect(details).toMatchObject({
      txStatus: 'SUCCESS',
      txInfo: {
        type: 'SettingsChange',
        settingsInfo: { type: 'CHANGE_IMPLEMENTATION', implementation: { value: safeV141.safeL2 } },
      },
    })

    await page.goto(url('/settings/setup', legacyL2))
    await page.locator('[data-testid="setup-version-compare"]:has-text("runs 1.4.1+L2")').waitFor()
    await expect(byTestId(page, 'setup-change-updateImplementation').count()).resolves.toBe(0)
  })

  it('behavior: an NFT from the NFT grid and a pasted-ABI contract call are decoded and simulated before signing', async () => {
    const { page } = e2e
    await connectDevnet(page, 0, url('/assets/nfts', solo))
    await page.locator('[data-testid="nft-item"][data-token-id="4"] [data-testid="nft-send"]').click()
    const nft = byTestId(page, 'send-nft-form')
    await nft.getByTestId('nft-recipient-input').fill(account(3))
    await nft.getByTestId('tx-form-review').click()
    let review = byTestId(page, 'new-tx-review')
    await expect.poll(() => review.getByTestId('tx-method').first().textContent()).toBe('safeTransferFrom')
    await review.locator('[data-testid="simulation-status"]:has-text("Succeeds")').waitFor()
    await review.getByTestId('review-back').click()

    await page.getByTestId('tx-kind-contract').click()
    const contract = byTestId(page, 'contract-call-form')
    await contract.getByTestId('contract-address-input').fill(usd)
    await contract.getByTestId('contract-abi-select').selectOption('custom')
    await contract
      .getByTestId('contract-abi-input')
      .fill('function approve(address spender, uint256 amount) returns (bool)')
    await contract.getByTestId('contract-arg-0-input').fill(account(3))
    await contract.getByTestId('contract-arg-1-input').fill('abc')
    await contract.getByTestId('tx-form-review').click()
    await expect
      .poll(() => contract.getByTestId('contract-arg-1-error').textContent())
      .toBe('Expected a whole number')
    await contract.getByTestId('contract-arg-1-input').fill('5000000')
    await contract.getByTestId('tx-form-review').click()
    review = byTestId(page, 'new-tx-review')
    await expect.poll(() => review.getByTestId('tx-method').first().textContent()).toBe('approve')
    await review.locator('[data-testid="simulation-status"]:has-text("Succeeds")').waitFor()
    expect(e2e.pageErrors).toEqual([])
  })

  it('behavior: a wallet that is not an owner is read-only in the flow', async () => {
    await connectDevnet(e2e.page, 5, url('/transactions/new', solo))
    await byTestId(e2e.page, 'read-only-notice').first().waitFor()
    await expect(byTestId(e2e.page, 'new-transaction').count()).resolves.toBe(0)
  })
})

describe('the gateway lies', () => {
  /** An owner's wallet whose requests are recorded: it must never be asked to sign. */
  async function connectRecordingOwner(path: string) {
    const wallet = await injectWallet(e2e.page, { privateKey: ACCOUNT_0_KEY, rpcUrl: e2e.stack.rpcUrl })
    await e2e.page.goto(path)
    await e2e.page.getByTestId('rk-connect-button').first().click()
    await e2e.page.getByTestId('rk-wallet-option-test.concord.e2e').click()
    await e2e.page
      .locator('[data-testid="connected-address"], [data-testid="rk-account-button"]')
      .first()
      .waitFor()
    return wallet
  }

  it('error: a queued transaction whose value was changed in transit is refused before signing', async () => {
    const proposal = await proposeAs(e2e.stack, {
      safe: treasury,
      call: { to: account(4), value: 10n ** 15n },
      signer: 1,
    })
    await e2e.page.route(`**/v1/chains/${chainId}/transactions/${proposal.id}`, async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.txData.value = (100n * 10n ** 18n).toString()
      await route.fulfill({ response, json: body })
    })
    const wallet = await connectRecordingOwner(url('/transactions/sign', treasury, `&id=${proposal.id}`))
    const alert = byTestId(e2e.page, 'verification-alert')
    await alert.waitFor()
    await expect.poll(() => alert.textContent()).toMatch(/is not the hash of the transaction shown/)
    await expect.poll(() => alert.textContent()).toMatch(/was not signed by it/)
    await expect.poll(() => byTestId(e2e.page, 'sign-refused').isDisabled()).toBe(true)
    await expect(byTestId(e2e.page, 'sign-queued').count()).resolves.toBe(0)
    await e2e.page.screenshot({ path: join(screenshotDir, 'sign-tampered-value.png'), fullPage: true })
    expect(wallet.requests).not.toContain('eth_signTypedData_v4')
  })

  it("error: a safeTxHash recomputed for the tampered transaction still fails: the signature is not the owner's", async () => {
    const proposal = await proposeAs(e2e.stack, {
      safe: treasury,
      call: { to: account(4), value: 10n ** 15n },
      signer: 1,
    })
    const forged = SafeTx.hash(
      SafeTx.from({ to: account(5), value: 10n ** 15n, nonce: BigInt(proposal.nonce) }),
      {
        chainId,
        address: treasury,
      },
    )
    await e2e.page.route(`**/v1/chains/${chainId}/transactions/${proposal.id}`, async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.txData.to = { value: account(5), name: null, logoUri: null }
      body.detailedExecutionInfo.safeTxHash = forged
      await route.fulfill({ response, json: body })
    })
    const wallet = await connectRecordingOwner(url('/transactions/sign', treasury, `&id=${proposal.id}`))
    const alert = byTestId(e2e.page, 'verification-alert')
    await alert.waitFor()
    await expect.poll(() => alert.textContent()).toMatch(/was not signed by it/)
    await expect.poll(() => alert.textContent()).toMatch(/names another transaction/)
    await expect(byTestId(e2e.page, 'sign-queued').count()).resolves.toBe(0)
    expect(wallet.requests).not.toContain('eth_signTypedData_v4')
  })

  it('behavior: the untampered transaction verifies and owner #0 confirms it on the same screen', async () => {
    const proposal = await proposeAs(e2e.stack, {
      safe: treasury,
      call: { to: account(4), value: 10n ** 15n },
      signer: 1,
    })
    const wallet = await connectRecordingOwner(url('/transactions/sign', treasury, `&id=${proposal.id}`))
    await byTestId(e2e.page, 'queued-tx-review').and(e2e.page.locator('[data-verified="true"]')).waitFor()
    await expect
      .poll(() => byTestId(e2e.page, 'review-confirmed-count').textContent())
      .toBe('1 of 2 required')
    await byTestId(e2e.page, 'sign-queued').click()
    await e2e.page.waitForURL((u) => u.pathname === '/transactions/tx')
    expect(wallet.requests).toContain('eth_signTypedData_v4')
    const details = await gateway<{ detailedExecutionInfo: { confirmations: unknown[] } }>(
      `/v1/chains/${chainId}/transactions/${proposal.id}`,
    )
    expect(details.detailedExecutionInfo.confirmations).toHaveLength(2)
  })

  it('error: a propose answer that is not the transaction signed is reported loudly and not opened', async () => {
    await e2e.page.route(`**/v1/chains/${chainId}/transactions/${solo}/propose`, async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.txData.value = '1'
      await route.fulfill({ response, json: body })
    })
    await connectDevnet(e2e.page, 0, url('/transactions/new', solo, '&kind=send'))
    await e2e.page.getByTestId('send-token-select').selectOption(usd.toLowerCase())
    await e2e.page.getByTestId('send-recipient-input').fill(account(3))
    await e2e.page.getByTestId('send-amount-input').fill('2')
    await e2e.page.getByTestId('send-token-form').getByTestId('tx-form-review').click()
    await e2e.page.getByTestId('sign-and-propose').click()
    const alert = byTestId(e2e.page, 'verification-alert')
    await alert.waitFor()
    await expect.poll(() => alert.textContent()).toMatch(/does not match the transaction you signed/)
    expect(new URL(e2e.page.url()).pathname).toBe('/transactions/new')
  })
})
