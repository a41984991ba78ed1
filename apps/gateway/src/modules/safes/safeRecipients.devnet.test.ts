// Whether a Safe has paid an address before, against the demo scenario's own record of what it executed
// (treasury: 1 ETH and 100 cUSD to #3; solo: 0.5 ETH to the treasury).
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'

const CHAIN = 31337
let devnet: Devnet
let gateway: Gateway
let treasury: Address
let solo: Address
const get = (path: string) => jsonRequest(gateway, 'GET', path)

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(createDevnetTestConfig(devnet))
  await gateway.indexers.get(CHAIN)?.sync()
  const safes = devnet.scenario?.safes
  if (!safes) throw new Error('no demo scenario')
  treasury = safes.treasury.address
  solo = safes.solo.address
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

describe('GET …/safes/{safe}/recipients/{address}', () => {
  it('default: a recipient the Safe paid (ETH and a token), one it paid in ETH only, one it never paid', async () => {
    const paid = await get(
      `/v1/chains/${CHAIN}/safes/${treasury}/recipients/${testAccount(3).address.toLowerCase()}`,
    )
    expect(paid.status).toBe(200)
    expect(paid.body).toEqual({
      address: testAccount(3).address,
      paidBefore: true,
      lastPaidAt: expect.any(Number),
    })
    const native = await get(`/v1/chains/${CHAIN}/safes/${solo}/recipients/${treasury}`)
    expect(native.body).toMatchObject({ paidBefore: true })
    const never = await get(`/v1/chains/${CHAIN}/safes/${treasury}/recipients/${testAccount(4).address}`)
    expect(never.body).toEqual({ address: testAccount(4).address, paidBefore: false, lastPaidAt: null })
    // Received from is not paid to: the treasury never sent anything to solo.
    expect((await get(`/v1/chains/${CHAIN}/safes/${treasury}/recipients/${solo}`)).body).toMatchObject({
      paidBefore: false,
    })
  })

  it('error: a malformed address is a 422, an unknown Safe a 404', async () => {
    const bad = await get(`/v1/chains/${CHAIN}/safes/${treasury}/recipients/0x1234`)
    expect(bad.status).toBe(422)
    expect(bad.body).toMatchObject({ code: 422, message: expect.any(String) })
    const unknown = await get(`/v1/chains/${CHAIN}/safes/${testAccount(9).address}/recipients/${treasury}`)
    expect(unknown.status).toBe(404)
  })
})
