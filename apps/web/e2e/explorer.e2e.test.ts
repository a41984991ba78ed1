import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { screenshotDir, setupE2E } from './session.ts'

// The devnet has no block explorer, so its chain names Concord's own explorer pages: they must render for any
// address and transaction of the chain.

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(15_000),
})

let chainId: string
let treasury: string
let templates: { address: string; txHash: string }

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(e2e.stack.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

/** The newest transaction on the chain (the demo scenario sent plenty). */
async function someTransaction(): Promise<{ hash: string; from: string }> {
  let number = Number.parseInt(await rpc<string>('eth_blockNumber', []), 16)
  for (; number > 0; number--) {
    const block = await rpc<{ transactions: { hash: string; from: string }[] }>('eth_getBlockByNumber', [
      `0x${number.toString(16)}`,
      true,
    ])
    const tx = block.transactions[0]
    if (tx) return tx
  }
  throw new Error('no transaction on the devnet')
}

beforeAll(async () => {
  const scenario = e2e.stack.devnet.scenario
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  chainId = String(e2e.stack.devnet.chainId)
  const chain = (await (await fetch(`${e2e.stack.url}/v1/chains/${chainId}`)).json()) as {
    blockExplorerUriTemplate: { address: string; txHash: string }
  }
  templates = chain.blockExplorerUriTemplate
})

const fill = (template: string, key: 'address' | 'txHash', value: string) =>
  template.replace(`{{${key}}}`, value)

describe("Concord's explorer pages", () => {
  it('default: the devnet chain names them in its blockExplorerUriTemplate', () => {
    expect(templates.address).toBe(`${e2e.stack.url}/explorer/${chainId}/address/{{address}}`)
    expect(templates.txHash).toBe(`${e2e.stack.url}/explorer/${chainId}/tx/{{txHash}}`)
  })

  it('behavior: a Safe’s address page says it is a Safe and opens it', async () => {
    const page = e2e.page
    await page.goto(fill(templates.address, 'address', treasury))
    await page.locator('[data-testid="explorer-kind"]:text-is("Safe")').waitFor()
    await expect.poll(() => page.getByTestId('explorer-balance').textContent()).toMatch(/ETH$/)
    await page.screenshot({ path: join(screenshotDir, 'explorer-address.png') })
    await page.getByTestId('explorer-safe').getByRole('link').click()
    await page.waitForURL((url) => url.searchParams.get('safe') === `dev:${treasury}`)
  })

  it('behavior: an owner’s address page lists the Safes it owns', async () => {
    const page = e2e.page
    await page.goto(fill(templates.address, 'address', ACCOUNT_0.toLowerCase()))
    await page.locator('[data-testid="explorer-kind"]:text-is("Account")').waitFor()
    await page.getByTestId('explorer-owner-of').getByText(treasury).waitFor()
  })

  it('behavior: a transaction page shows its receipt and links its sender', async () => {
    const page = e2e.page
    const tx = await someTransaction()
    await page.goto(fill(templates.txHash, 'txHash', tx.hash))
    await page.locator('[data-testid="explorer-status"]:text-matches("Success|Reverted")').waitFor()
    await expect.poll(() => page.getByTestId('explorer-block').textContent()).toMatch(/^\d+$/)
    await page.screenshot({ path: join(screenshotDir, 'explorer-tx.png') })
    await page.getByTestId('explorer-from').getByRole('link').click()
    await page.waitForURL(
      (url) => url.pathname.toLowerCase() === `/explorer/${chainId}/address/${tx.from}`.toLowerCase(),
    )
    await page.getByTestId('explorer-address').waitFor()
  })

  it('behavior: the chain list (Settings → Chains) shows the index as synced, with the figures /health reports', async () => {
    const page = e2e.page
    await page.goto(`${e2e.stack.url}/settings/chains`)
    await page.locator(`[data-testid="indexing-${chainId}"]:text-is("Synced")`).waitFor()
    const indexing = (await (await fetch(`${e2e.stack.url}/v1/chains/${chainId}/about/indexing`)).json()) as {
      erc20BlockNumber: number
      currentBlockNumber: number
    }
    const health = (await (await fetch(`${e2e.stack.url}/health`)).json()) as {
      chains: { chainId: number; indexedBlockNumber: number; currentBlockNumber: number; synced: boolean }[]
    }
    expect(health.chains).toEqual([
      expect.objectContaining({
        chainId: Number(chainId),
        synced: true,
        indexedBlockNumber: indexing.erc20BlockNumber,
        currentBlockNumber: indexing.currentBlockNumber,
      }),
    ])
  })

  it('error: an unknown transaction answers a readable error, not a blank page', async () => {
    const page = e2e.page
    await page.goto(fill(templates.txHash, 'txHash', `0x${'ab'.repeat(32)}`))
    await page.getByText('Could not read this transaction').waitFor()
  })
})
