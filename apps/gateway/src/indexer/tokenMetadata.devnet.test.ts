// Token metadata against real contracts on the devnet: a "broken" ERC20 whose name/symbol/decimals revert is
// stored as invalid once and hidden as spam, and an ERC721 whose tokenURI is an http URL gets its name and
// image from a local metadata server. Both contracts are raw EVM bytecode assembled below: on a call with no
// calldata they emit a Transfer to the solo demo Safe.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import {
  type Address,
  concat,
  encodeAbiParameters,
  getAddress,
  type Hex,
  numberToHex,
  pad,
  size,
  toHex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configSchema } from '../config/config.ts'
import { devnetChainConfig } from '../config/devnetChain.ts'
import { createGateway, type Gateway } from '../createGateway.ts'
import { createDatabase } from '../db/createDatabase.ts'
import { TRANSFER_TOPIC } from './events.ts'
import { createIndexStore } from './indexStore.ts'

// ---- A tiny assembler: hex chunks, jump labels (JUMPDEST), marks (no byte) and PUSH2 references to either.
type Part = Hex | { label: string } | { mark: string } | { ref: string }
function assemble(parts: Part[]): Hex {
  const at = new Map<string, number>()
  let pc = 0
  for (const p of parts) {
    if (typeof p === 'string') pc += size(p)
    else if ('label' in p) at.set(p.label, pc++)
    else if ('mark' in p) at.set(p.mark, pc)
    else pc += 3
  }
  return concat(
    parts.map((p) => {
      if (typeof p === 'string') return p
      if ('label' in p) return '0x5b'
      if ('mark' in p) return '0x'
      return push2(at.get(p.ref) as number)
    }),
  )
}
const push1 = (n: number) => concat(['0x60', numberToHex(n, { size: 1 })])
const push2 = (n: number) => concat(['0x61', numberToHex(n, { size: 2 })])
const push32 = (v: Hex | bigint) => concat(['0x7f', typeof v === 'bigint' ? toHex(v, { size: 32 }) : pad(v)])
const op = {
  STOP: '0x00',
  EQ: '0x14',
  ISZERO: '0x15',
  SHR: '0x1c',
  CALLDATALOAD: '0x35',
  CALLDATASIZE: '0x36',
  CODECOPY: '0x39',
  MSTORE: '0x52',
  JUMPI: '0x57',
  LOG3: '0xa3',
  LOG4: '0xa4',
  RETURN: '0xf3',
  REVERT: '0xfd',
} as const

/** Creation code that installs `runtime` as the contract's code. */
const creationCode = (runtime: Hex): Hex =>
  concat([push2(size(runtime)), '0x80', push2(13), push1(0), op.CODECOPY, push1(0), op.RETURN, runtime])

/**
 * No calldata: emits ERC20 Transfer(0 → to, value). balanceOf(any): returns `value`. Anything else
 * (name, symbol, decimals, …) reverts with no data.
 */
const brokenErc20 = (to: Address, value: bigint) =>
  assemble([
    op.CALLDATASIZE,
    op.ISZERO,
    { ref: 'emit' },
    op.JUMPI,
    push1(0),
    op.CALLDATALOAD,
    push1(0xe0),
    op.SHR,
    '0x6370a08231', // PUSH4 balanceOf(address)
    op.EQ,
    { ref: 'balance' },
    op.JUMPI,
    push1(0),
    push1(0),
    op.REVERT,
    { label: 'emit' },
    push32(value),
    push1(0),
    op.MSTORE,
    push32(to), // topic 2: to
    push1(0), // topic 1: from (a mint)
    push32(TRANSFER_TOPIC),
    push1(32),
    push1(0),
    op.LOG3,
    op.STOP,
    { label: 'balance' },
    push32(value),
    push1(0),
    op.MSTORE,
    push1(32),
    push1(0),
    op.RETURN,
  ])

/** No calldata: emits ERC721 Transfer(0 → to, tokenId). Any call returns the ABI-encoded string `uri`. */
const uriErc721 = (to: Address, tokenId: bigint, uri: string) => {
  const data = encodeAbiParameters([{ type: 'string' }], [uri])
  return assemble([
    op.CALLDATASIZE,
    op.ISZERO,
    { ref: 'emit' },
    op.JUMPI,
    push2(size(data)),
    { ref: 'data' },
    push1(0),
    op.CODECOPY,
    push2(size(data)),
    push1(0),
    op.RETURN,
    { label: 'emit' },
    push32(tokenId), // topic 3: tokenId
    push32(to), // topic 2: to
    push1(0), // topic 1: from (a mint)
    push32(TRANSFER_TOPIC),
    push1(0),
    push1(0),
    op.LOG4,
    op.STOP,
    { mark: 'data' },
    data,
  ])
}

// ---- Fixtures: devnet, a metadata server, an RPC proxy counting eth_calls, and the gateway behind it.
let devnet: Devnet
let gateway: Gateway
let gatewayStopped = false
let metadataServer: Server
let rpcProxy: Server
let dataDir: string
let metadataUrl: string
let metadataRequests = 0
/** eth_call requests seen by the proxy, by lower-case target address. */
const ethCalls = new Map<string, number>()
const a0 = testAccount(0)
const solo = () => devnet.scenario!.safes.solo.address
const get = async (path: string): Promise<any> => {
  const res = await gateway.app.request(path)
  expect(res.status, path).toBe(200)
  return res.json()
}
const sync = () => gateway.indexers.get(31337)!.sync()
const calls = (address: Address) => ethCalls.get(address.toLowerCase()) ?? 0

async function deploy(runtime: Hex): Promise<Address> {
  const hash = await devnet.client.sendTransaction({ account: a0.address, data: creationCode(runtime) })
  const receipt = await devnet.client.waitForTransactionReceipt({ hash })
  return getAddress(receipt.contractAddress as Address)
}
async function poke(address: Address) {
  const hash = await devnet.client.sendTransaction({ account: a0.address, to: address })
  const receipt = await devnet.client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.logs[0]?.topics[0]).toBe(TRANSFER_TOPIC)
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const close = async (server: Server | undefined) => {
  if (!server) return
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}

let broken: Address
let nft: Address

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  metadataServer = createServer((req, res) => {
    metadataRequests++
    if (req.url === '/nft/1.json')
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name: 'Remote Kitty #1', image: `${metadataUrl}/nft/1.png`, level: 3 }))
    else res.writeHead(404).end()
  })
  metadataUrl = await listen(metadataServer)
  rpcProxy = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const parsed = JSON.parse(body)
    for (const r of Array.isArray(parsed) ? parsed : [parsed])
      if (r.method === 'eth_call') {
        const to = String(r.params?.[0]?.to).toLowerCase()
        ethCalls.set(to, (ethCalls.get(to) ?? 0) + 1)
      }
    const upstream = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text())
  })
  const proxyUrl = await listen(rpcProxy)
  // An on-disk PGlite, so the index can be opened again after the gateway has closed it.
  dataDir = mkdtempSync(join(tmpdir(), 'concord-token-metadata-'))
  gateway = await createGateway(
    configSchema.parse({
      port: 0,
      dataDir,
      indexer: false,
      // The metadata server is on 127.0.0.1, which is refused by default.
      metadataPrivateHosts: true,
      chains: [{ ...devnetChainConfig(devnet), rpcUrl: proxyUrl }],
    }),
  )
  broken = await deploy(brokenErc20(solo(), 1234n))
  nft = await deploy(uriErc721(solo(), 1n, `${metadataUrl}/nft/1.json`))
  await poke(broken)
  await poke(nft)
  await sync()
})

afterAll(async () => {
  if (!gatewayStopped) await gateway?.stop()
  await devnet?.stop()
  await close(metadataServer)
  await close(rpcProxy)
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const balances = (query = '') => get(`/v1/chains/31337/safes/${solo()}/balances/usd${query}`)
const historyTransfers = async (query = '') => {
  const page = await get(
    `/v1/chains/31337/safes/${solo()}/transactions/history?cursor=${encodeURIComponent('limit=100&offset=0')}${query}`,
  )
  return page.results
    .filter((r: any) => r.type === 'TRANSACTION' && r.transaction.txInfo.type === 'Transfer')
    .map((r: any) => r.transaction.txInfo)
}
const isToken = (address: Address) => (a: string | undefined) => a?.toLowerCase() === address.toLowerCase()

describe('token metadata on the devnet', () => {
  it('a token whose metadata calls revert is invalid: hidden as spam from balances', async () => {
    expect(calls(broken)).toBeGreaterThan(0) // name, symbol, decimals were asked once
    const spamFree = await balances()
    expect(spamFree.items.some((i: any) => isToken(broken)(i.tokenInfo.address))).toBe(false)
    const all = await balances('?exclude_spam=false')
    const item = all.items.find((i: any) => isToken(broken)(i.tokenInfo.address))
    expect(item).toMatchObject({
      tokenInfo: { type: 'ERC20', decimals: 0, symbol: '', name: '' },
      balance: '1234',
      fiatBalance: '0',
    })
  })

  it('history hides its transfers unless trusted=false', async () => {
    expect((await historyTransfers()).some((t: any) => isToken(broken)(t.transferInfo.tokenAddress))).toBe(
      false,
    )
    const untrusted = (await historyTransfers('&trusted=false')).find((t: any) =>
      isToken(broken)(t.transferInfo.tokenAddress),
    )
    expect(untrusted).toMatchObject({
      direction: 'INCOMING',
      transferInfo: { type: 'ERC20', value: '1234', trusted: false, tokenSymbol: null, decimals: null },
    })
  })

  it('an ERC721 with an http tokenURI shows the name and image of the served document', async () => {
    const collectibles = await get(`/v1/chains/31337/safes/${solo()}/collectibles`)
    const kitty = collectibles.find((c: any) => isToken(nft)(c.address))
    expect(kitty).toMatchObject({
      id: '1',
      uri: `${metadataUrl}/nft/1.json`,
      name: 'Remote Kitty #1',
      imageUri: `${metadataUrl}/nft/1.png`,
      metadata: { name: 'Remote Kitty #1', level: 3 },
    })
  })

  it('with the default settings the same tokenURI on 127.0.0.1 is refused: no name, no request', async () => {
    // A second gateway on its own in-memory index, reading the devnet directly (not through the counting proxy).
    const other = await createGateway(
      configSchema.parse({
        port: 0,
        databaseUrl: 'pglite:memory',
        indexer: false,
        chains: [devnetChainConfig(devnet)],
      }),
    )
    try {
      const before = metadataRequests
      await other.indexers.get(31337)!.sync()
      const res = await other.app.request(`/v1/chains/31337/safes/${solo()}/collectibles`)
      expect(res.status).toBe(200)
      const kitty = ((await res.json()) as any[]).find((c: any) => isToken(nft)(c.address))
      expect(kitty).toMatchObject({ id: '1', uri: `${metadataUrl}/nft/1.json`, name: null })
      expect(metadataRequests).toBe(before)
    } finally {
      await other.stop()
    }
  })

  it('a second sync, even with a new transfer of the token, does not call it again', async () => {
    await poke(broken) // a second Transfer of the same token
    const before = calls(broken)
    await sync()
    expect(calls(broken)).toBe(before)
    // The new transfer is indexed (untrusted history shows both), still under the invalid token.
    const untrusted = (await historyTransfers('&trusted=false')).filter((t: any) =>
      isToken(broken)(t.transferInfo.tokenAddress),
    )
    expect(untrusted).toHaveLength(2)
    expect(untrusted.every((t: any) => t.transferInfo.trusted === false)).toBe(true)
  })

  it('the stored index: one invalid row, nothing left without metadata', async () => {
    await gateway.stop()
    gatewayStopped = true
    const store = await createDatabase({ dataDir })
    try {
      const index = createIndexStore(store.db, 31337)
      expect(await index.tokensWithoutMetadata()).toEqual([])
      expect(await index.nftsWithoutMetadata(10)).toEqual([])
      const row = await store.db.query.tokens.findFirst({
        where: (t, { and, eq }) => and(eq(t.chainId, 31337), eq(t.address, broken)),
      })
      expect(row).toEqual({
        chainId: 31337,
        address: broken,
        type: 'ERC20',
        name: null,
        symbol: null,
        decimals: null,
        logoUri: null,
        invalid: true,
      })
    } finally {
      await store.close()
    }
  })
})
