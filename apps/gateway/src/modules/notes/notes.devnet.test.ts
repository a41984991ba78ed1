// Transaction notes and the history CSV export on the devnet's demo Safe `treasury`: owners write notes (the
// author is the session's address), others cannot read or write them; the export lists the indexed history,
// with the notes only for a signed-in owner, and defuses formula cells.
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import type { Address } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { sessionRequest, signIn } from '../../testing/signIn.ts'
import { CSV_HEADER } from '../export/historyCsv.ts'

const CHAIN = 31337
const [owner, other] = [0, 5].map(testAccount) as [HDAccount, HDAccount]
let devnet: Devnet
let gateway: Gateway
let ownerCookie: string
let otherCookie: string
const treasury = () => devnet.scenario?.safes.treasury.address as Address
const notesPath = () => `/v1/chains/${CHAIN}/safes/${treasury()}/notes`
const call = (method: string, path: string, p: Parameters<typeof sessionRequest>[3] = {}) =>
  sessionRequest(gateway, method, path, p)
const HASH = `0x${'ab'.repeat(32)}`

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(createDevnetTestConfig(devnet))
  await gateway.indexers.get(CHAIN)?.sync()
  ownerCookie = await signIn(gateway, owner)
  otherCookie = await signIn(gateway, other)
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

describe('notes', () => {
  it('error: no session 401, a non-owner 403, bad input 422; nothing stored', async () => {
    const body = { transactionId: HASH, note: 'Payroll' }
    expect(await call('POST', notesPath(), { body })).toMatchObject({ status: 401 })
    expect(await call('POST', notesPath(), { body, origin: 'https://evil.example' })).toMatchObject({
      status: 401,
    })
    expect(await call('POST', notesPath(), { body, cookie: otherCookie })).toMatchObject({
      status: 403,
      body: { message: `${other.address} is not an owner of the Safe ${treasury()}` },
    })
    expect(await call('GET', notesPath(), { cookie: otherCookie })).toMatchObject({ status: 403 })
    const bad = (b: unknown) => call('POST', notesPath(), { body: b, cookie: ownerCookie })
    expect(await bad({ transactionId: HASH, note: '   ' })).toMatchObject({
      status: 422,
      body: { message: 'A note cannot be empty' },
    })
    expect(await bad({ transactionId: HASH, note: 'x'.repeat(501) })).toMatchObject({
      status: 422,
      body: { message: 'Note too long (at most 500 characters)' },
    })
    expect(await bad({ transactionId: `multisig_${other.address}_${HASH}`, note: 'x' })).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/^Invalid transaction ID/) },
    })
    expect(await call('GET', notesPath(), { cookie: ownerCookie })).toMatchObject({
      status: 200,
      body: { count: 0, results: [] },
    })
  })

  it('default: an owner writes a note; it is listed by transaction; only its author removes it', async () => {
    const added = await call('POST', notesPath(), {
      cookie: ownerCookie,
      body: { transactionId: HASH.toUpperCase().replace('0X', '0x'), note: ' Payroll\nMarch ' },
    })
    expect(added).toMatchObject({
      status: 201,
      body: {
        transactionId: `multisig_${treasury()}_${HASH}`,
        author: owner.address,
        note: 'Payroll\nMarch',
      },
    })
    const listed = await call('GET', `${notesPath()}?transactionId=multisig_${treasury()}_${HASH}`, {
      cookie: ownerCookie,
    })
    expect(listed.body).toMatchObject({ count: 1, results: [{ id: added.body.id, note: 'Payroll\nMarch' }] })
    const extra = await call('POST', notesPath(), {
      cookie: ownerCookie,
      body: { transactionId: HASH, note: 'second' },
    })
    expect(await call('DELETE', `${notesPath()}/${extra.body.id}`, { cookie: otherCookie })).toMatchObject({
      status: 403,
    })
    expect(await call('DELETE', `${notesPath()}/${extra.body.id}`, { cookie: ownerCookie })).toMatchObject({
      status: 200,
    })
    expect(await call('DELETE', `${notesPath()}/${extra.body.id}`, { cookie: ownerCookie })).toMatchObject({
      status: 404,
    })
  })
})

describe('history export', () => {
  const exportPath = () => `/v1/chains/${CHAIN}/safes/${treasury()}/transactions/export?format=csv`

  it('default: one line per history item, newest first; notes only for a signed-in owner', async () => {
    const history = await call('GET', `/v1/chains/${CHAIN}/safes/${treasury()}/transactions/history`)
    const ids = (history.body.results as { type: string; transaction?: { id: string } }[]).flatMap((r) =>
      r.type === 'TRANSACTION' && r.transaction ? [r.transaction.id] : [],
    )
    expect(ids.length).toBeGreaterThan(1)
    await call('POST', notesPath(), {
      cookie: ownerCookie,
      body: { transactionId: ids[0], note: '=HYPERLINK("x")' },
    })

    const res = await call('GET', exportPath(), { cookie: ownerCookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="history-31337-0x/)
    expect(res.headers.get('x-concord-notes')).toBe('included')
    const lines = (res.body as string).trimEnd().split('\r\n')
    expect(lines[0]).toBe(CSV_HEADER.join(','))
    if (history.body.next === null) expect(lines.length - 1).toBe(ids.length)
    else expect(lines.length - 1).toBeGreaterThan(ids.length)
    const first = lines[1] as string
    expect(first.split(',')[1]).toBe(ids[0])
    // The note is defused (a leading ') and quoted (it holds quotes).
    expect(first).toContain(`"${owner.address}: =HYPERLINK(""x"")"`)

    const anonymous = await call('GET', exportPath())
    expect(anonymous.headers.get('x-concord-notes')).toBe('omitted')
    expect(anonymous.body).not.toContain('HYPERLINK')
    expect((anonymous.body as string).split('\r\n')[1]).toContain(ids[0])
  })

  it('error: a client has at most 2 exports open (429); a finished or cancelled one frees its place', async () => {
    const open = () => gateway.app.request(exportPath())
    // Unread, each stream holds its place after its header line.
    const [first, second] = [await open(), await open()]
    expect([first.status, second.status]).toEqual([200, 200])
    const third = await open()
    expect(third.status).toBe(429)
    expect(await third.json()).toEqual({
      code: 429,
      message: 'Too many requests: at most 2 history exports per client at a time',
    })
    await first.body?.cancel()
    const again = await open()
    expect(again.status).toBe(200)
    expect((await second.text()).split('\r\n')[0]).toBe(CSV_HEADER.join(','))
    expect((await again.text()).split('\r\n')[0]).toBe(CSV_HEADER.join(','))
    expect((await open()).status).toBe(200)
  })

  it('error: unknown Safe 404, bad format 422', async () => {
    expect(await call('GET', `/v1/chains/${CHAIN}/safes/${other.address}/transactions/export`)).toMatchObject(
      { status: 404 },
    )
    expect(await call('GET', `${exportPath().replace('csv', 'xlsx')}`)).toMatchObject({ status: 422 })
  })
})
