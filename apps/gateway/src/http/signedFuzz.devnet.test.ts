// The signed and signed-in writes fuzz.test.ts cannot pass (SIGNED_WRITES), fuzzed past their auth checks: each
// request is valid (owners' real signatures over the server's hashes, a real SIWE session) but for one free-text
// field, which holds hostile text. Every answer is < 500, a 4xx is {code, message}, control characters are 422 at
// the edge, and a 2xx stored the value as sent, never with a NUL.
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import { safeMessageHash, safeMessageTypedData } from '@concord/safe/messages'
import * as SafeTx from '@concord/safe/SafeTx'
import { delegateTypedData, totp } from '@concord/safe/serviceRequests'
import { eq } from 'drizzle-orm'
import type { Address } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../createGateway.ts'
import { notificationDevices, proposals } from '../db/schema.ts'
import { registrationHash } from '../modules/notifications/registrationSignature.ts'
import { createDevnetTestConfig } from '../testing/createTestConfig.ts'
import { type FuzzedRoute, fuzzFields, send } from '../testing/fieldFuzz.ts'
import { trickyCharacters } from '../testing/hostileInput.ts'
import { proposalBody } from '../testing/proposalBody.ts'
import { signIn } from '../testing/signIn.ts'
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts'

const CHAIN = 31337
const SEED = 0x5afe
const RUNS = 50
const [owner, stranger, visitor] = [0, 4, 9].map(testAccount) as [HDAccount, HDAccount, HDAccount]
const UNLIMITED = { capacity: 1e9, refillPerSecond: 1e9 }
const [ALICE, BOB] = [
  '0x00000000000000000000000000000000000A11cE',
  '0x0000000000000000000000000000000000000B0b',
]
const DEVICE = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b'

let devnet: Devnet
let gateway: Gateway
let database: TestDatabase
let cookie: string
let nonce: bigint
const solo = () => devnet.scenario?.safes.solo.address as Address
const safePath = () => `/v1/chains/${CHAIN}/safes/${solo()}`
const messageRef = () => ({ chainId: CHAIN, address: solo(), version: '1.4.1' })

const call = (method: string, path: string, body?: unknown, session?: string) =>
  send(gateway, method, path, body, session)

const trim = (v: string) => v.trim()
const book = async (address: string) =>
  (await call('GET', `${safePath()}/address-book`, undefined, cookie)).body.results.find(
    (e: { address: string }) => e.address === address,
  )?.name

/** A SIWE message (EIP-4361) written out, so that its fields may hold anything. */
function siweMessage(f: Record<string, string>, address: Address, siweNonce: string) {
  return [
    'localhost wants you to sign in with your Ethereum account:',
    address,
    '',
    f.statement,
    '',
    `URI: http://localhost/${f.uri}`,
    'Version: 1',
    `Chain ID: ${CHAIN}`,
    `Nonce: ${siweNonce}`,
    `Issued At: ${new Date().toISOString()}`,
    `Request ID: ${f.requestId}`,
    'Resources:',
    `- https://app.example/${f.resource}`,
  ].join('\n')
}

const routes: Record<string, FuzzedRoute> = {
  'POST /v1/chains/{chainId}/transactions/{safeAddress}/propose': {
    fields: { origin: [2000] },
    async write(_, origin, run) {
      const tx = SafeTx.from({ to: stranger.address, value: BigInt(run), nonce })
      const body = { ...(await proposalBody(tx, { chainId: CHAIN, address: solo() }, owner)), origin }
      const answer = await call('POST', `/v1/chains/${CHAIN}/transactions/${solo()}/propose`, body)
      const stored = async () =>
        (await gateway.store.db.select().from(proposals).where(eq(proposals.safeTxHash, body.safeTxHash)))[0]
          ?.origin
      return { answer, stored }
    },
  },
  'POST /v2/chains/{chainId}/delegates': {
    fields: { label: [50] },
    async write(_, label) {
      const delegate = stranger.address
      const signature = await owner.signTypedData(
        delegateTypedData({ delegate, totp: totp(), chainId: CHAIN }),
      )
      const body = { safe: solo(), delegate, delegator: owner.address, signature, label }
      const answer = await call('POST', `/v2/chains/${CHAIN}/delegates`, body)
      const stored = async () =>
        (await call('GET', `/v2/chains/${CHAIN}/delegates?delegate=${delegate}`)).body.results[0]?.label
      return { answer, stored }
    },
  },
  'POST /v1/register/notifications': {
    fields: {
      cloudMessagingToken: [4096],
      buildNumber: [100],
      bundle: [200],
      version: [100],
      deviceType: [7],
    },
    async write(field, value) {
      const device: Record<string, string> = {
        cloudMessagingToken: 'concord-web',
        buildNumber: '1',
        bundle: 'concord',
        version: '1.0.0',
        deviceType: 'WEB',
        [field]: value,
      }
      const timestamp = String(Math.floor(Date.now() / 1000))
      const safes = [solo()]
      const hash = registrationHash({
        timestamp,
        uuid: DEVICE,
        cloudMessagingToken: device.cloudMessagingToken as string,
        safes,
      })
      const signatures = [await owner.signMessage({ message: { raw: hash } })]
      const body = {
        uuid: DEVICE,
        ...device,
        timestamp,
        safeRegistrations: [{ chainId: String(CHAIN), safes, signatures }],
      }
      const answer = await call('POST', '/v1/register/notifications', body)
      const stored = async () => {
        const [row] = await gateway.store.db
          .select()
          .from(notificationDevices)
          .where(eq(notificationDevices.uuid, DEVICE))
        return row?.[field as keyof typeof row]
      }
      return { answer, stored }
    },
  },
  'PUT /v1/chains/{chainId}/safes/{safeAddress}/address-book/{address}': {
    fields: { name: [50, 500] },
    kept: trim,
    async write(_, name) {
      const answer = await call('PUT', `${safePath()}/address-book/${ALICE}`, { name }, cookie)
      return { answer, stored: () => book(ALICE) }
    },
  },
  'POST /v1/chains/{chainId}/safes/{safeAddress}/address-book/import': {
    fields: { 'entries.name': [50, 500], 'csv name': [50] },
    kept: trim,
    async write(field, name) {
      const body =
        field === 'csv name'
          ? { csv: `address,name,chainId\n${BOB},"${name.replaceAll('"', '""')}",${CHAIN}\n` }
          : { entries: [{ address: BOB, name }] }
      const answer = await call('POST', `${safePath()}/address-book/import`, body, cookie)
      return { answer, stored: () => book(BOB) }
    },
  },
  'POST /v1/chains/{chainId}/safes/{safeAddress}/notes': {
    fields: { note: [500, 5000] },
    kept: trim,
    async write(_, note) {
      const answer = await call(
        'POST',
        `${safePath()}/notes`,
        { transactionId: `0x${'ab'.repeat(32)}`, note },
        cookie,
      )
      const stored = async () =>
        (await call('GET', `${safePath()}/notes`, undefined, cookie)).body.results.find(
          (n: { id: number }) => n.id === answer.body.id,
        )?.note
      return { answer, stored }
    },
  },
  'POST /v1/chains/{chainId}/safes/{safeAddress}/messages': {
    fields: { message: [64 * 1024], origin: [1024] },
    async write(field, value, run) {
      const message = field === 'message' ? value : `Fuzz message ${run}`
      const origin = field === 'origin' ? value : 'https://app.example'
      const signature = await owner.signTypedData(safeMessageTypedData(messageRef(), message))
      const answer = await call('POST', `${safePath()}/messages`, { message, signature, origin })
      const stored = async () =>
        (await call('GET', `/v1/chains/${CHAIN}/messages/${safeMessageHash(messageRef(), message)}`)).body[
          field
        ]
      return { answer, stored }
    },
  },
  'POST /v1/auth/verify': {
    // The message holds at most 4096 characters; a session keeps no free text: `stored` is who /me says.
    fields: { statement: [4096], uri: [4096], requestId: [4096], resource: [4096] },
    kept: () => visitor.address,
    async write(field, value) {
      const siweNonce = (await call('GET', '/v1/auth/nonce')).body.nonce
      const fields = {
        statement: 'Sign in to Concord',
        uri: '',
        requestId: 'fuzz',
        resource: 'x',
        [field]: value,
      }
      const message = siweMessage(fields, visitor.address, siweNonce)
      const signature = await visitor.signMessage({ message })
      const answer = await call('POST', '/v1/auth/verify', { message, signature })
      const session = answer.headers.get('set-cookie')?.split(';')[0]
      return {
        answer,
        stored: async () => (await call('GET', '/v1/auth/me', undefined, session)).body?.address,
      }
    },
  },
}

beforeAll(async () => {
  database = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
  devnet = await startDevnet({ port: 0 })
  const limits = { writes: UNLIMITED, signIns: UNLIMITED, delegates: UNLIMITED, registrations: UNLIMITED }
  gateway = await createGateway(
    createDevnetTestConfig(devnet, { databaseUrl: database.url, clientLimits: limits }),
  )
  await gateway.indexers.get(CHAIN)?.sync()
  cookie = await signIn(gateway, owner)
  nonce = BigInt((await call('GET', `${safePath()}/nonces`)).body.recommendedNonce)
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
  await database?.drop()
})

describe('fuzz: signed and signed-in writes with hostile free text', () => {
  it.each(Object.entries(routes))(
    'behavior: %s answers < 500, 4xx as {code, message}, control characters 422, a 2xx stored as sent',
    async (_, route) => {
      const { failures, sent, succeeded } = await fuzzFields(route, {
        seed: SEED,
        runs: RUNS,
        valid: 'Fuzz valid',
      })
      expect(failures.slice(0, 5)).toEqual([])
      expect(sent).toBe(1 + trickyCharacters.length + RUNS)
      // The valid request reached the handler, and hostile ones were stored too.
      expect(succeeded[0]).toBe('Fuzz valid')
      expect(succeeded.length).toBeGreaterThan(10)
      expect((await call('GET', '/health')).status).toBe(200)
    },
  )
})
