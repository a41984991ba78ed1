// The second devnet chain's demo, lighter than the first's: the demo tokens, and the treasury at the same address
// as on the first chain. Same factory, singleton, initializer (owners #0 and #1, threshold 1) and salt as
// seedDemoScenario's, so CREATE2 gives the same address; then #2 is added with threshold 2 as there, so the
// treasury has the same owners and threshold on both chains. It is funded with ETH and cUSD on this chain too.
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import { type Address, encodeFunctionData, parseEther } from 'viem'
import { testAccount } from '../accounts.ts'
import type { DevnetClient } from '../client.ts'
import type { DemoAssets } from '../deploy/demoAssets.ts'
import { createSafeWithHash, execSafeTxWithHash } from '../safeActions.ts'
import { DEMO_SAFE_NAMES, type DemoSafe } from './demo.ts'

/** What the second chain's demo holds. */
export type MultichainDemo = { safes: { treasury: DemoSafe } }

/** The treasury's creation on the first chain (seedDemoScenario): the same inputs give the same address. */
export const TREASURY_CREATION = { threshold: 1, saltNonce: 1n } as const

export async function seedMultichainDemo(client: DevnetClient, assets: DemoAssets): Promise<MultichainDemo> {
  const [a0, a1, a2] = [testAccount(0), testAccount(1), testAccount(2)]
  const sender = a0.address
  const { address, hash } = await createSafeWithHash(client, {
    owners: [a0.address, a1.address],
    ...TREASURY_CREATION,
    sender,
  })
  const addOwner = await execSafeTxWithHash(client, {
    safe: address,
    tx: {
      to: address,
      data: encodeFunctionData({
        abi: safeAbi,
        functionName: 'addOwnerWithThreshold',
        args: [a2.address, 2n],
      }),
    },
    signers: [a0],
    executor: sender,
  })
  const wait = async (hash: `0x${string}`) => client.waitForTransactionReceipt({ hash })
  await wait(await client.sendTransaction({ account: sender, to: address, value: parseEther('3') }))
  await wait(
    await client.writeContract({
      account: sender,
      address: assets.usd as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, 5_000n * 10n ** 6n],
    }),
  )
  const treasury: DemoSafe = {
    address,
    name: DEMO_SAFE_NAMES.treasury,
    // AddedOwner puts the new owner first, as on the first chain.
    owners: [a2.address, a0.address, a1.address],
    threshold: 2,
    version: '1.4.1',
    l2: true,
    creation: hash,
    executions: [{ description: 'addOwnerWithThreshold #2, threshold 2', ...addOwner, relayed: false }],
  }
  return { safes: { treasury } }
}
