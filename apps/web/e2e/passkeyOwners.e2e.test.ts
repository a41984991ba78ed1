import { join } from 'node:path'
import { createSafe, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import type { Page } from 'playwright-core'
import { type Address, getAddress, type Hex, hashMessage, parseAbi, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { proposeAs, safeInfo, until } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Passkey owners in Chromium with the DevTools virtual authenticator (a CTAP2 platform authenticator that verifies
// its user). Account #0, sole owner of a fresh Safe, adds this device's passkey as owner from Settings → Setup
// (threshold 2): the passkey is created, the owner change proposed, signed and executed from the queue. Then #0
// proposes a transfer, the passkey confirms it from the queue ("Confirm with passkey"), and #0 executes it; #0
// starts a Safe message and the passkey signs it.
// Oracles: the Safe's getOwners, nonce, the recipient's balance and the Safe's isValidSignature, read from the chain.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

const account = (index: number) => testAccount(index).address
let safe: Address

beforeAll(async () => {
  const { client } = e2e.stack.devnet
  safe = await createSafe(client, {
    owners: [account(0)],
    threshold: 1,
    saltNonce: 2626n,
    sender: account(0),
  })
  await client.waitForTransactionReceipt({
    hash: await client.sendTransaction({ account: account(0), to: safe, value: parseEther('1') }),
  })
  await until(async () => (await safeInfo(e2e.stack, safe)).threshold === 1, 'the Safe indexed', 30_000)
})

// WebAuthn needs a domain as its relying party id: the app is opened as localhost, not 127.0.0.1.
const base = () => e2e.stack.url.replace('127.0.0.1', 'localhost')
const safeUrl = (path: string) => `${base()}${path}?safe=dev:${safe}`
const readChain = <T>(functionName: 'getOwners' | 'nonce' | 'getThreshold') =>
  e2e.stack.devnet.client.readContract({ address: safe, abi: safeAbi, functionName }) as Promise<T>

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  /** The passkeys the authenticator holds, as DevTools reports them. */
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
}

/** Executes the first queued transaction from the queue page (the connected wallet sends it). */
async function executeFirst(page: Page) {
  await page.goto(safeUrl('/transactions/queue'))
  const first = page.getByTestId('queue-item').first()
  await first.getByTestId('execute-button').click()
  await first.getByTestId('verification-ok').waitFor()
  await first.getByTestId('send-execution').click()
  await first.waitFor({ state: 'detached', timeout: 60_000 })
}

describe('passkey owners', () => {
  it('default: an owner adds this device passkey as owner; the passkey confirms a transaction the Safe executes and signs a message', async () => {
    const page = e2e.page
    const { client } = e2e.stack.devnet
    const credentials = await addVirtualAuthenticator(page)
    await connectDevnet(page, 0, safeUrl('/settings/setup'))

    // Settings → Setup: create the passkey, then review, sign and propose the owner change (threshold 2).
    const section = page.getByTestId('passkey-owners')
    await section.getByTestId('add-passkey-owner').click()
    await section.getByTestId('passkey-threshold').fill('2')
    await section.getByTestId('create-passkey').click()
    const item = section.getByTestId('passkey-item')
    await item.waitFor()
    const signer = getAddress((await item.getAttribute('data-signer')) as string)
    // The authenticator holds one resident passkey, under a random 16-byte user handle (not one from its name).
    const held = await credentials()
    expect(held).toHaveLength(1)
    expect(Buffer.from(held[0]?.userHandle ?? '', 'base64')).toHaveLength(16)
    await expect.poll(() => item.getByTestId('passkey-status').textContent()).toBe('Not an owner yet')
    const review = section.getByTestId('passkey-owner-review')
    await review.getByTestId('sign-and-propose').click()
    await page.getByTestId('passkey-owner-proposed').waitFor()
    await page.screenshot({ path: join(screenshotDir, 'passkey-owner-proposed.png') })

    // #0 executes the owner change: the chain lists the passkey's signer as owner, threshold 2.
    await executeFirst(page)
    expect(await readChain<Address[]>('getOwners')).toContain(signer)
    expect(await readChain<bigint>('getThreshold')).toBe(2n)
    await page.goto(safeUrl('/settings/setup'))
    await expect(
      page
        .getByTestId('passkey-item')
        .getByTestId('passkey-status')
        .filter({ hasText: 'Owner' })
        .textContent(),
    ).resolves.toBe('Owner')

    // #0 proposes a transfer; the passkey confirms it in the queue, after a review of what it signs.
    const recipient = account(4)
    const before = await client.getBalance({ address: recipient })
    const proposal = await proposeAs(e2e.stack, { safe, call: { to: recipient, value: 4242n }, signer: 0 })
    await page.goto(safeUrl('/transactions/queue'))
    const row = page.locator(`[data-testid="queue-item"][data-tx-id="${proposal.id}"]`)
    await expect.poll(() => row.getByTestId('queue-confirmations').textContent()).toBe('1 of 2 confirmations')
    await row.getByTestId('confirm-with-passkey').click()
    const challenge = row.getByTestId('passkey-challenge-hash')
    await expect.poll(() => challenge.textContent()).toBe(proposal.safeTxHash)
    await page.screenshot({ path: join(screenshotDir, 'passkey-confirm-review.png') })
    await row.getByTestId('external-sign').click()
    await row.getByTestId('queue-confirmations').filter({ hasText: '2 of 2 confirmations' }).waitFor()

    // #0 executes with the passkey's contract signature: the Safe accepted it on chain.
    await executeFirst(page)
    expect(await readChain<bigint>('nonce')).toBe(2n)
    expect((await client.getBalance({ address: recipient })) - before).toBe(4242n)

    // A message: #0 starts and signs it, the passkey signs it too; the Safe accepts the prepared signature.
    const text = 'Passkeys sign Safe messages too'
    await page.goto(safeUrl('/messages'))
    await page.getByTestId('new-message-kind-text').check()
    await page.getByTestId('new-message-text').fill(text)
    await page.getByTestId('new-message-submit').click()
    const message = page.getByTestId('message-item').first()
    await message.getByTestId('message-confirmations').filter({ hasText: '1/2' }).waitFor()
    await message.getByTestId('message-row').click()
    await message.getByTestId('sign-message-with-passkey').click()
    await message.getByTestId('passkey-challenge-hash').waitFor()
    await message.getByTestId('passkey-sign-message').click()
    await message.getByTestId('message-status').filter({ hasText: 'Confirmed' }).waitFor()
    const prepared = (await message.getByTestId('prepared-signature').getAttribute('data-signature')) as Hex
    const magic = await client.readContract({
      address: safe,
      abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
      functionName: 'isValidSignature',
      args: [hashMessage(text), prepared],
    })
    expect(magic).toBe('0x1626ba7e')

    // This browser forgets its passkeys (site data cleared): Setup says which owner is a passkey it no longer
    // knows, rather than silently offering nothing.
    await page.evaluate(() => localStorage.removeItem('concord.passkeys'))
    await page.goto(safeUrl('/settings/setup'))
    await page.locator(`[data-testid="passkey-unknown-owner"][data-signer="${signer}"]`).waitFor()
    await expect.poll(() => page.getByTestId('passkey-unknown-owner').count()).toBe(1)
  })
})
