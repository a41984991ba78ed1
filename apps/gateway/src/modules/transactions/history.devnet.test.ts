// Drives the devnet through every kind of history item on the 1-of-1 demo Safe and checks the JSON the
// routes return, field by field.
import { type Devnet, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { erc20Abi, erc721Abi, multiSendAbi, safeAbi, safeV141 } from '@concord/safe/contracts'
import {
  type Address,
  concat,
  encodeFunctionData,
  encodePacked,
  getAddress,
  type Hex,
  parseEther,
  size,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'

let devnet: Devnet
let gateway: Gateway
const SENTINEL = '0x0000000000000000000000000000000000000001'
const [a0, , , a3, a4, a5] = [0, 1, 2, 3, 4, 5].map((i) => testAccount(i)!)
const get = async (path: string): Promise<any> => (await gateway.app.request(path)).json()
const sync = () => gateway.indexers.get(31337)!.sync()
const solo = () => devnet.scenario!.safes.solo.address
const base = () => `/v1/chains/31337/safes/${solo()}`
const exec = (tx: { to: Address; data?: Hex; value?: bigint; operation?: 0 | 1 }) =>
  execSafeTx(devnet.client, { safe: solo(), tx, signers: [a0!], executor: a0!.address })
const selfCall = (functionName: any, args: any) =>
  exec({ to: solo(), data: encodeFunctionData({ abi: safeAbi, functionName, args } as any) })
const wait = async (hash: Hex) => devnet.client.waitForTransactionReceipt({ hash })

/** Every TRANSACTION item of the whole history, newest first. */
async function history(): Promise<any[]> {
  const page = await get(`${base()}/transactions/history?cursor=${encodeURIComponent('limit=100&offset=0')}`)
  return page.results.filter((r: any) => r.type === 'TRANSACTION').map((r: any) => r.transaction)
}

let guard: Address
const gateways = new Map<TestDatabase['name'], Gateway>()
const databases: TestDatabase[] = []
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  // A guard that accepts everything: runtime code returning 32 bytes of 1 (so supportsInterface says yes).
  const receipt = await wait(
    await devnet.client.sendTransaction({
      account: a0!.address,
      data: '0x69600160005260206000f3600052600a6016f3',
    }),
  )
  guard = getAddress(receipt.contractAddress as Address)
  const { assets } = devnet
  // Settings changes (nonce 1..9).
  await selfCall('addOwnerWithThreshold', [a3!.address, 1n])
  await selfCall('swapOwner', [SENTINEL, a3!.address, a4!.address])
  await selfCall('removeOwner', [SENTINEL, a4!.address, 1n])
  await selfCall('changeThreshold', [1n])
  await selfCall('enableModule', [a5!.address])
  await selfCall('setGuard', [guard])
  await selfCall('setGuard', [zeroAddress])
  await selfCall('setFallbackHandler', [safeV141.compatibilityFallbackHandler])
  // Transfers out (nonce 9..11): cUSD is not held by solo, so send CGT; NFT #4; then a MultiSend.
  await exec({
    to: assets!.gov,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a3!.address, 10n ** 18n] }),
  })
  await exec({
    to: assets!.collectible,
    data: encodeFunctionData({
      abi: erc721Abi,
      functionName: 'safeTransferFrom',
      args: [solo(), a3!.address, 4n],
    }),
  })
  const call = (to: Address, value: bigint, data: Hex) =>
    encodePacked(
      ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
      [0, to, value, BigInt(size(data)), data],
    )
  await exec({
    to: safeV141.multiSendCallOnly,
    operation: 1,
    data: encodeFunctionData({
      abi: multiSendAbi,
      functionName: 'multiSend',
      args: [
        concat([call(a3!.address, parseEther('0.01'), '0x'), call(a4!.address, parseEther('0.02'), '0x')]),
      ],
    }),
  })
  // A module transaction: account #5 is an enabled module.
  await wait(
    await devnet.client.writeContract({
      account: a5!.address,
      address: solo(),
      abi: safeAbi,
      functionName: 'execTransactionFromModule',
      args: [a3!.address, parseEther('0.1'), '0x', 0],
    }),
  )
  // Transfers in: ETH, cUSD and a freshly minted NFT.
  await wait(
    await devnet.client.sendTransaction({ account: a4!.address, to: solo(), value: parseEther('0.25') }),
  )
  await wait(
    await devnet.client.writeContract({
      account: a0!.address,
      address: assets!.usd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [solo(), 7n * 10n ** 6n],
    }),
  )
  await wait(
    await devnet.client.writeContract({
      account: a0!.address,
      address: assets!.collectible,
      abi: [
        {
          type: 'function',
          name: 'mint',
          stateMutability: 'nonpayable',
          inputs: [{ name: 'to', type: 'address' }],
          outputs: [{ type: 'uint256' }],
        },
      ],
      functionName: 'mint',
      args: [solo()],
    }),
  )
  for (const kind of testDatabaseKinds()) {
    const database = await createTestDatabase(kind)
    databases.push(database)
    gateway = await createGateway(createDevnetTestConfig(devnet, { databaseUrl: database.url }))
    gateways.set(kind, gateway)
    await sync()
  }
}, 60_000)
afterAll(async () => {
  for (const g of gateways.values()) await g.stop()
  for (const d of databases) await d.drop()
  await devnet?.stop()
})

// The same chain, indexed into each database the gateway runs on (PostgreSQL when TEST_DATABASE_URL is set),
// all before any test: the last test changes the chain.
describe.each(testDatabaseKinds())('on %s', (kind) => {
  beforeAll(() => {
    gateway = gateways.get(kind) as Gateway
  })

  describe('history of the solo Safe', () => {
    it('SettingsChange: every settings type, with its parameters', async () => {
      const settings = (await history())
        .filter((t) => t.txInfo.type === 'SettingsChange')
        .map((t) => t.txInfo.settingsInfo)
        .reverse()
      expect(settings).toEqual([
        { type: 'ADD_OWNER', owner: { value: a3!.address, name: null, logoUri: null }, threshold: 1 },
        {
          type: 'SWAP_OWNER',
          oldOwner: { value: a3!.address, name: null, logoUri: null },
          newOwner: { value: a4!.address, name: null, logoUri: null },
        },
        { type: 'REMOVE_OWNER', owner: { value: a4!.address, name: null, logoUri: null }, threshold: 1 },
        { type: 'CHANGE_THRESHOLD', threshold: 1 },
        { type: 'ENABLE_MODULE', module: { value: a5!.address, name: null, logoUri: null } },
        { type: 'SET_GUARD', guard: { value: guard, name: null, logoUri: null } },
        { type: 'DELETE_GUARD' },
        {
          type: 'SET_FALLBACK_HANDLER',
          handler: {
            value: safeV141.compatibilityFallbackHandler,
            name: 'CompatibilityFallbackHandler',
            logoUri: null,
          },
        },
      ])
    })

    it('Transfer: ERC20 and ERC721 out (multisig), ETH/ERC20/ERC721 in (transfers), with directions', async () => {
      const items = await history()
      const transfers = items.filter((t) => t.txInfo.type === 'Transfer')
      const [nftIn, usdIn, ethIn] = transfers
      expect(nftIn).toMatchObject({
        id: expect.stringMatching(new RegExp(`^transfer_${solo()}_e0x[0-9a-f]{64}\\d+$`)),
        txStatus: 'SUCCESS',
        executionInfo: null,
        txInfo: {
          direction: 'INCOMING',
          sender: { value: zeroAddress },
          recipient: { value: solo() },
          transferInfo: {
            type: 'ERC721',
            tokenAddress: getAddress(devnet.assets!.collectible),
            tokenId: '6',
            tokenSymbol: 'SHAPE',
          },
        },
      })
      expect(usdIn.txInfo).toMatchObject({
        direction: 'INCOMING',
        sender: { value: a0!.address },
        transferInfo: {
          type: 'ERC20',
          value: '7000000',
          tokenSymbol: 'cUSD',
          decimals: 6,
          trusted: true,
          imitation: false,
        },
      })
      expect(ethIn.txInfo).toMatchObject({
        direction: 'INCOMING',
        sender: { value: a4!.address },
        transferInfo: { type: 'NATIVE_COIN', value: parseEther('0.25').toString() },
      })
      const out = transfers.filter((t) => t.txInfo.direction === 'OUTGOING')
      expect(
        out.map((t) => [t.executionInfo.type, t.txInfo.transferInfo.type, t.txInfo.recipient.value]),
      ).toEqual([
        ['MODULE', 'NATIVE_COIN', a3!.address],
        ['MULTISIG', 'ERC721', a3!.address],
        ['MULTISIG', 'ERC20', a3!.address],
        ['MULTISIG', 'NATIVE_COIN', devnet.scenario!.safes.treasury.address], // from the demo scenario
      ])
      expect(out[1].txInfo.transferInfo.tokenId).toBe('4')
      expect(out[2].txInfo.transferInfo.value).toBe(String(10n ** 18n))
    })

    it('Custom multiSend with its action count, module execution, and Creation last', async () => {
      const items = await history()
      const multiSend = items.find((t) => t.txInfo.type === 'Custom')
      expect(multiSend.txInfo).toMatchObject({
        to: { value: safeV141.multiSendCallOnly, name: 'MultiSendCallOnly' },
        methodName: 'multiSend',
        actionCount: 2,
        isCancellation: false,
        value: '0',
      })
      const moduleTx = items.find((t) => t.executionInfo?.type === 'MODULE')
      expect(moduleTx).toMatchObject({
        txStatus: 'SUCCESS',
        executionInfo: { type: 'MODULE', address: { value: a5!.address } },
        txInfo: {
          type: 'Transfer',
          direction: 'OUTGOING',
          transferInfo: { type: 'NATIVE_COIN', value: parseEther('0.1').toString() },
        },
      })
      const creation = items.at(-1)
      expect(creation).toMatchObject({
        id: `creation_${solo()}`,
        txInfo: {
          type: 'Creation',
          creator: { value: a0!.address },
          saltNonce: '2',
          factory: { value: safeV141.safeProxyFactory },
          implementation: { value: safeV141.safeL2 },
        },
        executionInfo: null,
      })
    })

    it('pagination: DATE_LABEL first, cursor links, pages add up to the whole history', async () => {
      const all = await history()
      const first = await get(
        `${base()}/transactions/history?cursor=${encodeURIComponent('limit=5&offset=0')}`,
      )
      expect(first.results[0]).toEqual({
        type: 'DATE_LABEL',
        timestamp: first.results[1].transaction.timestamp,
      })
      expect(first.previous).toBeNull()
      expect(first.next).toContain('cursor=limit%3D5%26offset%3D5')
      const collected: any[] = []
      let url: string | null = first.next
      collected.push(...first.results.filter((r: any) => r.type === 'TRANSACTION'))
      while (url) {
        const page = await get(url.replace(/^https?:\/\/[^/]+/, ''))
        // All on one day: later pages continue the group and get no label.
        expect(page.results.some((r: any) => r.type === 'DATE_LABEL')).toBe(false)
        collected.push(...page.results)
        url = page.next
      }
      expect(collected.map((r) => r.transaction.id)).toEqual(all.map((t) => t.id))
      expect(first.count).toBe(all.length)
    })

    it('lists: multisig-transactions (nonce filter), module-transactions, incoming-transfers (token filter)', async () => {
      const multisig = await get(`${base()}/multisig-transactions?nonce=1`)
      expect(multisig.count).toBeUndefined()
      expect(multisig.results).toHaveLength(1)
      expect(multisig.results[0].transaction.txInfo.settingsInfo.type).toBe('ADD_OWNER')
      const modules = await get(`${base()}/module-transactions/`)
      expect(modules.count).toBe(1)
      expect(modules.results[0].transaction.executionInfo.address.value).toBe(a5!.address)
      const incoming = await get(`${base()}/incoming-transfers/?token_address=${devnet.assets!.usd}`)
      expect(incoming.results.map((r: any) => r.transaction.txInfo.transferInfo.value)).toEqual(['7000000'])
      expect((await get(`${base()}/incoming-transfers/?to=${a3!.address}`)).results).toEqual([])
      const allIn = await get(`${base()}/incoming-transfers/`)
      expect(allIn.results.every((r: any) => r.transaction.txInfo.direction === 'INCOMING')).toBe(true)
    })

    it('details: multisig with decoded data and confirmations; module, transfer and creation ids', async () => {
      const items = await history()
      const add = items.find((t) => t.txInfo.settingsInfo?.type === 'ADD_OWNER')
      const details = await get(`/v1/chains/31337/transactions/${add.id}`)
      expect(details).toMatchObject({
        safeAddress: solo(),
        txId: add.id,
        executedAt: add.timestamp,
        txStatus: 'SUCCESS',
        txData: {
          to: { value: solo() },
          value: '0',
          operation: 0,
          dataDecoded: {
            method: 'addOwnerWithThreshold',
            parameters: [{ name: 'owner', value: a3!.address }, { value: '1' }],
          },
        },
        detailedExecutionInfo: {
          type: 'MULTISIG',
          nonce: 1,
          confirmationsRequired: 1,
          confirmations: [{ signer: { value: a0!.address }, submittedAt: add.timestamp }],
          executor: { value: a0!.address },
          safeTxHash: add.id.split('_')[2],
        },
        txHash: add.txHash,
      })
      const byHash = await get(`/v1/chains/31337/transactions/${add.id.split('_')[2]}`)
      expect(byHash.txId).toBe(add.id)
      for (const item of items.filter((t) => !t.id.startsWith('multisig_'))) {
        const d = await get(`/v1/chains/31337/transactions/${item.id}`)
        expect(d.txId).toBe(item.id)
        expect(d.txInfo).toEqual(item.txInfo)
      }
    })

    it('errors: malformed id 400, unknown id 404, unknown Safe 404, bad query 422', async () => {
      const bad = await gateway.app.request('/v1/chains/31337/transactions/nonsense_1')
      expect(bad.status).toBe(400)
      expect(await bad.json()).toEqual({ code: 400, message: 'Invalid transaction ID' })
      const unknown = await gateway.app.request(
        `/v1/chains/31337/transactions/multisig_${solo()}_0x${'ab'.repeat(32)}`,
      )
      expect(unknown.status).toBe(404)
      expect(
        (await gateway.app.request(`/v1/chains/31337/safes/${a4!.address}/transactions/history`)).status,
      ).toBe(404)
      const badQuery = await gateway.app.request(`${base()}/multisig-transactions?nonce=abc`)
      expect(badQuery.status).toBe(422)
      expect(((await badQuery.json()) as any).code).toBe(422)
      // A broken cursor gives the first page.
      const broken = await get(`${base()}/transactions/history?cursor=garbage`)
      expect(broken.results.length).toBeGreaterThan(0)
    })

    it('balances and collectibles follow the transfers', async () => {
      const balances = await get(`${base()}/balances/usd`)
      const bySymbol = Object.fromEntries(balances.items.map((i: any) => [i.tokenInfo.symbol, i.balance]))
      expect(bySymbol).toEqual({
        ETH: (parseEther('1.5') - parseEther('0.13') + parseEther('0.25')).toString(),
        CGT: (499n * 10n ** 18n).toString(),
        cUSD: '7000000',
      })
      const nfts = await get(`/v2/chains/31337/safes/${solo()}/collectibles`)
      expect(nfts.results.map((n: any) => [n.id, n.name])).toEqual([
        ['5', 'Concord Shape #5'],
        ['6', 'Concord Shape #6'],
      ])
    })
    it('statuses: a reverted inner call is FAILED, for a multisig (safeTxGas set) and a module transaction', async () => {
      // solo holds no 10^12 cUSD: the token call reverts, execTransaction goes on (safeTxGas > 0) and emits ExecutionFailure.
      await execSafeTx(devnet.client, {
        safe: solo(),
        tx: {
          to: devnet.assets!.usd,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [a3!.address, 10n ** 18n],
          }),
          safeTxGas: 100_000n,
        },
        signers: [a0!],
        executor: a0!.address,
      })
      await wait(
        await devnet.client.writeContract({
          account: a5!.address,
          address: solo(),
          abi: safeAbi,
          functionName: 'execTransactionFromModule',
          args: [a3!.address, parseEther('1000'), '0x', 0],
        }),
      )
      await sync()
      const [moduleTx, multisigTx] = await history()
      expect(moduleTx).toMatchObject({ txStatus: 'FAILED', executionInfo: { type: 'MODULE' } })
      expect(multisigTx).toMatchObject({
        txStatus: 'FAILED',
        executionInfo: { type: 'MULTISIG' },
        txInfo: {
          type: 'Transfer',
          direction: 'OUTGOING',
          transferInfo: { type: 'ERC20', value: String(10n ** 18n) },
        },
      })
      const info = await get(base())
      expect(info.nonce).toBe(multisigTx.executionInfo.nonce + 1)
    })

    it('an on-chain rejection is one history item: the Safe calling itself with nothing moves no value', async () => {
      const txHash = await exec({ to: solo() })
      await sync()
      const items = (await history()).filter((t) => t.txHash === txHash)
      expect(items).toHaveLength(1)
      expect(items[0]).toMatchObject({ txInfo: { type: 'Custom', isCancellation: true } })
    })
  })
})
