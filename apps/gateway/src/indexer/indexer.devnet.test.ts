import { type Devnet, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi, safeV141 } from '@concord/safe/contracts'
import { encodeFunctionData, getAddress, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../createGateway.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'

let devnet: Devnet
let gateway: Gateway
const SENTINEL = '0x0000000000000000000000000000000000000001'
const [a0, a1, a2, a3, a4] = [0, 1, 2, 3, 4].map(testAccount)
const get = async (path: string): Promise<any> => (await gateway.app.request(path)).json()
const sync = () => gateway.indexers.get(31337)!.sync()

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(
    createTestConfig({ chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: [devnet.rpcUrl] }] }),
  )
  await sync()
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

const treasury = () => devnet.scenario!.safes.treasury.address
const selfCall = (data: Hex) =>
  execSafeTx(devnet.client, {
    safe: treasury(),
    tx: { to: treasury(), data },
    signers: [a0!, a1!],
    executor: a0!.address,
  })

describe('indexer + safes routes on the demo scenario', () => {
  it('GET /v1/chains/{chainId}/safes/{address}: the 2-of-3 treasury', async () => {
    const safe = await get(`/v1/chains/31337/safes/${treasury()}`)
    expect(safe).toMatchObject({
      address: { value: treasury(), name: null, logoUri: null },
      chainId: '31337',
      nonce: 3,
      threshold: 2,
      owners: [a2, a0, a1].map((a) => ({ value: a!.address, name: null, logoUri: null })),
      implementation: { value: safeV141.safeL2 },
      implementationVersionState: 'UP_TO_DATE',
      version: '1.4.1+L2',
      modules: null,
      guard: null,
      fallbackHandler: { value: safeV141.compatibilityFallbackHandler },
      txQueuedTag: null,
    })
    expect(Number(safe.txHistoryTag)).toBeGreaterThan(1_600_000_000)
    // The treasury holds NFTs 1-3: the tag is the time of the newest NFT movement.
    expect(Number(safe.collectiblesTag)).toBeGreaterThan(1_600_000_000)
  })

  it('args: a lower-case address is accepted and answered checksummed', async () => {
    const safe = await get(`/v1/chains/31337/safes/${treasury().toLowerCase()}`)
    expect(safe.address.value).toBe(treasury())
  })

  it('GET …/nonces and GET /owners/{address}/safes', async () => {
    expect(await get(`/v1/chains/31337/safes/${treasury()}/nonces`)).toEqual({
      currentNonce: 3,
      recommendedNonce: 3,
    })
    const { solo } = devnet.scenario!.safes
    expect(await get(`/v1/chains/31337/safes/${solo.address}/nonces`)).toEqual({
      currentNonce: 1,
      recommendedNonce: 1,
    })
    const own0 = await get(`/v1/chains/31337/owners/${a0!.address}/safes`)
    // #0 owns all four demo Safes (v1.4.1 treasury and solo, v1.3.0 legacyL2 and mainnet).
    const demoSafes = Object.values(devnet.scenario!.safes).map((safe) => safe.address)
    expect(own0.safes.sort()).toEqual(demoSafes.sort())
    expect(await get(`/v1/chains/31337/owners/${a2!.address}/safes`)).toEqual({ safes: [treasury()] })
    expect(await get(`/v1/chains/31337/owners/${a4!.address}/safes`)).toEqual({ safes: [] })
  })

  it('error: malformed address 422, unknown Safe 404, unknown chain 404', async () => {
    const bad = await gateway.app.request('/v1/chains/31337/safes/0x1234')
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ code: 422, message: expect.stringMatching(/Invalid address/) })
    const missing = await gateway.app.request(`/v1/chains/31337/safes/${a4!.address}`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as any).message).toMatch(/No Safe at/)
    expect((await gateway.app.request(`/v1/chains/1/safes/${treasury()}`)).status).toBe(404)
  })

  it('behavior: owner swap keeps the position, module and fallback handler changes, owner removal', async () => {
    // swap #0 (position 1) for #3
    await selfCall(
      encodeFunctionData({
        abi: safeAbi,
        functionName: 'swapOwner',
        args: [a2!.address, a0!.address, a3!.address],
      }),
    )
    const module = getAddress('0x000000000000000000000000000000000000beef')
    await execSafeTx(devnet.client, {
      safe: treasury(),
      tx: {
        to: treasury(),
        data: encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [module] }),
      },
      signers: [a1!, a3!],
      executor: a0!.address,
    })
    await execSafeTx(devnet.client, {
      safe: treasury(),
      tx: {
        to: treasury(),
        data: encodeFunctionData({
          abi: safeAbi,
          functionName: 'setFallbackHandler',
          args: [SENTINEL.replace('1', '2') as Hex],
        }),
      },
      signers: [a1!, a3!],
      executor: a0!.address,
    })
    await sync()
    let safe = await get(`/v1/chains/31337/safes/${treasury()}`)
    expect(safe.owners.map((o: { value: string }) => o.value)).toEqual([
      a2!.address,
      a3!.address,
      a1!.address,
    ])
    expect(safe.modules).toEqual([{ value: module, name: null, logoUri: null }])
    expect(safe.fallbackHandler.value).toBe(getAddress('0x0000000000000000000000000000000000000002'))
    expect(safe.nonce).toBe(6)

    await execSafeTx(devnet.client, {
      safe: treasury(),
      tx: {
        to: treasury(),
        data: encodeFunctionData({
          abi: safeAbi,
          functionName: 'removeOwner',
          args: [a2!.address, a3!.address, 1n],
        }),
      },
      signers: [a1!, a3!],
      executor: a0!.address,
    })
    await sync()
    safe = await get(`/v1/chains/31337/safes/${treasury()}`)
    expect(safe.owners.map((o: { value: string }) => o.value)).toEqual([a2!.address, a1!.address])
    expect(safe.threshold).toBe(1)
    expect(await get(`/v1/chains/31337/owners/${a3!.address}/safes`)).toEqual({ safes: [] })
  })

  it('behavior: a reorg replaces the indexed state with the new chain', async () => {
    const before = await get(`/v1/chains/31337/safes/${treasury()}`)
    const snapshot = await devnet.client.snapshot()
    await execSafeTx(devnet.client, {
      safe: treasury(),
      tx: {
        to: treasury(),
        data: encodeFunctionData({
          abi: safeAbi,
          functionName: 'addOwnerWithThreshold',
          args: [a4!.address, 2n],
        }),
      },
      signers: [a1!],
      executor: a0!.address,
    })
    await sync()
    expect((await get(`/v1/chains/31337/safes/${treasury()}`)).threshold).toBe(2)

    await devnet.client.revert({ id: snapshot })
    await devnet.client.mine({ blocks: 3 }) // a different, longer chain without that transaction
    await sync()
    const after = await get(`/v1/chains/31337/safes/${treasury()}`)
    expect(after.owners).toEqual(before.owners)
    expect(after.threshold).toBe(before.threshold)
    expect(after.nonce).toBe(before.nonce)
    expect(await get(`/v1/chains/31337/owners/${a4!.address}/safes`)).toEqual({ safes: [] })
  })
})
