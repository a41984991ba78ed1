// Notifications on the devnet: owners register browsers for the demo Safes (signatures checked against the
// chain's owners), bad registrations are refused with nothing stored, a proposal through the real route
// reaches the device's feed, devices unregister, and signed-in owners switch event types off.
import { randomUUID } from 'node:crypto'
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { type Address, encodeFunctionData, type Hex } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { notificationDevices, notificationSubscriptions } from '../../db/schema.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'
import { proposalBody } from '../../testing/proposalBody.ts'
import { sessionRequest, signIn } from '../../testing/signIn.ts'
import { registrationHash } from './registrationSignature.ts'

const CHAIN = 31337
const [owner, stranger, coOwner] = [0, 4, 1].map(testAccount) as [HDAccount, HDAccount, HDAccount]
let devnet: Devnet
let gateway: Gateway
const safes = () => devnet.scenario?.safes as NonNullable<Devnet['scenario']>['safes']
const solo = () => safes().solo.address as Address
const treasury = () => safes().treasury.address as Address

const request = (method: string, path: string, body?: unknown) => jsonRequest(gateway, method, path, body)
const now = () => String(Math.floor(Date.now() / 1000))

/** A registration body for `safes` on the devnet, signed (WEB: personal_sign over the raw hash) by `signers`. */
async function registration(p: {
  safes: string[]
  signers: HDAccount[]
  uuid?: string
  timestamp?: string
  deviceType?: 'WEB' | 'ANDROID'
}) {
  const uuid = p.uuid ?? randomUUID()
  const timestamp = p.timestamp ?? now()
  const cloudMessagingToken = 'concord-web'
  const hash = registrationHash({ timestamp, uuid, cloudMessagingToken, safes: p.safes })
  const deviceType = p.deviceType ?? 'WEB'
  const signatures = await Promise.all(
    p.signers.map((s) =>
      deviceType === 'WEB' ? s.signMessage({ message: { raw: hash } }) : s.sign({ hash }),
    ),
  )
  return {
    uuid,
    cloudMessagingToken,
    buildNumber: '1',
    bundle: 'concord',
    deviceType,
    version: '1.0.0',
    timestamp,
    safeRegistrations: [{ chainId: String(CHAIN), safes: p.safes, signatures }],
  }
}
const register = (body: unknown) => request('POST', '/v1/register/notifications', body)
const feed = (uuid: string) => request('GET', `/v1/notifications/devices/${uuid}/events`)
const stored = async () => ({
  devices: (await gateway.store.db.select().from(notificationDevices)).length,
  subscriptions: (await gateway.store.db.select().from(notificationSubscriptions)).length,
})

async function propose(safe: Address, signer: HDAccount, call?: { to: Address; data: Hex }) {
  const nonce = (await request('GET', `/v1/chains/${CHAIN}/safes/${safe}/nonces`)).body.recommendedNonce
  const tx = SafeTx.from({ ...(call ?? { to: stranger.address, value: 1n }), nonce: BigInt(nonce) })
  const body = await proposalBody(tx, { chainId: CHAIN, address: safe }, signer)
  const answer = await request('POST', `/v1/chains/${CHAIN}/transactions/${safe}/propose`, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return body.safeTxHash
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(createDevnetTestConfig(devnet))
  await gateway.indexers.get(CHAIN)?.sync()
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

describe('POST /v1/register/notifications', () => {
  it('error: unsigned, signed by a non-owner, over other Safes, expired, bad uuid, unknown chain or Safe: nothing stored', async () => {
    const unsigned = await registration({ safes: [solo()], signers: [] })
    expect(await register(unsigned)).toMatchObject({
      status: 422,
      body: { code: 422, message: expect.stringMatching(/not signed/) },
    })
    expect(await register(await registration({ safes: [solo()], signers: [stranger] }))).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(`No signature of an owner of the Safe ${solo()}`) },
    })
    // One Safe of two backed by an owner is not enough: the whole registration is refused.
    expect(
      await register(await registration({ safes: [solo(), treasury()], signers: [stranger, coOwner] })),
    ).toMatchObject({ status: 422, body: { message: expect.stringMatching(solo()) } })
    // The owner signed for solo; the body claims the treasury too.
    const signedForSolo = await registration({ safes: [solo()], signers: [owner] })
    signedForSolo.safeRegistrations[0]?.safes.push(treasury())
    expect((await register(signedForSolo)).status).toBe(422)
    const old = String(Math.floor(Date.now() / 1000) - 600)
    expect(
      await register(await registration({ safes: [solo()], signers: [owner], timestamp: old })),
    ).toMatchObject({ status: 400, body: { code: 400, message: 'The signature is expired!' } })
    expect(
      await register(await registration({ safes: [solo()], signers: [owner], uuid: 'not-a-uuid' })),
    ).toMatchObject({ status: 422, body: { message: expect.stringMatching(/Invalid UUID/) } })
    const otherChain = await registration({ safes: [solo()], signers: [owner] })
    ;(otherChain.safeRegistrations[0] as { chainId: string }).chainId = '5'
    expect((await register(otherChain)).status).toBe(404)
    expect((await register(await registration({ safes: [stranger.address], signers: [owner] }))).status).toBe(
      404,
    )
    const tooMany = await registration({ safes: Array(51).fill(solo()), signers: [owner] })
    expect((await register(tooMany)).status).toBe(422)
    expect(await stored()).toEqual({ devices: 0, subscriptions: 0 })
  })

  it('default: an owner registers a browser; a proposal reaches its feed; it marks the feed read', async () => {
    const body = await registration({ safes: [solo(), treasury()], signers: [owner] })
    const answer = await register(body)
    expect(answer).toEqual({ status: 200, body: null })
    // What happened before (the indexed demo history) is in the feed, already read.
    expect(await feed(body.uuid)).toMatchObject({ status: 200, body: { unread: 0 } })

    const safeTxHash = await propose(solo(), owner)
    // solo is 1-of-1: proposed, confirmed by the proposer, ready to execute.
    await vi.waitFor(async () => expect((await feed(body.uuid)).body.unread).toBe(3), { timeout: 10_000 })
    const { body: page } = await feed(body.uuid)
    const latest = page.results.slice(0, 3)
    expect(latest.map((e: { type: string }) => e.type)).toEqual([
      'READY_TO_EXECUTE',
      'NEW_CONFIRMATION',
      'PENDING_MULTISIG_TRANSACTION',
    ])
    expect(latest[2]).toMatchObject({
      chainId: String(CHAIN),
      address: solo(),
      safeTxHash,
      createdAt: expect.any(Number),
    })
    expect(latest[1]).toMatchObject({ owner: owner.address, safeTxHash })

    // A device that does not follow solo sees nothing of it.
    const other = await registration({ safes: [treasury()], signers: [coOwner] })
    expect((await register(other)).status).toBe(200)
    const theirs = (await feed(other.uuid)).body
    expect(theirs.unread).toBe(0)
    expect(theirs.results.filter((e: { address: string }) => e.address !== treasury())).toEqual([])

    const newest = page.results[0].id as number
    expect(
      await request('POST', `/v1/notifications/devices/${body.uuid}/read`, { upTo: newest - 1 }),
    ).toEqual({ status: 200, body: { unread: 1 } })
    expect(await request('POST', `/v1/notifications/devices/${body.uuid}/read`, { upTo: 1e12 })).toEqual({
      status: 200,
      body: { unread: 0 },
    })
    // The read mark never goes back.
    await request('POST', `/v1/notifications/devices/${body.uuid}/read`, { upTo: 0 })
    expect((await feed(body.uuid)).body.unread).toBe(0)
  })

  it("behavior: a proposal's event carries its risk checks (the feed and webhooks show the same body)", async () => {
    const body = await registration({ safes: [solo()], signers: [owner] })
    expect((await register(body)).status).toBe(200)
    const data = encodeFunctionData({
      abi: safeAbi,
      functionName: 'addOwnerWithThreshold',
      args: [stranger.address, 1n],
    })
    const safeTxHash = await propose(solo(), owner, { to: solo(), data })
    let event: { risks?: unknown[] } | undefined
    await vi.waitFor(
      async () => {
        const { results } = (await feed(body.uuid)).body
        event = results.find(
          (e: { type: string; safeTxHash?: string }) =>
            e.type === 'PENDING_MULTISIG_TRANSACTION' && e.safeTxHash === safeTxHash,
        )
        expect(event).toBeDefined()
      },
      { timeout: 10_000 },
    )
    expect(event?.risks).toEqual([
      {
        kind: 'safe-settings',
        level: 'high',
        title: 'Changes who controls the Safe: adds an owner (addOwnerWithThreshold)',
        why: expect.any(String),
      },
    ])
    // A plain payment carries none.
    const plain = await propose(solo(), owner)
    await vi.waitFor(
      async () => {
        const { results } = (await feed(body.uuid)).body
        const found = results.find(
          (e: { type: string; safeTxHash?: string }) =>
            e.type === 'PENDING_MULTISIG_TRANSACTION' && e.safeTxHash === plain,
        )
        expect(found?.risks).toEqual([])
      },
      { timeout: 10_000 },
    )
  })

  it('behavior: a mobile registration replaces the device’s Safes; a browser’s adds to them', async () => {
    const uuid = randomUUID()
    const mobile = (safes: string[]) => registration({ uuid, safes, signers: [owner], deviceType: 'ANDROID' })
    expect((await register(await mobile([solo(), treasury()]))).status).toBe(200)
    expect((await register(await mobile([treasury()]))).status).toBe(200)
    const subs = await gateway.store.db.select().from(notificationSubscriptions)
    expect(subs.filter((s) => s.deviceUuid === uuid)).toEqual([
      { deviceUuid: uuid, chainId: CHAIN, safe: treasury(), signer: owner.address },
    ])
  })
})

describe('unregister', () => {
  it('default: one Safe, then the whole device; the feed of an unknown device is a 404', async () => {
    const body = await registration({ safes: [solo(), treasury()], signers: [owner] })
    expect((await register(body)).status).toBe(200)
    const base = `/v1/chains/${CHAIN}/notifications/devices/${body.uuid}`
    expect(await request('DELETE', `${base}/safes/${solo().toLowerCase()}`)).toEqual({
      status: 200,
      body: null,
    })
    const subs = await gateway.store.db.select().from(notificationSubscriptions)
    expect(subs.filter((s) => s.deviceUuid === body.uuid).map((s) => s.safe)).toEqual([treasury()])
    expect(await request('DELETE', base)).toEqual({ status: 200, body: null })
    expect(await feed(body.uuid)).toMatchObject({ status: 404, body: { message: 'Device not registered' } })
    // Again: nothing left to delete is not an error.
    expect((await request('DELETE', base)).status).toBe(200)
  })

  it('error: a uuid that is not a UUID, an address that is not one', async () => {
    expect(
      (await request('DELETE', `/v1/chains/${CHAIN}/notifications/devices/123/safes/${solo()}`)).status,
    ).toBe(422)
    expect((await request('DELETE', `/v1/chains/${CHAIN}/notifications/devices/123`)).status).toBe(422)
    expect(
      (await request('DELETE', `/v1/chains/${CHAIN}/notifications/devices/${randomUUID()}/safes/0x12`))
        .status,
    ).toBe(422)
    expect((await request('GET', '/v1/notifications/devices/123/events')).status).toBe(422)
  })
})

describe('preferences', () => {
  const prefs = () => `/v1/chains/${CHAIN}/safes/${solo()}/notifications/preferences`
  const put = (cookie: string | undefined, disabledTypes: unknown) =>
    sessionRequest(gateway, 'PUT', prefs(), { cookie, body: { disabledTypes } })

  it('error: a change needs a signed-in owner of the Safe; a type that does not exist; nothing stored', async () => {
    expect(await put(undefined, ['NEW_CONFIRMATION'])).toMatchObject({
      status: 401,
      body: { code: 401, message: 'Sign in with Ethereum first' },
    })
    expect(await put(await signIn(gateway, stranger), ['NEW_CONFIRMATION'])).toMatchObject({
      status: 403,
      body: { code: 403, message: `${stranger.address} is not an owner of the Safe ${solo()}` },
    })
    const cookie = await signIn(gateway, owner)
    expect((await put(cookie, ['NOPE'])).status).toBe(422)
    expect((await put(cookie, ['NEW_CONFIRMATION', 'NEW_CONFIRMATION'])).status).toBe(422)
    expect(await request('GET', prefs())).toEqual({
      status: 200,
      body: {
        eventTypes: [
          'PENDING_MULTISIG_TRANSACTION',
          'NEW_CONFIRMATION',
          'READY_TO_EXECUTE',
          'EXECUTED_MULTISIG_TRANSACTION',
          'INCOMING_ETHER',
          'INCOMING_TOKEN',
          'MESSAGE_CREATED',
          'MESSAGE_CONFIRMED',
          'RECOVERY_PROPOSED',
        ],
        disabledTypes: [],
        updatedBy: null,
        updatedAt: null,
      },
    })
  })

  it('default: an owner switches types off; they are no longer stored for the Safe', async () => {
    const heard: string[] = []
    const unsubscribe = gateway.changes.subscribe((c) => {
      if (c.type === 'TEAM_DATA_UPDATED') heard.push(`${c.what} ${c.address}`)
    })
    const answer = await put(await signIn(gateway, owner), ['READY_TO_EXECUTE', 'NEW_CONFIRMATION'])
    expect(answer).toMatchObject({
      status: 200,
      // In the canonical order, whatever the order sent.
      body: { disabledTypes: ['NEW_CONFIRMATION', 'READY_TO_EXECUTE'], updatedBy: owner.address },
    })
    await vi.waitFor(() => expect(heard).toEqual([`notifications ${solo()}`]))
    unsubscribe()

    const device = await registration({ safes: [solo()], signers: [owner] })
    expect((await register(device)).status).toBe(200)
    const safeTxHash = await propose(solo(), owner)
    await vi.waitFor(async () => expect((await feed(device.uuid)).body.unread).toBe(1), { timeout: 10_000 })
    // Give the (switched-off) confirmation and ready events time to be stored, were they not skipped.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const { body } = await feed(device.uuid)
    expect(body.unread).toBe(1)
    expect(body.results[0]).toMatchObject({ type: 'PENDING_MULTISIG_TRANSACTION', safeTxHash })
  })
})
