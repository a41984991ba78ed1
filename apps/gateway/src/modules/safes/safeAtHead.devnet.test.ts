// A Safe the index has not reached answers at once from the chain: SafeInfo and nonces read at the head, equal
// to what the index says once it has caught up, and to what the Safe contract itself answers.
import { createSafe, type Devnet, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'

const CHAIN = 31337
let devnet: Devnet
let gateway: Gateway
const get = (path: string) => jsonRequest(gateway, 'GET', path)
const withoutTags = ({
  collectiblesTag,
  txQueuedTag,
  txHistoryTag,
  messagesTag,
  ...rest
}: Record<string, unknown>) => rest

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  // Nothing is indexed: the gateway's indexer runs only when the test asks.
  gateway = await createGateway(createDevnetTestConfig(devnet))
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

describe('Safe info before the index has it', () => {
  it('every demo Safe answers from the chain, equal to the indexed answer later', async () => {
    const safes = Object.values(devnet.scenario?.safes ?? {}).map((s) => s.address as Address)
    expect(safes.length).toBeGreaterThanOrEqual(4)
    const early = new Map<Address, Record<string, unknown>>()
    for (const safe of safes) {
      const res = await get(`/v1/chains/${CHAIN}/safes/${safe}`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body).toMatchObject({ txHistoryTag: null, collectiblesTag: null })
      // The Safe contract is the oracle.
      const read = <F extends 'getOwners' | 'getThreshold' | 'nonce'>(functionName: F) =>
        devnet.client.readContract({ address: safe, abi: safeAbi, functionName } as never)
      expect(res.body.owners.map((o: { value: string }) => o.value)).toEqual(await read('getOwners'))
      expect(res.body.threshold).toBe(Number(await read('getThreshold')))
      expect(res.body.nonce).toBe(Number(await read('nonce')))
      early.set(safe, res.body)
      const nonces = await get(`/v1/chains/${CHAIN}/safes/${safe}/nonces`)
      expect(nonces.body).toEqual({ currentNonce: res.body.nonce, recommendedNonce: res.body.nonce })
    }
    await gateway.indexers.get(CHAIN)?.sync()
    for (const safe of safes) {
      const indexed = (await get(`/v1/chains/${CHAIN}/safes/${safe}`)).body
      expect(indexed.txHistoryTag).not.toBeNull()
      expect(withoutTags(early.get(safe) ?? {})).toEqual(withoutTags(indexed))
    }
  })

  it('a Safe created after the last sync answers at once, with its version', async () => {
    const owner = testAccount(4)
    const address = await createSafe(devnet.client, {
      owners: [owner.address],
      threshold: 1,
      saltNonce: 77n,
      sender: testAccount(0).address,
    })
    const res = await get(`/v1/chains/${CHAIN}/safes/${address}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      owners: [{ value: owner.address }],
      threshold: 1,
      nonce: 0,
      version: '1.4.1+L2',
      implementationVersionState: 'UP_TO_DATE',
      txHistoryTag: null,
    })
  })

  it('error: an account or a contract that is not a Safe is 404', async () => {
    const eoa = testAccount(7).address
    expect(await get(`/v1/chains/${CHAIN}/safes/${eoa}`)).toMatchObject({
      status: 404,
      body: { code: 404, message: expect.stringMatching(/^No Safe at/) },
    })
    const token = devnet.assets?.usd as Address
    expect((await get(`/v1/chains/${CHAIN}/safes/${token}`)).status).toBe(404)
    expect((await get(`/v1/chains/${CHAIN}/safes/${token}/nonces`)).status).toBe(404)
  })
})
