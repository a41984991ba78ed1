// Every client and every Safe is bounded: writes and sign-ins per client (429 with Retry-After, another client
// unaffected), queued proposals per Safe, delegates per delegator, notification devices per owner and sessions
// per address (422 naming the limit, nothing stored). The stores are filled to the limit directly, then the
// next request goes through the real route.
import { randomUUID } from 'node:crypto'
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import * as SafeTx from '@concord/safe/SafeTx'
import { delegateTypedData, totp } from '@concord/safe/serviceRequests'
import { type Address, zeroAddress } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../createGateway.ts'
import {
  authSessions,
  delegates,
  notificationDevices,
  notificationSubscriptions,
  proposals,
} from '../db/schema.ts'
import { MAX_SESSIONS_PER_ADDRESS } from '../modules/auth/auth.repository.ts'
import { MAX_DELEGATES_PER_DELEGATOR } from '../modules/delegates/delegates.repository.ts'
import { MAX_DEVICES_PER_SIGNER } from '../modules/notifications/notifications.repository.ts'
import { registrationHash } from '../modules/notifications/registrationSignature.ts'
import { MAX_QUEUED_PER_SAFE } from '../modules/transactions/proposalChecks.ts'
import { createDevnetTestConfig } from '../testing/createTestConfig.ts'
import { proposalBody } from '../testing/proposalBody.ts'

const CHAIN = 31337
const [a0, a1, a5] = [0, 1, 5].map(testAccount) as [HDAccount, HDAccount, HDAccount]
let devnet: Devnet
let gateway: Gateway
const treasury = () => devnet.scenario?.safes.treasury.address as Address
const solo = () => devnet.scenario?.safes.solo.address as Address

/** A JSON request from `client` (its socket address as the server sees it). */
async function from(client: string, method: string, path: string, body?: unknown) {
  const res = await gateway.app.request(
    path,
    {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: client } } },
  )
  const text = await res.text()
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    retryAfter: res.headers.get('retry-after'),
  }
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(
    createDevnetTestConfig(devnet, {
      clientLimits: {
        writes: { capacity: 2, refillPerSecond: 0.01 },
        signIns: { capacity: MAX_SESSIONS_PER_ADDRESS + 2, refillPerSecond: 0.01 },
      },
    }),
  )
  await gateway.indexers.get(CHAIN)?.sync()
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

const nonceOf = async (safe: Address) =>
  Number((await from('x', 'GET', `/v1/chains/${CHAIN}/safes/${safe}`)).body.nonce)
const propose = async (client: string, safe: Address, nonce: number, value: bigint) =>
  from(
    client,
    'POST',
    `/v1/chains/${CHAIN}/transactions/${safe}/propose`,
    await proposalBody(
      SafeTx.from({ to: a5.address, value, nonce: BigInt(nonce) }),
      { chainId: CHAIN, address: safe },
      a0,
    ),
  )

describe('bounds per client and per Safe', () => {
  it('proposals and confirmations: a client past its budget gets 429 with Retry-After; another client does not', async () => {
    const nonce = await nonceOf(solo())
    expect((await propose('203.0.113.1', solo(), nonce, 1n)).status).toBe(200)
    expect((await propose('203.0.113.1', solo(), nonce, 2n)).status).toBe(200)
    expect(await propose('203.0.113.1', solo(), nonce, 3n)).toMatchObject({
      status: 429,
      body: {
        code: 429,
        message: expect.stringMatching(/^Too many requests: proposing and confirming is limited per client/),
      },
      retryAfter: expect.stringMatching(/^\d+$/),
    })
    expect((await propose('203.0.113.2', solo(), nonce, 4n)).status).toBe(200)
  })

  it(`a Safe's queue holds at most ${MAX_QUEUED_PER_SAFE} proposals; the next is refused and not stored`, async () => {
    const nonce = await nonceOf(treasury())
    const filler = Array.from({ length: MAX_QUEUED_PER_SAFE }, (_, i) => ({
      chainId: CHAIN,
      safe: treasury(),
      safeTxHash: `0x${(i + 1).toString(16).padStart(64, '0')}`,
      nonce: nonce + (i % 50),
      to: a5.address,
      value: String(i),
      data: '0x',
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      proposer: a0.address,
      trusted: true,
      submittedAt: Date.now(),
    }))
    await gateway.store.db.insert(proposals).values(filler)
    const refused = await propose('203.0.113.3', treasury(), nonce, 99n)
    expect(refused).toMatchObject({
      status: 422,
      body: {
        message: `The queue of this Safe holds ${MAX_QUEUED_PER_SAFE} transactions, the most allowed: execute or delete some first`,
      },
    })
  })

  it(`a delegator has at most ${MAX_DELEGATES_PER_DELEGATOR} delegates on a chain`, async () => {
    await gateway.store.db.insert(delegates).values(
      Array.from({ length: MAX_DELEGATES_PER_DELEGATOR }, (_, i) => ({
        chainId: CHAIN,
        safe: null,
        delegate: `0x${(i + 1).toString(16).padStart(40, '0')}`,
        delegator: a1.address,
        label: `bot ${i}`,
        expiresAt: null,
      })),
    )
    const delegate = testAccount(9).address
    const signature = await a1.signTypedData(delegateTypedData({ delegate, totp: totp(), chainId: CHAIN }))
    const res = await from('203.0.113.4', 'POST', `/v2/chains/${CHAIN}/delegates`, {
      delegate,
      delegator: a1.address,
      signature,
      label: 'one more',
    })
    expect(res).toMatchObject({
      status: 422,
      body: {
        message: `Delegator ${a1.address} has ${MAX_DELEGATES_PER_DELEGATOR} delegates on this chain, the most allowed: remove one first`,
      },
    })
  })

  it(`an owner's signature registers at most ${MAX_DEVICES_PER_SIGNER} devices for notifications`, async () => {
    const devices = Array.from({ length: MAX_DEVICES_PER_SIGNER }, () => randomUUID())
    await gateway.store.db.insert(notificationDevices).values(
      devices.map((uuid) => ({
        uuid,
        deviceType: 'WEB' as const,
        cloudMessagingToken: 't',
        buildNumber: '1',
        bundle: 'b',
        version: '1',
        createdAt: 0,
      })),
    )
    await gateway.store.db
      .insert(notificationSubscriptions)
      .values(devices.map((deviceUuid) => ({ deviceUuid, chainId: CHAIN, safe: solo(), signer: a0.address })))
    const uuid = randomUUID()
    const timestamp = String(Math.floor(Date.now() / 1000))
    const hash = registrationHash({ timestamp, uuid, cloudMessagingToken: 'web', safes: [solo()] })
    const res = await from('203.0.113.5', 'POST', '/v1/register/notifications', {
      uuid,
      cloudMessagingToken: 'web',
      buildNumber: '1',
      bundle: 'concord',
      deviceType: 'WEB',
      version: '1.0.0',
      timestamp,
      safeRegistrations: [
        {
          chainId: String(CHAIN),
          safes: [solo()],
          signatures: [await a0.signMessage({ message: { raw: hash } })],
        },
      ],
    })
    expect(res).toMatchObject({
      status: 422,
      body: {
        message: `${a0.address} has signed notifications for ${MAX_DEVICES_PER_SIGNER} devices, the most allowed: unregister one first`,
      },
    })
    const stored = await gateway.store.db.select().from(notificationDevices)
    expect(stored.some((d) => d.uuid === uuid)).toBe(false)
  })

  it(`sign-ins: an address keeps its ${MAX_SESSIONS_PER_ADDRESS} newest sessions; a client past its budget gets 429`, async () => {
    const signIn = async (client: string) => {
      const { nonce } = (await from(client, 'GET', '/v1/auth/nonce')).body as { nonce: string }
      const message = createSiweMessage({
        domain: 'localhost',
        address: a5.address,
        uri: 'http://localhost',
        version: '1',
        chainId: CHAIN,
        nonce,
        issuedAt: new Date(),
      })
      return from(client, 'POST', '/v1/auth/verify', {
        message,
        signature: await a5.signMessage({ message }),
      })
    }
    for (let i = 0; i < MAX_SESSIONS_PER_ADDRESS + 2; i++)
      expect((await signIn('203.0.113.6')).status).toBe(200)
    const sessions = await gateway.store.db.select().from(authSessions)
    expect(sessions.filter((s) => s.address === a5.address)).toHaveLength(MAX_SESSIONS_PER_ADDRESS)
    expect(await signIn('203.0.113.6')).toMatchObject({
      status: 429,
      body: { message: expect.stringMatching(/^Too many requests: signing in is limited per client/) },
    })
    expect((await signIn('203.0.113.7')).status).toBe(200)
  })
})
