// Off-chain messages on the devnet, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: every route and rule, each
// bad case with its error and nothing stored, the change-bus events, and the prepared signature of a CONFIRMED
// message accepted on chain by isValidSignature through the CompatibilityFallbackHandler of 1.3.0 and 1.4.1 Safes.
import { createSafe, type Devnet, startDevnet, testAccount } from '@concord/devnet'
import {
  messageHash,
  safeMessageHash,
  safeMessagePreimage,
  safeMessageTypedData,
} from '@concord/safe/messages'
import { type Address, concat, type Hex, hashTypedData, pad, parseAbi, toHex } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Change } from '../../changes/changeBus.ts'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'

const CHAIN = 31337
const [a0, a1, a2, a5, a7] = [0, 1, 2, 5, 7].map(testAccount) as HDAccount[] as [
  HDAccount,
  HDAccount,
  HDAccount,
  HDAccount,
  HDAccount,
]
const MAGIC = '0x1626ba7e'
const validatorAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])

const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: CHAIN },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, contents: 'Hello' },
}

describe.each(testDatabaseKinds())('messages on %s', (kind) => {
  let devnet: Devnet
  let gateway: Gateway
  let database: TestDatabase
  const events: Change[] = []
  const safes = () => {
    const s = devnet.scenario?.safes
    if (!s) throw new Error('no demo scenario')
    return s
  }
  const treasury = () => safes().treasury.address
  const request = (method: string, path: string, body?: unknown) => jsonRequest(gateway, method, path, body)
  const versionOf = (safe: Address) =>
    [safes().legacyL2.address, safes().mainnet.address].includes(safe) ? '1.3.0' : '1.4.1'
  const ref = (safe: Address) => ({ version: versionOf(safe), chainId: CHAIN, address: safe })
  const sign = (owner: HDAccount, safe: Address, message: unknown) =>
    owner.signTypedData(safeMessageTypedData(ref(safe), message as string))
  const hashOf = (safe: Address, message: unknown) => safeMessageHash(ref(safe), message as string)
  const create = (safe: Address, body: unknown) =>
    request('POST', `/v1/chains/${CHAIN}/safes/${safe}/messages`, body)
  const addSignature = (hash: string, signature: string) =>
    request('POST', `/v1/chains/${CHAIN}/messages/${hash}/signatures`, { signature })
  const get = (hash: string) => request('GET', `/v1/chains/${CHAIN}/messages/${hash}`)
  const list = async (safe: Address, cursor?: string) =>
    (
      await request(
        'GET',
        `/v1/chains/${CHAIN}/safes/${safe}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
    ).body
  const messagesTag = async (safe: Address) =>
    (await request('GET', `/v1/chains/${CHAIN}/safes/${safe}`)).body.messagesTag as string | null
  /** isValidSignature of the Safe (its fallback handler), given the raw message's EIP-191/EIP-712 hash. */
  const onChain = (safe: Address, message: unknown, signature: Hex) =>
    devnet.client.readContract({
      address: safe,
      abi: validatorAbi,
      functionName: 'isValidSignature',
      args: [messageHash(message as string), signature],
    })
  const settle = () => new Promise((r) => setTimeout(r, 20))

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    devnet = await startDevnet({ port: 0 })
    gateway = await createGateway(createDevnetTestConfig(devnet, { databaseUrl: database.url }))
    await gateway.indexers.get(CHAIN)?.sync()
    gateway.changes.subscribe((change) => {
      if (change.type.startsWith('MESSAGE_')) events.push(change)
    })
  })
  afterAll(async () => {
    await gateway?.stop()
    await devnet?.stop()
    await database?.drop()
  })

  it('an owner creates a string message (202): listed under its day, needing one more signature', async () => {
    const message = 'Sign in to Concord'
    const hash = hashOf(treasury(), message)
    expect(await messagesTag(treasury())).toBeNull()
    const res = await create(treasury(), {
      message,
      signature: await sign(a0, treasury(), message),
      origin: 'test',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(202)
    await settle()
    expect(events).toEqual([
      { type: 'MESSAGE_CREATED', chainId: CHAIN, address: treasury(), messageHash: hash },
      {
        type: 'MESSAGE_CONFIRMATION',
        chainId: CHAIN,
        address: treasury(),
        messageHash: hash,
        owner: a0.address,
      },
    ])
    const { body } = await get(hash)
    expect(body).toMatchObject({
      messageHash: hash,
      status: 'NEEDS_CONFIRMATION',
      message,
      confirmationsSubmitted: 1,
      confirmationsRequired: 2,
      proposedBy: { value: a0.address, name: null, logoUri: null },
      confirmations: [{ owner: { value: a0.address } }],
      preparedSignature: null,
      origin: 'test',
    })
    expect(body.type).toBeUndefined()
    const page = await list(treasury())
    const day = new Date(body.creationTimestamp)
    expect(page).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          type: 'DATE_LABEL',
          timestamp: Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()),
        },
        { type: 'MESSAGE', messageHash: hash, status: 'NEEDS_CONFIRMATION' },
      ],
    })
    expect(await messagesTag(treasury())).toBe(String(body.modifiedTimestamp))
  })

  it.each([
    ['a number', 42, 'Invalid message type'],
    ['null', null, 'Invalid message type'],
    ['no message at all', undefined, 'Invalid message type'],
    ['typed data without types', { ...mail, types: undefined }, 'Invalid typed data'],
    ['typed data without domain', { ...mail, domain: 'x' }, 'Invalid typed data'],
    ['typed data without message', { ...mail, message: undefined }, 'Invalid typed data'],
    [
      'typed data whose values do not fit',
      { ...mail, message: { ...mail.message, from: 'x' } },
      'Invalid typed data',
    ],
    ['typed data without primaryType', { ...mail, primaryType: undefined }, 'Please specify primaryType'],
  ])('error: %s is refused with its exact text, nothing stored', async (_, message, error) => {
    const res = await create(treasury(), { message, signature: await sign(a0, treasury(), 'x') })
    expect(res).toEqual({ status: 422, body: { code: 422, message: error } })
    expect((await list(treasury())).count).toBe(1)
  })

  it('error: a non-owner, an approved hash, two signatures, a bad origin; nothing stored', async () => {
    const message = 'not from an owner'
    const hash = hashOf(treasury(), message)
    const before = events.length
    expect(
      await create(treasury(), { message, signature: await sign(a5, treasury(), message) }),
    ).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/Signature 1 is from .* not an owner/) },
    })
    const approved = concat([pad(a0.address), pad('0x'), '0x01'])
    expect(await create(treasury(), { message, signature: approved })).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/approved hashes .* do not apply to messages/) },
    })
    const two = concat([await sign(a0, treasury(), message), await sign(a1, treasury(), message)])
    expect(await create(treasury(), { message, signature: two })).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/Exactly one signature per request/) },
    })
    expect(
      await create(treasury(), {
        message,
        signature: await sign(a0, treasury(), message),
        origin: 'a\u0000b',
      }),
    ).toMatchObject({ status: 422 })
    expect(
      await create(treasury(), {
        message,
        signature: await sign(a0, treasury(), message),
        safeAppId: 2 ** 40,
      }),
    ).toMatchObject({ status: 422 })
    // Signed for another Safe: recovers to nobody who owns this one.
    expect(
      await create(treasury(), { message, signature: await sign(a0, safes().solo.address, message) }),
    ).toMatchObject({ status: 422, body: { message: expect.stringMatching(/not an owner/) } })
    expect((await get(hash)).status).toBe(404)
    expect((await list(treasury())).count).toBe(1)
    await settle()
    expect(events.length).toBe(before)
  })

  it('error: hashing is bounded per message and per client (422 past the values, 429 past the budget)', async () => {
    // A 64 KB body of short strings once cost seconds of CPU to hash, before its fake signature was looked at.
    const fake = concat([pad(a5.address), pad('0x41'), '0x1b'])
    const list = (n: number, salt: string) => ({
      domain: { name: salt },
      types: { M: [{ name: 'a', type: 'string[]' }] },
      primaryType: 'M',
      message: { a: Array.from({ length: n }, () => 'a') },
    })
    const from = async (client: string, body: unknown) => {
      const res = await gateway.app.request(
        `/v1/chains/${CHAIN}/safes/${treasury()}/messages`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        { incoming: { socket: { remoteAddress: client } } },
      )
      return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') }
    }
    expect(await from('192.0.2.1', { message: list(15_000, 'bomb'), signature: fake })).toMatchObject({
      status: 422,
      body: { code: 422, message: 'Typed data holds too many values (at most 1024)' },
    })
    // A contract signature naming a non-owner is refused before anything is hashed.
    const contract = concat([pad(a5.address), pad('0x41'), '0x00', pad('0x00')])
    expect(await from('192.0.2.1', { message: list(1000, 'c'), signature: contract })).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/Signature 1 is from .* not an owner/) },
    })
    // The largest messages, each with a signature that recovers to a non-owner: four fit the budget, then 429.
    const answers = []
    for (let i = 0; i < 6; i++)
      answers.push(await from('192.0.2.1', { message: list(1020, `m${i}`), signature: fake }))
    expect(answers.slice(0, 4).map((a) => a.status)).toEqual([422, 422, 422, 422])
    expect(answers[5]).toMatchObject({
      status: 429,
      body: {
        code: 429,
        message: expect.stringMatching(/^Too many requests: hashing typed data is limited/),
      },
      retryAfter: expect.stringMatching(/^[1-9]\d*$/),
    })
    // Another client is not held back by the first one's spending.
    expect((await from('192.0.2.2', { message: list(1020, 'other'), signature: fake })).status).toBe(422)
  })

  it('error: unknown hash 404; a duplicate signature or message 422; nothing stored', async () => {
    const unknown = `0x${'ab'.repeat(32)}`
    expect(await get(unknown)).toMatchObject({
      status: 404,
      body: { code: 404, message: 'Message not found' },
    })
    expect(await addSignature(unknown, await a0.sign({ hash: unknown as Hex }))).toMatchObject({
      status: 404,
    })
    expect(await get('0x1234')).toMatchObject({ status: 422 })

    const message = 'Sign in to Concord'
    const hash = hashOf(treasury(), message)
    const before = events.length
    expect(await addSignature(hash, await sign(a0, treasury(), message))).toMatchObject({
      status: 422,
      body: { message: `${a0.address} already signed this message` },
    })
    expect(
      await create(treasury(), { message, signature: await sign(a1, treasury(), message) }),
    ).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/already exists/) },
    })
    expect(await addSignature(hash, await sign(a5, treasury(), message))).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/not an owner/) },
    })
    const { body } = await get(hash)
    expect(body.confirmations).toHaveLength(1)
    await settle()
    expect(events.length).toBe(before)
  })

  it('a second owner signs (eth_sign): CONFIRMED, the prepared signature valid on chain (1.4.1)', async () => {
    const message = 'Sign in to Concord'
    const hash = hashOf(treasury(), message)
    const tagBefore = await messagesTag(treasury())
    expect(
      await onChain(treasury(), message, await sign(a0, treasury(), message)).catch(() => 'reverted'),
    ).toBe('reverted')
    // eth_sign: the owner signs the hash as a personal message, v + 4.
    const ethSign = await a1.signMessage({ message: { raw: hash } })
    const v = Number.parseInt(ethSign.slice(-2), 16)
    const res = await addSignature(hash, concat([ethSign.slice(0, 130) as Hex, toHex(v + 4, { size: 1 })]))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    await settle()
    expect(events.slice(-2)).toEqual([
      {
        type: 'MESSAGE_CONFIRMATION',
        chainId: CHAIN,
        address: treasury(),
        messageHash: hash,
        owner: a1.address,
      },
      { type: 'MESSAGE_CONFIRMED', chainId: CHAIN, address: treasury(), messageHash: hash },
    ])
    const { body } = await get(hash)
    expect(body).toMatchObject({ status: 'CONFIRMED', confirmationsSubmitted: 2 })
    expect(body.confirmations.map((c: { owner: { value: string } }) => c.owner.value)).toEqual([
      a0.address,
      a1.address,
    ])
    expect(await onChain(treasury(), message, body.preparedSignature)).toBe(MAGIC)
    // The third owner may still sign; it is no new CONFIRMED.
    expect((await addSignature(hash, await sign(a2, treasury(), message))).status).toBe(200)
    await settle()
    expect(events.filter((e) => e.type === 'MESSAGE_CONFIRMED')).toHaveLength(1)
    const third = (await get(hash)).body
    expect(await onChain(treasury(), message, third.preparedSignature)).toBe(MAGIC)
    expect(Number(await messagesTag(treasury()))).toBeGreaterThan(Number(tagBefore))
  })

  it.each([
    ['1.4.1 treasury, typed data', () => treasury(), [a0, a1], mail],
    ['1.3.0 legacyL2, a string', () => safes().legacyL2.address, [a7, a0], 'legacy hello'],
    ['1.3.0 legacyL2, typed data', () => safes().legacyL2.address, [a0, a7], mail],
    ['1.3.0 mainnet (non-L2), a string', () => safes().mainnet.address, [a0, a7], 'mainnet hello'],
  ] as const)(
    '%s: two owners sign, the prepared signature is valid on chain',
    async (_, safe, [first, second], message) => {
      const hash = hashOf(safe(), message)
      expect((await create(safe(), { message, signature: await sign(first, safe(), message) })).status).toBe(
        202,
      )
      expect((await get(hash)).body.status).toBe('NEEDS_CONFIRMATION')
      expect((await addSignature(hash, await sign(second, safe(), message))).status).toBe(200)
      const { body } = await get(hash)
      expect(body).toMatchObject({ status: 'CONFIRMED', message })
      expect(await onChain(safe(), message, body.preparedSignature)).toBe(MAGIC)
    },
  )

  it('a Safe owner signs with EIP-1271 (contract signature); the prepared signature is valid on chain', async () => {
    const solo = safes().solo.address // 1-of-1, owned by a0
    const parent = await createSafe(devnet.client, {
      owners: [solo, a1.address],
      threshold: 2,
      saltNonce: BigInt(Date.now()),
      sender: a0.address,
    })
    await gateway.indexers.get(CHAIN)?.sync()
    const message = 'nested'
    const hash = hashOf(parent, message)
    // solo's own SafeMessage over what the parent hands it (the legacy isValidSignature(bytes, bytes) of Safe
    // <= 1.4.1: the parent's EIP-712 preimage), signed by solo's owner.
    const inner = await a0.sign({
      hash: hashTypedData({
        domain: { chainId: CHAIN, verifyingContract: solo },
        types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
        primaryType: 'SafeMessage',
        message: { message: safeMessagePreimage(ref(parent), message) },
      }),
    })
    const contractSignature = concat([
      pad(solo),
      toHex(65, { size: 32 }),
      '0x00',
      toHex(65, { size: 32 }),
      inner,
    ])
    const res = await create(parent, { message, signature: contractSignature })
    expect(res.status, JSON.stringify(res.body)).toBe(202)
    // A contract signature over something else is refused.
    const wrong = concat([
      pad(solo),
      toHex(65, { size: 32 }),
      '0x00',
      toHex(65, { size: 32 }),
      await a0.sign({ hash }),
    ])
    expect((await create(parent, { message: 'other', signature: wrong })).body.message).toMatch(/EIP-1271/)
    expect((await addSignature(hash, await sign(a1, parent, message))).status).toBe(200)
    const { body } = await get(hash)
    expect(body.status).toBe('CONFIRMED')
    expect(body.confirmations.map((c: { owner: { value: string } }) => c.owner.value).sort()).toEqual(
      [solo, a1.address].sort(),
    )
    expect(await onChain(parent, message, body.preparedSignature)).toBe(MAGIC)
  })

  it('the list pages with the cursor, newest first, with a date label on each page', async () => {
    const safe = treasury()
    const total = (await list(safe)).count as number
    expect(total).toBeGreaterThanOrEqual(2)
    const first = await list(safe, 'limit=1&offset=0')
    expect(first.results.map((r: { type: string }) => r.type)).toEqual(['DATE_LABEL', 'MESSAGE'])
    expect(first.next).toContain('cursor=limit%3D1%26offset%3D1')
    expect(first.previous).toBeNull()
    const second = await list(safe, 'limit=1&offset=1')
    expect(second.results.map((r: { type: string }) => r.type)).toEqual(['DATE_LABEL', 'MESSAGE'])
    expect(second.previous).toContain('cursor=limit%3D1%26offset%3D0')
    expect(first.results[1].creationTimestamp).toBeGreaterThanOrEqual(second.results[1].creationTimestamp)
    expect(first.results[1].messageHash).not.toBe(second.results[1].messageHash)
  })
})
