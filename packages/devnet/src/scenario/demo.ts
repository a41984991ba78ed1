// The demo scenario shared by `npm start` and the tests. Same inputs every run, so the same addresses:
//  - "treasury": created 1-of-2 (accounts #0, #1), then made 2-of-3 by adding #2 with threshold 2,
//    then an ETH transfer and a cUSD transfer to account #3, each signed by two owners.
//  - "solo": 1-of-1 (account #0), sends 0.5 ETH to the treasury.
// Both hold ETH, both demo tokens and demo collectibles.
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import { type Address, encodeFunctionData, type Hash, parseEther } from 'viem'
import { testAccount } from '../accounts.ts'
import type { DevnetClient } from '../client.ts'
import { type DemoAssets, demoCollectibleAbi } from '../deploy/demoAssets.ts'
import { createSafe, execSafeTx } from '../safeActions.ts'

export type DemoSafe = { address: Address; owners: Address[]; threshold: number }

export type DemoScenario = {
  safes: { treasury: DemoSafe; solo: DemoSafe }
  /** Recipient of the treasury's outgoing transfers. */
  recipient: Address
  /** Token ids of the demo collectible held by each Safe. */
  collectibles: { treasury: bigint[]; solo: bigint[] }
  executed: Hash[]
}

export async function seedDemoScenario(client: DevnetClient, assets: DemoAssets): Promise<DemoScenario> {
  const [a0, a1, a2, a3] = [0, 1, 2, 3].map(testAccount) as [
    ReturnType<typeof testAccount>,
    ReturnType<typeof testAccount>,
    ReturnType<typeof testAccount>,
    ReturnType<typeof testAccount>,
  ]
  const sender = a0.address
  const send = async (to: Address, value: bigint) =>
    client.waitForTransactionReceipt({ hash: await client.sendTransaction({ account: sender, to, value }) })
  const transferToken = async (token: Address, to: Address, amount: bigint) =>
    client.waitForTransactionReceipt({
      hash: await client.writeContract({
        account: sender,
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, amount],
      }),
    })
  const mintCollectible = async (to: Address) => {
    await client.waitForTransactionReceipt({
      hash: await client.writeContract({
        account: sender,
        address: assets.collectible,
        abi: demoCollectibleAbi,
        functionName: 'mint',
        args: [to],
      }),
    })
  }

  const treasury = await createSafe(client, {
    owners: [a0.address, a1.address],
    threshold: 1,
    saltNonce: 1n,
    sender,
  })
  const solo = await createSafe(client, { owners: [a0.address], threshold: 1, saltNonce: 2n, sender })

  await send(treasury, parseEther('10'))
  await send(solo, parseEther('2'))
  await transferToken(assets.usd, treasury, 25_000n * 10n ** 6n)
  await transferToken(assets.gov, treasury, 1_000n * 10n ** 18n)
  await transferToken(assets.gov, solo, 500n * 10n ** 18n)
  for (const to of [treasury, treasury, treasury, solo, solo]) await mintCollectible(to)

  const executed: Hash[] = []
  executed.push(
    await execSafeTx(client, {
      safe: treasury,
      tx: {
        to: treasury,
        data: encodeFunctionData({
          abi: safeAbi,
          functionName: 'addOwnerWithThreshold',
          args: [a2.address, 2n],
        }),
      },
      signers: [a0],
      executor: sender,
    }),
  )
  executed.push(
    await execSafeTx(client, {
      safe: treasury,
      tx: { to: a3.address, value: parseEther('1') },
      signers: [a0, a1],
      executor: sender,
    }),
  )
  executed.push(
    await execSafeTx(client, {
      safe: treasury,
      tx: {
        to: assets.usd,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [a3.address, 100n * 10n ** 6n],
        }),
      },
      signers: [a0, a2],
      executor: sender,
    }),
  )
  executed.push(
    await execSafeTx(client, {
      safe: solo,
      tx: { to: treasury, value: parseEther('0.5') },
      signers: [a0],
      executor: sender,
    }),
  )

  return {
    safes: {
      // AddedOwner appends at the head of the owner list: the contract's order is [#2, #0, #1].
      treasury: { address: treasury, owners: [a2.address, a0.address, a1.address], threshold: 2 },
      solo: { address: solo, owners: [a0.address], threshold: 1 },
    },
    recipient: a3.address,
    collectibles: { treasury: [1n, 2n, 3n], solo: [4n, 5n] },
    executed,
  }
}
