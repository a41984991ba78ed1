// The demo Safes' names: the devnet chain's configuration names them, /v1/chains/{chainId}/names serves them to
// anyone (no session), an owner's own name in the Safe's address book is left as it is, and a devnet kept from an
// earlier start (saved before the demo had names) names them again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_SAFE_NAMES, type Devnet, startDevnet, testAccount } from '@concord/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { sessionRequest, signIn } from '../../testing/signIn.ts'

const CHAIN = 31337
const stateDir = mkdtempSync(join(tmpdir(), 'concord-names-'))
let devnet: Devnet | undefined
let gateway: Gateway | undefined

const start = async () => {
  devnet = await startDevnet({ port: 0, stateDir })
  gateway = await createGateway(createDevnetTestConfig(devnet))
  return { devnet, gateway }
}
const stop = async () => {
  await gateway?.stop()
  await devnet?.stop()
  gateway = devnet = undefined
}
const names = async (g: Gateway) => sessionRequest(g, 'GET', `/v1/chains/${CHAIN}/names`)
/** What the demo should be named: every demo Safe by its name, in the route's order (by name). */
const expected = (d: Devnet) =>
  Object.entries(d.scenario?.safes ?? {})
    .map(([key, safe]) => ({
      address: safe.address,
      name: DEMO_SAFE_NAMES[key as keyof typeof DEMO_SAFE_NAMES],
    }))
    .sort((a, b) => a.name.localeCompare(b.name))

beforeAll(start)
afterAll(async () => {
  await stop()
  rmSync(stateDir, { recursive: true, force: true })
})

describe('demo Safe names', () => {
  it('default: the chain names every demo Safe, for anyone; an unknown chain is 404', async () => {
    const { devnet: d, gateway: g } = { devnet: devnet as Devnet, gateway: gateway as Gateway }
    const answer = await names(g)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ count: expected(d).length, results: expected(d) })
    expect(answer.body.results.map((r: { name: string }) => r.name)).toContain('Treasury (demo)')
    expect((await sessionRequest(g, 'GET', '/v1/chains/999/names')).status).toBe(404)
  })

  it("behavior: an owner's own name in the Safe's address book stays; the chain's name is only a default", async () => {
    const g = gateway as Gateway
    const treasury = devnet?.scenario?.safes.treasury.address as string
    const cookie = await signIn(g, testAccount(0))
    const book = `/v1/chains/${CHAIN}/safes/${treasury}/address-book`
    expect(
      (await sessionRequest(g, 'PUT', `${book}/${treasury}`, { cookie, body: { name: 'Ops vault' } })).status,
    ).toBe(200)
    const entries = (await sessionRequest(g, 'GET', book, { cookie })).body.results
    expect(entries).toMatchObject([{ address: treasury, name: 'Ops vault' }])
    // The gateway never writes the chain's names into a book: the owner's entry is the only one.
    expect(entries).toHaveLength(1)
    expect((await names(g)).body.results).toContainEqual({ address: treasury, name: 'Treasury (demo)' })
  })

  it('behavior: a devnet kept across a restart, saved before the demo had names, names its Safes again', async () => {
    await stop()
    // The demo's record as an earlier version wrote it: Safes without a name.
    const demoPath = join(stateDir, 'devnet.json')
    const saved = JSON.parse(readFileSync(demoPath, 'utf8'))
    for (const safe of Object.values(saved.scenario.safes) as { name?: string }[]) delete safe.name
    writeFileSync(demoPath, JSON.stringify(saved))

    const { devnet: d, gateway: g } = await start()
    expect(d.restored).toBe(true)
    expect((await names(g)).body).toEqual({ count: expected(d).length, results: expected(d) })
  })
})
