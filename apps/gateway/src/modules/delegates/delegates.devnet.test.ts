// Delegates on the devnet: an owner adds a delegate with the EIP-712 Delegate signature, the delegate proposes
// (and cannot confirm), and the delegate removes itself. Bad signatures, non-owners and expired dates are refused
// and store nothing.
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import * as SafeTx from '@concord/safe/SafeTx'
import { delegateTypedData, deleteDelegateTypedData, totp } from '@concord/safe/serviceRequests'
import type { Address } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'
import { proposalBody } from '../../testing/proposalBody.ts'

const CHAIN = 31337
const [owner, other, bot] = [0, 1, 9].map(testAccount) as [HDAccount, HDAccount, HDAccount]
let devnet: Devnet
let gateway: Gateway
const solo = () => devnet.scenario?.safes.solo.address as Address
const treasury = () => devnet.scenario?.safes.treasury.address as Address

const request = (method: string, path: string, body?: unknown) => jsonRequest(gateway, method, path, body)
const sign = (signer: HDAccount, delegate: Address, hour = totp()) =>
  signer.signTypedData(delegateTypedData({ delegate, totp: hour, chainId: CHAIN }))
const list = async (query: string) => (await request('GET', `/v2/chains/${CHAIN}/delegates?${query}`)).body

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(createDevnetTestConfig(devnet))
  await gateway.indexers.get(CHAIN)?.sync()
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

describe('delegates', () => {
  it('refuses a signature from someone else, a delegator who is not an owner, a past expiry, and no filter', async () => {
    const add = (body: Record<string, unknown>) => request('POST', `/v2/chains/${CHAIN}/delegates`, body)
    const base = { safe: solo(), delegate: bot.address, delegator: owner.address, label: 'bot' }
    expect(await add({ ...base, signature: await sign(other, bot.address) })).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/delegator must sign/) },
    })
    expect(
      await add({ ...base, delegator: other.address, signature: await sign(other, bot.address) }),
    ).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/not an owner of the Safe/) },
    })
    expect(
      await add({ ...base, expiryDate: '2000-01-01T00:00:00Z', signature: await sign(owner, bot.address) }),
    ).toMatchObject({ status: 422, body: { message: 'expiryDate must be in the future' } })
    expect(await list(`delegate=${bot.address}`)).toMatchObject({ count: 0, results: [] })
    expect(await request('GET', `/v2/chains/${CHAIN}/delegates`)).toMatchObject({
      status: 422,
      body: { code: 422, message: 'At least one property is required' },
    })
  })

  it('an owner adds a delegate (last hour’s signature too), who proposes but cannot confirm', async () => {
    const added = await request('POST', `/v2/chains/${CHAIN}/delegates`, {
      safe: solo(),
      delegate: bot.address,
      delegator: owner.address,
      label: 'Treasury bot',
      signature: await sign(owner, bot.address, totp() - 1),
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(await list(`safe=${solo()}`)).toMatchObject({
      count: 1,
      results: [{ safe: solo(), delegate: bot.address, delegator: owner.address, label: 'Treasury bot' }],
    })
    expect(
      (await request('GET', `/v1/chains/${CHAIN}/delegates?delegator=${owner.address}`)).body.count,
    ).toBe(1)

    const nonce = (await request('GET', `/v1/chains/${CHAIN}/safes/${solo()}`)).body.nonce as number
    const tx = SafeTx.from({ to: other.address, value: 1n, nonce: BigInt(nonce) })
    const body = await proposalBody(tx, { chainId: CHAIN, address: solo() }, bot)
    const proposed = await request('POST', `/v1/chains/${CHAIN}/transactions/${solo()}/propose`, body)
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200)
    expect(proposed.body.detailedExecutionInfo).toMatchObject({
      proposer: { value: owner.address },
      proposedByDelegate: { value: bot.address },
      confirmations: [],
    })
  })

  it('the delegate removes itself with a DeleteDelegate for the Safe; a replayed add signature, a stranger or another Safe cannot', async () => {
    const signRemoval = (signer: HDAccount, safe: Address) =>
      signer.signTypedData(
        deleteDelegateTypedData({ delegate: bot.address, safe, totp: totp(), chainId: CHAIN }),
      )
    const remove = (signature: string) =>
      request('DELETE', `/v2/chains/${CHAIN}/delegates/${bot.address}`, { safe: solo(), signature })
    const refused = {
      status: 422,
      body: {
        message:
          'Invalid signature: the delegator or the delegate must sign DeleteDelegate{delegateAddress, safe, totp} for this Safe',
      },
    }
    // The signature that added it, seen by anyone, replayed to take it away.
    expect(await remove(await sign(owner, bot.address))).toMatchObject(refused)
    expect(await remove(await signRemoval(other, solo()))).toMatchObject(refused)
    expect(await remove(await signRemoval(bot, treasury()))).toMatchObject(refused)
    expect((await list(`delegate=${bot.address}`)).count).toBe(1)
    expect((await remove(await signRemoval(bot, solo()))).status).toBe(200)
    expect((await list(`delegate=${bot.address}`)).count).toBe(0)
    expect((await remove(await signRemoval(bot, solo()))).status).toBe(404)
  })
})
