import { testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import type { Page, Route } from 'playwright-core'
import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  toFunctionSelector,
  toHex,
} from 'viem'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { injectWallet } from './injectWallet.ts'
import { type LyingRpc, startLyingRpc } from './lyingRpc.ts'
import { proposeAs } from './safeTx.ts'
import { setupE2E } from './session.ts'

// A lying gateway, a lying RPC: the page's requests to the gateway pass through a tampering proxy (Playwright's
// network interception, in the browser's own network stack) that rewrites one thing per case. The demo "treasury"
// (2-of-3: accounts #0, #1, #2) has an ERC20 transfer proposed and confirmed by #1; account #0 opens it to confirm.
// Every case must end with the app refusing to sign or execute and saying why.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

const account = (index: number) => testAccount(index).address
let treasury: Address
let solo: Address
let usd: Address
let proposal: { id: string; safeTxHash: Hex; nonce: number }
let lyingRpc: LyingRpc | undefined

beforeAll(async () => {
  const { scenario, assets } = e2e.stack.devnet
  if (!scenario || !assets) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  solo = scenario.safes.solo.address
  usd = assets.usd
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account(4), 1_000_000n] })
  proposal = await proposeAs(e2e.stack, { safe: treasury, call: { to: usd, data }, signer: 1 })
})

afterEach(async () => {
  await lyingRpc?.close()
  lyingRpc = undefined
})

type Json = any

/** Rewrites every answer of the gateway whose path matches `path` (the tampering proxy). */
async function tamper(
  page: Page,
  path: RegExp,
  rewrite: (body: Json) => void | Promise<void>,
): Promise<void> {
  await page.route(
    (url) => path.test(url.pathname),
    async (route: Route) => {
      const response = await route.fetch()
      const body = await response.json()
      await rewrite(body)
      await route.fulfill({ response, json: body })
    },
  )
}

const detailsPath = () => new RegExp(`/v1/chains/\\d+/transactions/${proposal.id}$`)
const queueUrl = () => `${e2e.stack.url}/transactions/queue?safe=dev:${treasury}`
const item = (page: Page) => page.locator(`[data-testid="queue-item"][data-tx-id="${proposal.id}"]`)

/** Opens the proposal's confirm review as account #0 and returns the problems the app lists. */
async function refusedProblems(page: Page): Promise<string[]> {
  await connectDevnet(page, 0, queueUrl())
  await item(page).getByTestId('confirm-button').click()
  const review = item(page).locator('[data-testid="queued-tx-review"][data-verified="false"]')
  await review.waitFor()
  await expect.poll(() => review.getByTestId('sign-refused').isDisabled()).toBe(true)
  expect(await review.getByTestId('sign-queued').count()).toBe(0)
  return review.getByTestId('verification-problem').allTextContents()
}

/** The transaction the proxy invents in place of the proposal, with every hash made consistent with it. */
function consistentLie(body: Json, to: Address): void {
  const info = body.detailedExecutionInfo
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 1_000_000n] })
  const tx = SafeTx.from({ to: usd, data, nonce: BigInt(info.nonce) })
  const safeTxHash = SafeTx.hash(tx, { chainId: e2e.stack.devnet.chainId, address: treasury })
  body.txData.hexData = data
  body.txData.dataDecoded.parameters[0].value = to
  info.safeTxHash = safeTxHash
  body.txId = `multisig_${treasury}_${safeTxHash}`
}

const HASH_MISMATCH = /is not the hash of the transaction shown/

/** One rewrite of the queued transaction's details per case, and what the app must say. */
const detailCases: [string, (body: Json) => void | Promise<void>, RegExp][] = [
  [
    'its to',
    (b) => {
      b.txData.to.value = account(5)
    },
    HASH_MISMATCH,
  ],
  [
    'its value',
    (b) => {
      b.txData.value = (10n ** 18n).toString()
    },
    HASH_MISMATCH,
  ],
  [
    'its data (and the decoded view with it)',
    (b) => {
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account(5), 1_000_000n],
      })
      b.txData.hexData = data
      b.txData.dataDecoded.parameters[0].value = account(5)
    },
    HASH_MISMATCH,
  ],
  [
    'its operation (DELEGATECALL)',
    (b) => {
      b.txData.operation = 1
    },
    HASH_MISMATCH,
  ],
  [
    'its safeTxGas',
    (b) => {
      b.detailedExecutionInfo.safeTxGas = '150000'
    },
    HASH_MISMATCH,
  ],
  [
    'its gas price and refund receiver',
    (b) => {
      b.detailedExecutionInfo.gasPrice = '1000000000'
      b.detailedExecutionInfo.refundReceiver = { value: account(5) }
    },
    HASH_MISMATCH,
  ],
  [
    'its nonce',
    (b) => {
      b.detailedExecutionInfo.nonce += 1
    },
    HASH_MISMATCH,
  ],
  [
    'another recipient with every hash recomputed (the confirmation no longer fits)',
    (b) => consistentLie(b, account(5)),
    new RegExp(`confirmation said to be from ${account(1)} was not signed by it`),
  ],
  [
    'an invented confirmation by owner #2',
    async (b) => {
      const signature = await testAccount(5).sign({ hash: proposal.safeTxHash })
      b.detailedExecutionInfo.confirmations.push({ signer: { value: account(2) }, signature, submittedAt: 1 })
    },
    new RegExp(`confirmation said to be from ${account(2)} was not signed by it`),
  ],
  [
    'a confirmation by someone who is not an owner',
    async (b) => {
      const signature = await testAccount(5).sign({ hash: proposal.safeTxHash })
      b.detailedExecutionInfo.confirmations.push({ signer: { value: account(5) }, signature, submittedAt: 1 })
    },
    new RegExp(`${account(5)} confirmed but is not an owner`),
  ],
  [
    'a lower threshold',
    (b) => {
      b.detailedExecutionInfo.confirmationsRequired = 1
    },
    /The gateway says 1 confirmations are required; the Safe on chain requires 2/,
  ],
  [
    'a decoded view that disagrees with the data',
    (b) => {
      b.txData.dataDecoded.parameters[1].value = '1'
    },
    /The decoder shows a value of value that is not in the calldata/,
  ],
  [
    'the transaction of another Safe',
    (b) => {
      b.safeAddress = solo
    },
    /The gateway answered with a transaction of another Safe/,
  ],
]

describe('a lying gateway: the queued transaction', () => {
  it.each(detailCases)('error: the gateway rewrites %s: signing is refused', async (_, rewrite, expected) => {
    await tamper(e2e.page, detailsPath(), rewrite)
    const problems = await refusedProblems(e2e.page)
    expect(problems.join('\n')).toMatch(expected)
  })

  it('error: a lower threshold also stops the execution, with the reason', async () => {
    await tamper(e2e.page, detailsPath(), (b) => {
      b.detailedExecutionInfo.confirmationsRequired = 1
    })
    await connectDevnet(e2e.page, 0, queueUrl())
    await item(e2e.page).getByTestId('execute-button').click()
    const alarm = item(e2e.page).getByTestId('verification-failed')
    await alarm.waitFor()
    await expect.poll(() => alarm.textContent()).toMatch(/the Safe on chain requires 2/)
    expect(await item(e2e.page).getByTestId('send-execution').count()).toBe(0)
  })
})

describe('a lying gateway: the Safe and the chain', () => {
  it("error: the Safe's owner list names the connected wallet: the chain's list decides, signing is refused", async () => {
    await tamper(e2e.page, new RegExp(`/v1/chains/\\d+/safes/${treasury}$`), (b) => {
      b.owners.push({ value: account(5) })
      b.threshold = 1
    })
    await connectDevnet(e2e.page, 5, queueUrl())
    await item(e2e.page).getByTestId('confirm-button').click()
    const review = item(e2e.page).getByTestId('queued-tx-review')
    await review.waitFor()
    await expect.poll(() => review.getByTestId('read-only-notice').textContent()).toMatch(/not an owner/)
    await expect.poll(() => review.getByTestId('sign-queued').isDisabled()).toBe(true)
  })

  it("error: the chain's RPC URL points at a node that lies about the owners: the wallet's own node disagrees, signing stops", async () => {
    // The lying node adds account #5 to the treasury's owners.
    const getOwners = toFunctionSelector('getOwners()')
    const owners = [account(0), account(1), account(2), account(5)]
    lyingRpc = await startLyingRpc(e2e.stack.rpcUrl, ({ to, data }) =>
      to === treasury.toLowerCase() && data.startsWith(getOwners)
        ? encodeAbiParameters([{ type: 'address[]' }], [owners])
        : undefined,
    )
    const lie = lyingRpc.url
    await tamper(e2e.page, /\/v1\/chains(\/\d+)?$/, (b) => {
      for (const chain of Array.isArray(b.results) ? b.results : [b]) {
        chain.rpcUri = { authentication: 'NO_AUTHENTICATION', value: lie }
        chain.publicRpcUri = { authentication: 'NO_AUTHENTICATION', value: lie }
      }
    })
    // The gateway tells the same lie, so the queue offers #5 a confirmation.
    await tamper(e2e.page, new RegExp(`/v1/chains/\\d+/safes/${treasury}$`), (b) => {
      b.owners = owners.map((value) => ({ value }))
    })
    // A browser wallet (account #5) that reads through its own node: the real devnet.
    const privateKey = toHex(testAccount(5).getHdKey().privateKey ?? new Uint8Array())
    await injectWallet(e2e.page, { privateKey, rpcUrl: e2e.stack.rpcUrl })
    await e2e.page.goto(queueUrl())
    await e2e.page.getByTestId('rk-connect-button').click()
    await e2e.page.getByTestId('rk-wallet-option-test.concord.e2e').click()
    await e2e.page.getByTestId('rk-account-button').waitFor()

    // What reads through the configured RPC believes the lie; the check through the wallet's node does not.
    await item(e2e.page).getByTestId('confirm-button').click()
    const refusal = item(e2e.page).getByRole('alert')
    await expect
      .poll(() => refusal.allTextContents().then((texts) => texts.join(' ')))
      .toMatch(/configured RPC and your wallet's own node disagree about this Safe's owners: signing stops/)
    expect(await item(e2e.page).getByTestId('sign-queued').count()).toBe(0)
    // The oracle: the Safe itself says #5 is no owner.
    const onChain = await e2e.stack.devnet.client.readContract({
      address: treasury,
      abi: safeAbi,
      functionName: 'getOwners',
    })
    expect(onChain).not.toContain(account(5))
  })
})
