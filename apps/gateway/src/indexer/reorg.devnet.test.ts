// Reorgs at several depths: a live index follows a branch, the chain switches to another branch forked below
// it, and after the indexer catches up every table must equal a fresh index of the new chain (the way the
// crash test compares them). Both branches create Safes, move tokens and change owners, so the rollback of the
// Safes they touch (their state put back from undo records) is exercised on every version the demo holds.
import { createSafe, type Devnet, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import { type Address, encodeFunctionData, parseEther } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainConfigSchema } from '../config/chainConfig.ts'
import { devnetChainConfig } from '../config/devnetChain.ts'
import { createDatabase, type Store } from '../db/createDatabase.ts'
import { indexerCursors } from '../db/schema.ts'
import { dumpIndex } from '../testing/dumpIndex.ts'
import { createIndexer, type Indexer } from './createIndexer.ts'

const [a0, a3, a4, a5] = [0, 3, 4, 5].map(testAccount) as [HDAccount, HDAccount, HDAccount, HDAccount]

let devnet: Devnet
let live: Store
let liveIndexer: Indexer
const stores: Store[] = []
let salt = 1_000n

const chain = () => chainConfigSchema.parse(devnetChainConfig(devnet))

const demoSafes = () => Object.values(devnet.scenario?.safes ?? {}).map((s) => s.address as Address)

/** Test accounts that own `safe`, as many as its threshold asks for. */
async function signersOf(safe: Address): Promise<HDAccount[]> {
  const read = <F extends 'getOwners' | 'getThreshold'>(functionName: F) =>
    devnet.client.readContract({ address: safe, abi: safeAbi, functionName })
  const [owners, threshold] = await Promise.all([read('getOwners'), read('getThreshold')])
  const accounts = Array.from({ length: 10 }, (_, i) => testAccount(i) as HDAccount)
  return accounts.filter((a) => owners.includes(a.address)).slice(0, Number(threshold))
}

/**
 * `blocks` blocks of Safe activity (one transaction each): executions on every demo Safe, a new Safe, token
 * transfers into it and an owner added; `variant` makes the two branches differ.
 */
async function activity(blocks: number, variant: 'old' | 'new') {
  const { client } = devnet
  const safes = demoSafes()
  const steps: (() => Promise<unknown>)[] = [
    async () =>
      createSafe(client, {
        owners: [a4.address, variant === 'old' ? a5.address : a3.address],
        threshold: 1,
        saltNonce: salt++,
        sender: a0.address,
      }),
    // The new branch leaves the first Safe alone: only the rollback puts it back (creator and salt included).
    ...safes.slice(variant === 'old' ? 0 : 1).map(
      (safe) => async () =>
        execSafeTx(client, {
          safe,
          tx: { to: a3.address, value: variant === 'old' ? 1n : 2n },
          signers: await signersOf(safe),
          executor: a0.address,
        }),
    ),
    async () =>
      client.waitForTransactionReceipt({
        hash: await client.writeContract({
          account: a0.address,
          address: devnet.assets!.usd,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [safes[1] as Address, variant === 'old' ? 7n : 9n],
        }),
      }),
    async () =>
      execSafeTx(client, {
        safe: safes[1] as Address,
        tx: {
          to: safes[1] as Address,
          data: encodeFunctionData({
            abi: safeAbi,
            functionName: 'addOwnerWithThreshold',
            args: [variant === 'old' ? a4.address : a5.address, 1n],
          }),
        },
        signers: await signersOf(safes[1] as Address),
        executor: a0.address,
      }),
  ]
  for (let i = 0; i < blocks; i++) await (steps[i % steps.length] as () => Promise<unknown>)()
}

async function freshIndex(): Promise<Store> {
  const store = await createDatabase({ databaseUrl: 'pglite:memory' })
  stores.push(store)
  await createIndexer(store.db, chain()).sync()
  return store
}

const dataVersion = async () => {
  const [row] = await live.db.select({ version: indexerCursors.dataVersion }).from(indexerCursors)
  return row?.version as number
}

/** Everything but `blocks`, whose rows depend on where each sync's windows ended. */
async function comparable(store: Store) {
  const { blocks: _, ...rest } = await dumpIndex(store)
  return rest
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  // Both branches spend ETH from every demo Safe.
  for (const safe of demoSafes())
    await devnet.client.waitForTransactionReceipt({
      hash: await devnet.client.sendTransaction({ account: a0.address, to: safe, value: parseEther('1') }),
    })
  live = await createDatabase({ databaseUrl: 'pglite:memory' })
  stores.push(live)
  liveIndexer = createIndexer(live.db, chain())
  await liveIndexer.sync()
})
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()))
  await devnet?.stop()
})

describe('reorgs', () => {
  it.each([1, 4, 10])(
    'a reorg %i blocks deep ends equal to a fresh index of the new chain',
    async (depth) => {
      const { client } = devnet
      const snapshot = await client.snapshot()
      await activity(depth, 'old')
      await liveIndexer.sync()
      const onOldBranch = await dumpIndex(live)

      const rollbacks = await dataVersion()
      await client.revert({ id: snapshot })
      await activity(depth + 1, 'new') // the new branch is longer: the node switches to it
      await liveIndexer.sync()
      // Rolled back from its undo records (each rollback bumps the version), not started over (a new cursor).
      expect(await dataVersion()).toBe(rollbacks + 1)

      const [after, reference] = [await comparable(live), await comparable(await freshIndex())]
      // The old branch really was indexed, and differs from the new one.
      expect(onOldBranch.cursor.blockHash).not.toBe(reference.cursor.blockHash)
      expect(onOldBranch.safes).not.toEqual(reference.safes)
      expect(reference.safes.length).toBeGreaterThanOrEqual(demoSafes().length)
      for (const name of Object.keys(reference) as (keyof typeof reference)[])
        expect({ [name]: after[name] }).toEqual({ [name]: reference[name] })
    },
  )
})
