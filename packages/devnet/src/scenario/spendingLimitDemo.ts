// The spending-limit demo: "Allowances (demo)", a v1.4.1 Safe owned by #0 alone, holding ETH and cUSD, whose
// first transaction (a MultiSend: enableModule, addDelegate #4, setAllowance) gives account #4, not an owner,
// 100 cUSD a day through the devnet's AllowanceModule. So a new user sees a spending limit on first start, as the
// owner (#0) and as the beneficiary (#4).
import { DEVNET_ALLOWANCE_MODULE, setSpendingLimitCalls } from '@concord/safe/allowanceModule'
import { erc20Abi } from '@concord/safe/contracts'
import { type Address, encodeFunctionData } from 'viem'
import { testAccount } from '../accounts.ts'
import type { DevnetClient } from '../client.ts'
import type { DemoAssets } from '../deploy/demoAssets.ts'
import type { DemoSafe } from './demo.ts'
import { createOwnedDemoSafe, runDemoSetup } from './setupDemoSafe.ts'

/** The allowance the demo sets: 100 cUSD (6 decimals) for #4, reset daily. */
export const DEMO_ALLOWANCE = { amount: 100n * 10n ** 6n, resetTimeMin: 24 * 60 } as const

export type SpendingLimitDemo = {
  safe: DemoSafe
  module: Address
  beneficiary: Address
  token: Address
}

export async function seedSpendingLimitDemo(
  client: DevnetClient,
  assets: DemoAssets,
): Promise<SpendingLimitDemo> {
  const owner = testAccount(0)
  const beneficiary = testAccount(4).address
  const created = await createOwnedDemoSafe(client, 26n)
  const safe = created.address
  await client.waitForTransactionReceipt({
    hash: await client.sendTransaction({
      account: owner.address,
      to: assets.usd,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [safe, 1_000n * 10n ** 6n] }),
    }),
  })
  const calls = setSpendingLimitCalls({
    safe,
    module: DEVNET_ALLOWANCE_MODULE,
    moduleEnabled: false,
    delegateAdded: false,
    delegate: beneficiary,
    token: assets.usd,
    ...DEMO_ALLOWANCE,
  })
  return {
    safe: await runDemoSetup(
      client,
      created,
      calls,
      'multiSend: enableModule, addDelegate #4, setAllowance 100 cUSD daily',
    ),
    module: DEVNET_ALLOWANCE_MODULE,
    beneficiary,
    token: assets.usd,
  }
}
