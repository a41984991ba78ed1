// The shared address book on the devnet: an owner of the demo Safe `solo` signs in and adds, renames, removes and
// imports entries; without a session, as a non-owner, from an unconfigured origin, or with bad rows, nothing is
// stored and the answer says why.
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import type { Address } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Change, createLocalChangeBus } from '../../changes/changeBus.ts'
import { createApp } from '../../createApp.ts'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { type Requestable, sessionRequest, signIn } from '../../testing/signIn.ts'

const CHAIN = 31337
const [owner, other] = [0, 1].map(testAccount) as [HDAccount, HDAccount]
const ALICE = '0x00000000000000000000000000000000000A11cE'
const BOB = '0x0000000000000000000000000000000000000B0b'
let devnet: Devnet
let gateway: Gateway
/** The app on the gateway's store, with a change bus the test listens to. */
let api: Requestable | undefined
let ownerCookie: string
let otherCookie: string
const changes: Change[] = []
const solo = () => devnet.scenario?.safes.solo.address as Address
const book = () => `/v1/chains/${CHAIN}/safes/${solo()}/address-book`
const call = (method: string, path: string, p: Parameters<typeof sessionRequest>[3] = {}) =>
  sessionRequest(api as Requestable, method, path, p)
const entries = async () => (await call('GET', book(), { cookie: ownerCookie })).body

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(createDevnetTestConfig(devnet))
  const bus = createLocalChangeBus()
  bus.subscribe((change) => changes.push(change))
  api = {
    app: createApp({ store: gateway.store, changes: bus, http: { corsOrigins: ['https://wallet.example'] } }),
  }
  ownerCookie = await signIn(api, owner)
  otherCookie = await signIn(api, other)
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

describe('address book', () => {
  it('error: no session 401, a non-owner 403, another origin 403; nothing stored', async () => {
    const put = (p: Parameters<typeof sessionRequest>[3]) =>
      call('PUT', `${book()}/${ALICE}`, { body: { name: 'Alice' }, ...p })
    expect(await put({})).toMatchObject({
      status: 401,
      body: { code: 401, message: 'Sign in with Ethereum first' },
    })
    expect(await put({ cookie: otherCookie })).toMatchObject({
      status: 403,
      body: { code: 403, message: `${other.address} is not an owner of the Safe ${solo()}` },
    })
    // Cross-origin write from an unconfigured origin: with the owner's cookie refused, without it unsigned.
    expect(await put({ cookie: ownerCookie, origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { message: expect.stringMatching(/not a configured origin/) },
    })
    expect(await put({ origin: 'https://evil.example' })).toMatchObject({ status: 401 })
    expect(await call('GET', book())).toMatchObject({ status: 401 })
    expect(await call('GET', book(), { cookie: otherCookie })).toMatchObject({ status: 403 })
    expect(await entries()).toEqual({ count: 0, results: [] })
  })

  it('default: an owner adds, renames and removes an entry; team-data changes are published', async () => {
    const put = await call('PUT', `${book()}/${ALICE.toLowerCase()}`, {
      cookie: ownerCookie,
      body: { name: '  Alice  ' },
    })
    expect(put).toMatchObject({
      status: 200,
      body: { address: ALICE, name: 'Alice', updatedBy: owner.address },
    })
    // A configured origin may use the session.
    expect(
      await call('PUT', `${book()}/${ALICE}`, {
        cookie: ownerCookie,
        origin: 'https://wallet.example',
        body: { name: 'Alice (ops)' },
      }),
    ).toMatchObject({ status: 200 })
    expect(await entries()).toMatchObject({ count: 1, results: [{ address: ALICE, name: 'Alice (ops)' }] })
    expect(changes).toContainEqual({
      type: 'TEAM_DATA_UPDATED',
      chainId: CHAIN,
      address: solo(),
      what: 'addressBook',
    })

    expect(await call('PUT', `${book()}/${BOB}`, { cookie: ownerCookie, body: { name: '' } })).toMatchObject({
      status: 422,
      body: { code: 422, message: 'A name is required' },
    })
    expect(
      await call('PUT', `${book()}/${BOB}`, { cookie: ownerCookie, body: { name: 'x'.repeat(51) } }),
    ).toMatchObject({ status: 422, body: { message: 'Name too long (at most 50 characters)' } })
    expect(await call('PUT', `${book()}/0x1234`, { cookie: ownerCookie, body: { name: 'B' } })).toMatchObject(
      {
        status: 422,
      },
    )

    expect(await call('DELETE', `${book()}/${ALICE}`, { cookie: ownerCookie })).toMatchObject({ status: 200 })
    expect(await call('DELETE', `${book()}/${ALICE}`, { cookie: ownerCookie })).toMatchObject({ status: 404 })
    expect(await entries()).toEqual({ count: 0, results: [] })
  })

  it('behavior: a CSV import stores the good rows and reports each bad one with its line', async () => {
    const csv = [
      'address,name,chainId',
      `${ALICE},Alice,${CHAIN}`,
      `0x00000000000000000000000000000000000a11CE,Wrong checksum,${CHAIN}`,
      `${BOB},"Bob, the builder",${CHAIN}`,
      `0x0000000000000000000000000000000000000c4f,Other chain,1`,
      `${BOB},Bob again,${CHAIN}`,
      'not-an-address,Nobody,31337',
      `0x0000000000000000000000000000000000000d0d,,${CHAIN}`,
      'only,two',
    ].join('\n')
    const res = await call('POST', `${book()}/import`, { cookie: ownerCookie, body: { csv } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({
      imported: 2,
      errors: [
        { line: 3, message: 'Wrong checksum in address 0x00000000000000000000000000000000000a11CE' },
        { line: 5, message: `Chain 1 is not this Safe's chain (${CHAIN})` },
        { line: 6, message: `${BOB} is already on line 4` },
        { line: 7, message: 'Invalid address not-an-address' },
        { line: 8, message: 'A name is required' },
        { line: 9, message: 'Expected 3 fields, found 2' },
      ],
    })
    expect(await entries()).toMatchObject({
      count: 2,
      results: [
        { address: ALICE, name: 'Alice' },
        { address: BOB, name: 'Bob, the builder' },
      ],
    })
  })

  it('error: an import without a good row, or with a bad header, stores nothing', async () => {
    const before = await entries()
    expect(
      await call('POST', `${book()}/import`, {
        cookie: ownerCookie,
        body: { entries: [{ address: '0x12', name: 'X' }] },
      }),
    ).toMatchObject({
      status: 422,
      body: {
        code: 422,
        message: 'No valid row to import',
        errors: [{ line: 1, message: 'Invalid address 0x12' }],
      },
    })
    expect(
      await call('POST', `${book()}/import`, { cookie: ownerCookie, body: { csv: 'name,address\nA,B' } }),
    ).toMatchObject({
      status: 422,
      body: { message: 'The first line must be the header address,name,chainId' },
    })
    expect(
      await call('POST', `${book()}/import`, { cookie: ownerCookie, body: { csv: 'a', entries: [] } }),
    ).toMatchObject({ status: 422, body: { message: 'Send either csv or entries' } })
    expect(
      await call('POST', `${book()}/import`, { body: { entries: [{ address: ALICE, name: 'Mallory' }] } }),
    ).toMatchObject({ status: 401 })
    expect(await entries()).toEqual(before)
  })
})
