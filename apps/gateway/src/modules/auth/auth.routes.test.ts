// Sign-In with Ethereum against a real store (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and a
// JSON-RPC stub for the contract-signature fallback: every rule's failure answers 401/403 and stores nothing.

import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { type RpcStub, startRpcStub } from '../../testing/rpcStub.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'
import { createAuthRepository } from './auth.repository.ts'
import { signInHosts } from './signInHosts.ts'
import { NONCE_TTL_MS } from './siweRules.ts'

const CHAIN = 31337
const LISTED = 'https://wallet.example'
const account = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())

describe.each(testDatabaseKinds())('SIWE on %s', (kind) => {
  let db: TestDatabase
  let stub: RpcStub
  let gateway: Gateway
  const repo = () => createAuthRepository(gateway.store.db)

  beforeAll(async () => {
    db = await createTestDatabase(kind)
    stub = await startRpcStub(CHAIN)
    gateway = await createGateway(
      createTestConfig({
        databaseUrl: db.url,
        corsOrigins: [LISTED],
        chains: [{ chainId: CHAIN, name: 'Devnet', devnet: true, rpcUrl: [stub.url] }],
      }),
    )
    // Migrating a fresh store takes seconds on a busy machine.
  }, 60_000)
  afterAll(async () => {
    await gateway?.stop()
    await stub?.close()
    await db?.drop()
  })

  const call = (path: string, init: RequestInit & { base?: string } = {}) =>
    gateway.app.request(`${init.base ?? 'http://localhost'}${path}`, init)
  const getNonce = async () => ((await (await call('/v1/auth/nonce')).json()) as { nonce: string }).nonce
  const message = (nonce: string, over: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
    createSiweMessage({
      domain: 'localhost',
      address: account.address,
      uri: 'http://localhost',
      version: '1',
      chainId: CHAIN,
      nonce,
      issuedAt: new Date(),
      statement: 'Sign in to Concord',
      ...over,
    })
  const verify = async (text: string, signer = account, init: RequestInit & { base?: string } = {}) => {
    const res = await call('/v1/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: text, signature: await signer.signMessage({ message: text }) }),
      ...init,
    })
    const text2 = await res.text()
    return { res, status: res.status, body: text2 ? JSON.parse(text2) : null }
  }
  const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? ''
  const sessions = async () => (await repo().counts()).sessions

  it('default: nonce → verify sets an httpOnly SameSite=Strict cookie; me answers; logout ends it', async () => {
    const before = await sessions()
    const { res, status, body } = await verify(message(await getNonce()))
    expect(status, JSON.stringify(body)).toBe(200)
    const setCookie = res.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^concord_session=[A-Za-z0-9_-]{43};/)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Strict/)
    expect(setCookie).toMatch(/Path=\//)
    expect(setCookie).toMatch(/Max-Age=86400/)
    expect(setCookie).not.toMatch(/Secure/)
    expect(await sessions()).toBe(before + 1)

    const cookie = cookieOf(res)
    const me = await call('/v1/auth/me', { headers: { cookie } })
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual({ address: account.address, chainId: CHAIN })

    const out = await call('/v1/auth/logout', { method: 'POST', headers: { cookie } })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/concord_session=;.*Max-Age=0/)
    expect(await sessions()).toBe(before)
    expect(await call('/v1/auth/me', { headers: { cookie } })).toMatchObject({ status: 401 })
  })

  it('behavior: over https the cookie is Secure and __Host- prefixed', async () => {
    const base = 'https://localhost'
    const nonce = ((await (await call('/v1/auth/nonce', { base })).json()) as { nonce: string }).nonce
    const { res, status } = await verify(message(nonce, { uri: base }), account, { base } as never)
    expect(status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-concord_session=.*Secure/)
    const me = await call('/v1/auth/me', { base, headers: { cookie: cookieOf(res) } })
    expect(me.status).toBe(200)
  })

  it('error: no session → me 401 with a clear message', async () => {
    const res = await call('/v1/auth/me')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ code: 401, message: 'Sign in with Ethereum first' })
    expect((await call('/v1/auth/me', { headers: { cookie: 'concord_session=forged' } })).status).toBe(401)
  })

  it('error: a replayed nonce is refused, and opens no second session', async () => {
    const text = message(await getNonce())
    expect((await verify(text)).status).toBe(200)
    const count = await sessions()
    expect(await verify(text)).toMatchObject({
      status: 401,
      body: { code: 401, message: expect.stringMatching(/already used nonce/) },
    })
    expect(await sessions()).toBe(count)
  })

  it('error: wrong domain, wrong chain, unknown nonce, bad signature, old message; nothing stored', async () => {
    const count = await sessions()
    const nonce = await getNonce()
    expect(await verify(message(nonce, { domain: 'evil.example' }))).toMatchObject({
      status: 401,
      body: { message: 'Wrong domain: the message is for evil.example, not for this site' },
    })
    expect(await verify(message(nonce, { chainId: 1 }))).toMatchObject({
      status: 401,
      body: { message: 'Wrong chain: 1 is not served by this gateway' },
    })
    expect(await verify(message('abcdefgh12345678'))).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/Unknown, expired or already used nonce/) },
    })
    expect(await verify(message(nonce), stranger)).toMatchObject({
      status: 401,
      body: { message: `Invalid signature: the message was not signed by ${account.address}` },
    })
    expect(
      await verify(message(nonce, { issuedAt: new Date(Date.now() - NONCE_TTL_MS - 120_000) })),
    ).toMatchObject({ status: 401, body: { message: expect.stringMatching(/too old/) } })
    expect(await verify(message(nonce, { expirationTime: new Date(Date.now() - 1000) }))).toMatchObject({
      status: 401,
      body: { message: 'The message has expired' },
    })
    expect(await verify('hello')).toMatchObject({ status: 401, body: { message: /EIP-4361/ } })
    expect(await sessions()).toBe(count)
    // The failures did not use the nonce up: a retry with a good signature works.
    expect((await verify(message(nonce))).status).toBe(200)
  })

  it('error: a sign-in for another site is refused whatever Host the request names; nothing stored', async () => {
    // A phishing site collects a sign-in for its own domain and replays it here, naming itself as Host.
    const count = await sessions()
    const base = 'http://evil.example'
    const nonce = ((await (await call('/v1/auth/nonce', { base })).json()) as { nonce: string }).nonce
    const forged = message(nonce, { domain: 'evil.example', uri: base })
    for (const headers of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }]) {
      expect(
        await verify(forged, account, {
          base,
          headers: { ...headers, 'content-type': 'application/json' },
        } as never),
      ).toMatchObject({
        status: 401,
        body: { message: 'Wrong domain: the message is for evil.example, not for this site' },
      })
    }
    expect(await sessions()).toBe(count)
  })

  it('unit: sign-in hosts come from the public URL and configured origins; loopback names stay loopback', () => {
    const onLoopback = signInHosts('http://127.0.0.1:3000', [LISTED])
    for (const ok of ['127.0.0.1:3000', 'localhost:3000', 'LOCALHOST:5173', '[::1]:3000', 'wallet.example'])
      expect(onLoopback(ok), ok).toBe(true)
    for (const bad of [
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1:3000/x',
      'wallet.example:444',
      '',
    ])
      expect(onLoopback(bad), bad).toBe(false)
    const onPublic = signInHosts('https://wallet.example', [])
    expect(onPublic('wallet.example')).toBe(true)
    expect(onPublic('localhost:3000')).toBe(false)
    expect(onPublic('127.0.0.1')).toBe(false)
  })

  it('error: an expired nonce is refused', async () => {
    const nonce = await repo().issueNonce(Date.now() - NONCE_TTL_MS - 1)
    expect(await verify(message(nonce))).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/expired/) },
    })
  })

  it('behavior: a configured origin may use the session; any other origin gets 403', async () => {
    const { res } = await verify(message(await getNonce()))
    const cookie = cookieOf(res)
    const from = (origin: string) => call('/v1/auth/me', { headers: { cookie, origin } })
    expect((await from(LISTED)).status).toBe(200)
    expect((await from('http://localhost')).status).toBe(200)
    const evil = await from('https://evil.example')
    expect(evil.status).toBe(403)
    expect(await evil.json()).toMatchObject({ message: expect.stringMatching(/not a configured origin/) })
    // A SIWE message for a configured origin's host is accepted.
    const listedHost = message(await getNonce(), { domain: 'wallet.example', uri: LISTED })
    expect(
      (await verify(listedHost, account, { headers: { origin: LISTED, 'content-type': 'application/json' } }))
        .status,
    ).toBe(200)
  })

  it('behavior: nonces are capped, oldest first, and expired ones pruned', async () => {
    const small = createAuthRepository(gateway.store.db, { maxNonces: 3 })
    await small.issueNonce()
    await small.issueNonce()
    await small.issueNonce()
    await small.issueNonce()
    expect((await small.counts()).nonces).toBe(3)
  })
})
