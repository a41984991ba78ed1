import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import { type Address, encodeAbiParameters, keccak256, parseAbiParameters, toHex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Settings → Proposers: account #0, the owner of the 1-of-1 "solo", adds account #9 as a proposer and removes it.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let solo: Address

/** EIP712Domain(string name,string version,uint256 chainId) of the Safe Transaction Service's requests. */
const serviceDomainHash = () =>
  keccak256(
    encodeAbiParameters(parseAbiParameters('bytes32, bytes32, bytes32, uint256'), [
      keccak256(toHex('EIP712Domain(string name,string version,uint256 chainId)')),
      keccak256(toHex('Safe Transaction Service')),
      keccak256(toHex('1.0')),
      BigInt(e2e.stack.devnet.chainId),
    ]),
  )
const delegateHash = (delegate: Address, totp: number) =>
  keccak256(
    encodeAbiParameters(parseAbiParameters('bytes32, address, uint256'), [
      keccak256(toHex('Delegate(address delegateAddress,uint256 totp)')),
      delegate,
      BigInt(totp),
    ]),
  )

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
    // What the device will show for the Delegate request, as the Transaction Service defines it, by hand.
    const hour = Math.floor(Date.now() / 3_600_000)
    await expect
      .poll(() => page.getByTestId('add-proposer-domain-hash').textContent())
      .toBe(serviceDomainHash())
    expect([hour, hour - 1].map((t) => delegateHash(proposer, t))).toContain(
      await page.getByTestId('add-proposer-message-hash').textContent(),
    )
    await page.getByTestId('add-proposer-submit').click()

    const row = page.locator(`[data-testid="proposer-row"][data-delegate="${proposer}"]`)
    await row.waitFor()
    await row.locator('[data-testid="proposer-label"]:text-is("Ops bot")').waitFor()
    await page.getByTestId('add-proposer-address').and(page.locator('[value=""]')).waitFor()
    await page.screenshot({ path: join(screenshotDir, 'settings-proposers.png'), fullPage: true })

    // Removing asks for a signature too: first what the device will show, then the signature.
    await row.getByTestId('proposer-remove').click()
    await expect
      .poll(() => row.getByTestId('proposer-remove-domain-hash').textContent())
      .toBe(serviceDomainHash())
    await row.getByTestId('proposer-remove-message-hash').waitFor()
    await row.getByTestId('proposer-remove-sign').click()
    await row.waitFor({ state: 'detached' })
    await page.getByText('No proposers').waitFor()
  })
})
