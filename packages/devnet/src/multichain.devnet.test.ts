import { safeAbi } from '@concord/safe/contracts'
import { type Address, createPublicClient, getAddress, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testAccount } from './accounts.ts'
import { SECOND_DEVNET_CHAIN_ID } from './client.ts'
import { createSafe } from './safeActions.ts'
import { type Devnet, startDevnet } from './startDevnet.ts'
import { type SecondDevnet, startSecondDevnet } from './startSecondDevnet.ts'

// Two anvil chains side by side, as `npm start` runs them. The oracle is each chain's node, read through its own
// client: its chain id, and the Safe contract's getOwners/getThreshold at the address.
describe('two devnet chains', () => {
  let first: Devnet
  let second: SecondDevnet
  beforeAll(async () => {
    ;[first, second] = await Promise.all([startDevnet({ port: 0 }), startSecondDevnet({ port: 0 })])
  }, 120_000)
  afterAll(async () => {
    await first?.stop()
    await second?.stop()
  })

  const node = (devnet: Devnet) => createPublicClient({ transport: http(devnet.rpcUrl) })
  const readSafe = async (devnet: Devnet, address: Address) => {
    const client = node(devnet)
    const [owners, threshold, code] = await Promise.all([
      client.readContract({ address, abi: safeAbi, functionName: 'getOwners' }),
      client.readContract({ address, abi: safeAbi, functionName: 'getThreshold' }),
      client.getCode({ address }),
    ])
    return { owners, threshold, hasCode: Boolean(code && code !== '0x') }
  }

  it('default: the chains answer different chain ids, with the same test accounts funded', async () => {
    expect(await node(first).getChainId()).toBe(31337)
    expect(await node(second).getChainId()).toBe(SECOND_DEVNET_CHAIN_ID)
    for (const devnet of [first, second])
      expect(await node(devnet).getBalance({ address: testAccount(5).address })).toBeGreaterThan(
        parseEther('1000'),
      )
  })

  it('default: the same Safe setup creates the same address on both chains, with its owners and threshold on each', async () => {
    const setup = {
      owners: [testAccount(3).address, testAccount(4).address],
      threshold: 2,
      saltNonce: 2_600_026n,
    }
    const [onFirst, onSecond] = await Promise.all([
      createSafe(first.client, { ...setup, sender: testAccount(3).address }),
      createSafe(second.client, { ...setup, sender: testAccount(4).address }),
    ])
    expect(getAddress(onSecond)).toBe(getAddress(onFirst))
    for (const devnet of [first, second]) {
      const safe = await readSafe(devnet, onFirst)
      expect(safe.hasCode).toBe(true)
      expect(safe.owners).toEqual(setup.owners)
      expect(safe.threshold).toBe(2n)
    }
  })

  it('default: the demo treasury sits at the same address on both chains, 2 of the same 3 owners', async () => {
    const treasury = first.scenario?.safes.treasury.address as Address
    expect(second.multichain?.safes.treasury.address).toBe(treasury)
    const [a, b] = await Promise.all([readSafe(first, treasury), readSafe(second, treasury)])
    expect(b.hasCode).toBe(true)
    expect(b.owners).toEqual(a.owners)
    expect(b.threshold).toBe(a.threshold)
    expect(a.owners).toEqual([2, 0, 1].map((i) => testAccount(i).address))
    expect(await node(second).getBalance({ address: treasury })).toBe(parseEther('3'))
  })

  it('behavior: a Safe created on one chain only has no code at its address on the other', async () => {
    const setup = { owners: [testAccount(5).address], threshold: 1, saltNonce: 77n }
    const address = await createSafe(first.client, { ...setup, sender: testAccount(5).address })
    expect(await node(second).getCode({ address })).toBeUndefined()
  })
})
