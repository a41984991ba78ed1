// The real Safe{Wallet} client library (@safe-global/safe-gateway-typescript-sdk, the version apps/web uses)
// against a gateway on a real HTTP port, indexing the devnet demo scenario: every read function the
// gateway serves, with the values the scenario puts on chain.
import { type Devnet, demoTokenInfo, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi, safeV141 } from '@concord/safe/contracts'
import {
  getBalances,
  getChainConfig,
  getChainsConfig,
  getCollectibles,
  getCollectiblesPage,
  getDecodedData,
  getFiatCurrencies,
  getIncomingTransfers,
  getMasterCopies,
  getModuleTransactions,
  getMultisigTransactions,
  getNonces,
  getOwnedSafes,
  getSafeInfo,
  getTransactionDetails,
  getTransactionHistory,
  getTransactionQueue,
  type Page,
  setBaseUrl,
  type TransactionListItem,
  type TransactionListPage,
} from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, encodeFunctionData, getAddress, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from './createGateway.ts'
import { createDevnetTestConfig } from './testing/createTestConfig.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './testing/testDatabases.ts'

let devnet: Devnet
let gateway: Gateway
const CHAIN = '31337'
const [a0, a1, a2, a3, a4] = [0, 1, 2, 3, 4].map((i) => testAccount(i).address) as [
  Address,
  Address,
  Address,
  Address,
  Address,
]
const treasury = () => devnet.scenario!.safes.treasury.address
const solo = () => devnet.scenario!.safes.solo.address
/** Demo token addresses, checksummed (the deployment receipts give them in lower case). */
const assets = () => {
  const { usd, gov, collectible } = devnet.assets!
  return { usd: getAddress(usd), gov: getAddress(gov), collectible: getAddress(collectible) }
}

/** The transactions of a list page (DATE_LABEL, LABEL and CONFLICT_HEADER items dropped). */
const transactions = (page: Page<TransactionListItem>): any[] =>
  page.results.flatMap((i) => (i.type === 'TRANSACTION' ? [i.transaction] : []))

/** Every page from `first` on, following `next` with the SDK's pageUrl argument. */
async function allPages<T extends Page<unknown>>(first: T, fetchPage: (url: string) => Promise<T>) {
  const pages = [first]
  for (let page = first; page.next; ) {
    page = await fetchPage(page.next)
    pages.push(page)
    if (pages.length > 50) throw new Error('pagination does not end')
  }
  return pages
}

/** The full history on one page. */
const fullHistory = () =>
  getTransactionHistory(
    CHAIN,
    treasury(),
    {},
    `${gateway.url}/v1/chains/${CHAIN}/safes/${treasury()}/transactions/history?cursor=limit%3D100%26offset%3D0`,
  )

// Each database the gateway runs on (PostgreSQL when TEST_DATABASE_URL is set) gets its own devnet: the last
// block below changes the chain.
describe.each(testDatabaseKinds())('on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    devnet = await startDevnet({ port: 0 })
    gateway = await createGateway(createDevnetTestConfig(devnet, { databaseUrl: database.url }))
    await gateway.indexers.get(31337)!.sync()
    setBaseUrl(await gateway.listen())
  })
  afterAll(async () => {
    await gateway?.stop()
    await devnet?.stop()
    await database?.drop()
  })

  describe('chains', () => {
    it('getChainsConfig / getChainConfig: the devnet chain', async () => {
      const list = await getChainsConfig()
      expect(list.results.map((c) => c.chainId)).toEqual([CHAIN])
      const chain = await getChainConfig(CHAIN)
      expect(chain).toMatchObject({
        chainId: CHAIN,
        chainName: 'Concord Devnet',
        shortName: 'dev',
        isTestnet: true,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUri: { value: devnet.rpcUrl },
        theme: { textColor: '#ffffff', backgroundColor: '#6b4eff' },
      })
      expect(chain.features.length).toBeGreaterThan(0)
      expect(list.results[0]).toEqual(chain)
    })

    it('getMasterCopies: includes the Safe 1.4.1 singletons deployed on the devnet', async () => {
      const copies = await getMasterCopies(CHAIN)
      expect(copies).toEqual(
        expect.arrayContaining([
          { address: safeV141.safeL2, version: '1.4.1' },
          { address: safeV141.safe, version: '1.4.1' },
        ]),
      )
    })
  })

  describe('safes', () => {
    it('getSafeInfo: the 2-of-3 treasury at nonce 3', async () => {
      const info = await getSafeInfo(CHAIN, treasury())
      expect(info).toMatchObject({
        address: { value: treasury() },
        chainId: CHAIN,
        nonce: 3,
        threshold: 2,
        owners: [{ value: a2 }, { value: a0 }, { value: a1 }],
        implementation: { value: safeV141.safeL2 },
        implementationVersionState: 'UP_TO_DATE',
        version: '1.4.1+L2',
        fallbackHandler: { value: safeV141.compatibilityFallbackHandler },
        guard: null,
        modules: null,
      })
      expect(Number(info.txHistoryTag)).toBeGreaterThan(1_600_000_000)
      // Lower-case addresses are accepted and answered checksummed.
      expect((await getSafeInfo(CHAIN, treasury().toLowerCase())).address.value).toBe(treasury())
    })

    it('getSafeInfo errors: non-Safe address 404, malformed address 422 (SDK message `CGW error - <code>: …`)', async () => {
      // SDK ≥ 3.22 prefixes "CGW error - " (@safe-global/safe-gateway-typescript-sdk); the part after it is
      // `${code}: ${message}`.
      const notSafe = await getSafeInfo(CHAIN, a4).catch((e: unknown) => e)
      expect(notSafe).toBeInstanceOf(Error)
      expect((notSafe as Error).message).toMatch(/^CGW error - 404: No Safe at /)
      const malformed = await getSafeInfo(CHAIN, '0x1234').catch((e: unknown) => e)
      expect(malformed).toBeInstanceOf(Error)
      expect((malformed as Error).message).toMatch(/^CGW error - 422: Invalid address/)
      await expect(getSafeInfo('1', treasury())).rejects.toThrow(/^CGW error - 404: /)
    })

    it('getNonces', async () => {
      expect(await getNonces(CHAIN, treasury())).toEqual({ currentNonce: 3, recommendedNonce: 3 })
      expect(await getNonces(CHAIN, solo())).toEqual({ currentNonce: 1, recommendedNonce: 1 })
    })

    it('getOwnedSafes', async () => {
      // #0 owns all four demo Safes (v1.4.1 treasury and solo, v1.3.0 legacyL2 and mainnet).
      const demoSafes = Object.values(devnet.scenario!.safes).map((safe) => safe.address)
      expect((await getOwnedSafes(CHAIN, a0)).safes.sort()).toEqual(demoSafes.sort())
      expect(await getOwnedSafes(CHAIN, a2)).toEqual({ safes: [treasury()] })
      expect(await getOwnedSafes(CHAIN, a3)).toEqual({ safes: [] })
    })
  })

  describe('balances', () => {
    it('getBalances usd: 9.5 ETH, 24,900 cUSD, 1,000 CGT = $53,900', async () => {
      const balances = await getBalances(CHAIN, treasury(), 'usd')
      expect(balances.fiatTotal).toBe('53900')
      const byType = balances.items.map((i) => [
        i.tokenInfo.symbol,
        i.balance,
        i.fiatBalance,
        i.fiatConversion,
      ])
      expect(byType).toEqual([
        ['ETH', parseEther('9.5').toString(), '28500', '3000'],
        ['cUSD', '24900000000', '24900', '1'],
        ['CGT', (1000n * 10n ** 18n).toString(), '500', '0.5'],
      ])
      expect(balances.items[1]!.tokenInfo).toMatchObject({
        type: 'ERC20',
        address: assets().usd,
        decimals: demoTokenInfo.usd.decimals,
        name: demoTokenInfo.usd.name,
      })
      expect(balances.items[0]!.tokenInfo.type).toBe('NATIVE_TOKEN')
    })

    it('getBalances eur: the same amounts at the EUR rate', async () => {
      const balances = await getBalances(CHAIN, treasury(), 'eur', { exclude_spam: true })
      expect(balances.fiatTotal).toBe('49588') // 53,900 × 0.92
      expect(balances.items.map((i) => i.balance)).toEqual([
        parseEther('9.5').toString(),
        '24900000000',
        (1000n * 10n ** 18n).toString(),
      ])
      const solos = await getBalances(CHAIN, solo())
      expect(solos.fiatTotal).toBe('4750') // 1.5 ETH + 500 CGT
    })

    it('getFiatCurrencies', async () => {
      expect(await getFiatCurrencies()).toEqual(expect.arrayContaining(['USD', 'EUR']))
    })
  })

  describe('collectibles', () => {
    it('getCollectibles (v1): Concord Shape #1..3', async () => {
      const list = await getCollectibles(CHAIN, treasury())
      expect(list.map((c) => [c.address, c.id, c.name])).toEqual([
        [assets().collectible, '1', 'Concord Shape #1'],
        [assets().collectible, '2', 'Concord Shape #2'],
        [assets().collectible, '3', 'Concord Shape #3'],
      ])
      expect(list[0]).toMatchObject({ tokenName: 'Concord Shapes', tokenSymbol: 'SHAPE' })
      expect(list[0]!.imageUri).toMatch(/^data:image\/svg\+xml;base64,/)
      expect((await getCollectibles(CHAIN, solo())).map((c) => c.id)).toEqual(['4', '5'])
    })

    it('getCollectiblesPage (v2): one page, and pages of 2 followed through next', async () => {
      const page = await getCollectiblesPage(CHAIN, treasury())
      expect(page.next ?? null).toBeNull()
      expect(page.previous ?? null).toBeNull()
      expect(page.results.map((c) => c.id)).toEqual(['1', '2', '3'])

      const base = `${gateway.url}/v2/chains/${CHAIN}/safes/${treasury()}/collectibles`
      const first = await getCollectiblesPage(CHAIN, treasury(), {}, `${base}?cursor=limit%3D2%26offset%3D0`)
      expect(first.next).toBe(`${base}?cursor=limit%3D2%26offset%3D2`)
      const pages = await allPages(first, (url) => getCollectiblesPage(CHAIN, treasury(), {}, url))
      expect(pages.map((p) => p.results.map((c) => c.id))).toEqual([['1', '2'], ['3']])
      expect(pages[1]!.previous).toBe(`${base}?cursor=limit%3D2%26offset%3D0`)
    })
  })

  describe('transaction lists', () => {
    it('getTransactionHistory: the treasury history, newest first, Creation last', async () => {
      const page = await getTransactionHistory(CHAIN, treasury())
      expect(page.results[0]?.type).toBe('DATE_LABEL')
      const txs = transactions(page)
      expect(txs).toHaveLength(11)
      expect(txs.map((t) => t.txInfo.type)).toEqual([
        'Transfer', // solo → treasury 0.5 ETH
        'Transfer', // nonce 2: cUSD to #3
        'Transfer', // nonce 1: 1 ETH to #3
        'SettingsChange', // nonce 0: add #2, threshold 2
        'Transfer', // NFT #3
        'Transfer', // NFT #2
        'Transfer', // NFT #1
        'Transfer', // 1,000 CGT
        'Transfer', // 25,000 cUSD
        'Transfer', // 10 ETH
        'Creation',
      ])
      // Newest first.
      const times = txs.map((t) => t.timestamp as number)
      expect([...times].sort((a, b) => b - a)).toEqual(times)

      const addOwner = txs.find((t) => t.txInfo.type === 'SettingsChange')
      expect(addOwner.txInfo).toMatchObject({
        settingsInfo: { type: 'ADD_OWNER', owner: { value: a2 }, threshold: 2 },
        dataDecoded: { method: 'addOwnerWithThreshold' },
      })
      expect(addOwner.executionInfo).toMatchObject({ type: 'MULTISIG', nonce: 0, confirmationsRequired: 1 })

      const ethOut = txs.find((t) => t.executionInfo?.nonce === 1)
      expect(ethOut.txInfo).toMatchObject({
        type: 'Transfer',
        direction: 'OUTGOING',
        sender: { value: treasury() },
        recipient: { value: a3 },
        transferInfo: { type: 'NATIVE_COIN', value: parseEther('1').toString() },
      })
      expect(ethOut.executionInfo).toMatchObject({ confirmationsRequired: 2, confirmationsSubmitted: 2 })

      const usdOut = txs.find((t) => t.executionInfo?.nonce === 2)
      expect(usdOut.txInfo).toMatchObject({
        direction: 'OUTGOING',
        recipient: { value: a3 },
        transferInfo: {
          type: 'ERC20',
          tokenAddress: assets().usd,
          value: '100000000',
          tokenSymbol: 'cUSD',
          decimals: 6,
        },
      })
      const usdIn = txs.find(
        (t) => t.txInfo.transferInfo?.type === 'ERC20' && t.txInfo.transferInfo.tokenAddress === assets().usd,
      )
      expect(usdIn).toBe(usdOut) // the outgoing multisig transfer comes first (newest)
      expect(
        txs.filter((t) => t.txInfo.direction === 'INCOMING').map((t) => t.txInfo.transferInfo.type),
      ).toEqual(['NATIVE_COIN', 'ERC721', 'ERC721', 'ERC721', 'ERC20', 'ERC20', 'NATIVE_COIN'])

      const creation = txs.at(-1)
      expect(creation.id).toBe(`creation_${treasury()}`)
      expect(creation.txInfo).toMatchObject({
        type: 'Creation',
        implementation: { value: safeV141.safeL2 },
        factory: { value: safeV141.safeProxyFactory },
      })
    })

    it('getTransactionHistory: pages of 3 followed through next equal the single big page', async () => {
      const base = `${gateway.url}/v1/chains/${CHAIN}/safes/${treasury()}/transactions/history`
      const first = await getTransactionHistory(
        CHAIN,
        treasury(),
        {},
        `${base}?cursor=limit%3D3%26offset%3D0`,
      )
      expect(first.previous ?? null).toBeNull()
      expect(first.next).toBe(`${base}?cursor=limit%3D3%26offset%3D3`)
      const pages = await allPages<TransactionListPage>(first, (url) =>
        getTransactionHistory(CHAIN, treasury(), {}, url),
      )
      expect(pages).toHaveLength(4) // 11 items: 3 + 3 + 3 + 2
      expect(pages.map((p) => transactions(p).length)).toEqual([3, 3, 3, 2])
      expect(pages[2]!.previous).toBe(`${base}?cursor=limit%3D3%26offset%3D3`)
      expect(pages.at(-1)!.next ?? null).toBeNull()

      const big = await fullHistory()
      expect(big.next ?? null).toBeNull()
      expect(pages.flatMap(transactions)).toEqual(transactions(big))
      // Dates do not repeat across page boundaries: one label per distinct day overall.
      const labels = (p: TransactionListPage) => p.results.filter((i) => i.type === 'DATE_LABEL')
      expect(pages.flatMap(labels)).toEqual(labels(big))
    })

    it('getTransactionQueue: empty', async () => {
      const queue = await getTransactionQueue(CHAIN, treasury())
      expect(queue.results).toEqual([])
      expect(queue.next ?? null).toBeNull()
    })

    it('getMultisigTransactions: newest nonce first, and the nonce filter', async () => {
      const all = await getMultisigTransactions(CHAIN, treasury())
      expect(transactions(all).map((t) => t.executionInfo.nonce)).toEqual([2, 1, 0])
      expect(all.results.every((i) => i.type === 'TRANSACTION')).toBe(true)

      const one = await getMultisigTransactions(CHAIN, treasury(), { nonce: '1' })
      expect(transactions(one)).toHaveLength(1)
      expect(transactions(one)[0].txInfo).toMatchObject({
        transferInfo: { type: 'NATIVE_COIN', value: parseEther('1').toString() },
      })
      expect(transactions(await getMultisigTransactions(CHAIN, treasury(), { to: a3 })).length).toBe(1)
      expect(transactions(await getMultisigTransactions(CHAIN, treasury(), { executed: 'false' }))).toEqual(
        [],
      )

      const base = `${gateway.url}/v1/chains/${CHAIN}/safes/${treasury()}/multisig-transactions/`
      const first = await getMultisigTransactions(
        CHAIN,
        treasury(),
        {},
        `${base}?cursor=limit%3D2%26offset%3D0`,
      )
      const pages = await allPages(first, (url) => getMultisigTransactions(CHAIN, treasury(), {}, url))
      expect(pages.map((p) => transactions(p).map((t) => t.executionInfo.nonce))).toEqual([[2, 1], [0]])
    })

    it('getModuleTransactions: none (no module is enabled)', async () => {
      const page = await getModuleTransactions(CHAIN, treasury())
      expect(page.results).toEqual([])
      expect(page.next ?? null).toBeNull()
    })

    it('getIncomingTransfers: everything received, and the token filter', async () => {
      const page = await getIncomingTransfers(CHAIN, treasury())
      const txs = transactions(page)
      expect(txs.map((t) => t.txInfo.transferInfo.type)).toEqual([
        'NATIVE_COIN',
        'ERC721',
        'ERC721',
        'ERC721',
        'ERC20',
        'ERC20',
        'NATIVE_COIN',
      ])
      expect(
        txs.every((t) => t.txInfo.direction === 'INCOMING' && t.txInfo.recipient.value === treasury()),
      ).toBe(true)
      expect(txs[0].txInfo.sender.value).toBe(solo())

      const usd = transactions(await getIncomingTransfers(CHAIN, treasury(), { token_address: assets().usd }))
      expect(usd).toHaveLength(1)
      expect(usd[0].txInfo.transferInfo).toMatchObject({ tokenAddress: assets().usd, value: '25000000000' })
    })
  })

  describe('transaction details and the data decoder', () => {
    it('getTransactionDetails: a multisig transaction, with confirmations by owners', async () => {
      const txs = transactions(await fullHistory())
      const ethOut = txs.find((t) => t.executionInfo?.nonce === 1)
      const details = await getTransactionDetails(CHAIN, ethOut.id)
      expect(details).toMatchObject({
        safeAddress: treasury(),
        txId: ethOut.id,
        txStatus: 'SUCCESS',
        txHash: ethOut.txHash,
        txInfo: ethOut.txInfo,
        txData: { to: { value: a3 }, value: parseEther('1').toString(), operation: 0 },
        detailedExecutionInfo: { type: 'MULTISIG', nonce: 1, confirmationsRequired: 2 },
      })
      const exec = details.detailedExecutionInfo as any
      expect(exec.signers.map((s: { value: string }) => s.value)).toEqual([a2, a0, a1])
      const signers = exec.confirmations.map((c: { signer: { value: string } }) => c.signer.value)
      expect(signers.sort()).toEqual([a0, a1].sort())
      for (const s of signers) expect(devnet.scenario!.safes.treasury.owners).toContain(s)
      expect(exec.safeTxHash).toBe(ethOut.id.split('_')[2])

      // The bare safeTxHash is an id too.
      expect((await getTransactionDetails(CHAIN, exec.safeTxHash)).txId).toBe(ethOut.id)
    })

    it('getTransactionDetails: the cUSD transfer decodes as ERC20 transfer', async () => {
      const usdOut = transactions(await fullHistory()).find((t) => t.executionInfo?.nonce === 2)
      const details = await getTransactionDetails(CHAIN, usdOut.id)
      expect(details.txData?.dataDecoded).toMatchObject({
        method: 'transfer',
        parameters: [
          { type: 'address', value: a3 },
          { type: 'uint256', value: '100000000' },
        ],
      })
      const signers = (details.detailedExecutionInfo as any).confirmations.map((c: any) => c.signer.value)
      expect(signers.sort()).toEqual([a0, a2].sort())
    })

    it('getTransactionDetails: a transfer and the creation', async () => {
      const txs = transactions(await fullHistory())
      const received = txs.find((t) => t.id.startsWith('transfer_') && t.txInfo.transferInfo.type === 'ERC20')
      const transfer = await getTransactionDetails(CHAIN, received.id)
      expect(transfer).toMatchObject({
        safeAddress: treasury(),
        txId: received.id,
        txStatus: 'SUCCESS',
        txHash: received.txHash,
        txInfo: {
          type: 'Transfer',
          direction: 'INCOMING',
          transferInfo: { type: 'ERC20', value: (1000n * 10n ** 18n).toString(), tokenSymbol: 'CGT' },
        },
      })

      const creationItem = txs.at(-1)
      const creation = await getTransactionDetails(CHAIN, creationItem.id)
      expect(creation).toMatchObject({
        safeAddress: treasury(),
        txId: `creation_${treasury()}`,
        txStatus: 'SUCCESS',
        txHash: creationItem.txHash,
        executedAt: creationItem.timestamp,
        txInfo: { type: 'Creation', implementation: { value: safeV141.safeL2 } },
      })

      await expect(getTransactionDetails(CHAIN, 'nonsense')).rejects.toThrow(/^CGW error - 400: /)
      await expect(
        getTransactionDetails(CHAIN, `multisig_${treasury()}_0x${'0'.repeat(64)}`),
      ).rejects.toThrow(/^CGW error - 404: /)
    })

    it('getDecodedData: an ERC20 transfer', async () => {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a3, 100_000_000n] })
      expect(await getDecodedData(CHAIN, 0, data, assets().usd)).toEqual({
        method: 'transfer',
        parameters: [
          { name: 'to', type: 'address', value: a3 },
          { name: 'value', type: 'uint256', value: '100000000' },
        ],
        accuracy: 'FULL_MATCH',
      })
      // Without `to` as well (the SDK may omit it).
      expect((await getDecodedData(CHAIN, 0, data)).method).toBe('transfer')
    })
  })

  // Last: this one changes the chain (a module on the solo Safe), so it runs after the read-only checks.
  describe('module transactions', () => {
    it('getModuleTransactions / getTransactionDetails for a module call', async () => {
      await execSafeTx(devnet.client, {
        safe: solo(),
        tx: {
          to: solo(),
          data: encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [a4] }),
        },
        signers: [testAccount(0)],
        executor: a0,
      })
      const txHash = await devnet.client.writeContract({
        account: a4,
        address: solo(),
        abi: safeAbi,
        functionName: 'execTransactionFromModule',
        args: [a3, parseEther('0.25'), '0x', 0],
      })
      await devnet.client.waitForTransactionReceipt({ hash: txHash })
      await gateway.indexers.get(31337)!.sync()

      const txs = transactions(await getModuleTransactions(CHAIN, solo()))
      expect(txs).toHaveLength(1)
      const [tx] = txs
      expect(tx).toMatchObject({
        txHash,
        txStatus: 'SUCCESS',
        executionInfo: { type: 'MODULE', address: { value: a4 } },
        txInfo: {
          type: 'Transfer',
          direction: 'OUTGOING',
          recipient: { value: a3 },
          transferInfo: { type: 'NATIVE_COIN', value: parseEther('0.25').toString() },
        },
      })
      expect(transactions(await getModuleTransactions(CHAIN, solo(), { module: a4 }))).toHaveLength(1)
      expect(transactions(await getModuleTransactions(CHAIN, solo(), { module: a3 }))).toHaveLength(0)
      expect(
        transactions(await getModuleTransactions(CHAIN, solo(), { transaction_hash: txHash })),
      ).toHaveLength(1)

      const details = await getTransactionDetails(CHAIN, tx.id)
      expect(details).toMatchObject({
        safeAddress: solo(),
        txId: tx.id,
        txStatus: 'SUCCESS',
        txHash,
        txInfo: tx.txInfo,
        txData: { to: { value: a3 }, value: parseEther('0.25').toString(), operation: 0 },
        detailedExecutionInfo: { type: 'MODULE', address: { value: a4 } },
      })

      const history = transactions(await getTransactionHistory(CHAIN, solo()))
      expect(history[0].id).toBe(tx.id)
      expect(history[1].txInfo).toMatchObject({
        type: 'SettingsChange',
        settingsInfo: { type: 'ENABLE_MODULE' },
      })
      expect((await getSafeInfo(CHAIN, solo())).modules).toEqual([expect.objectContaining({ value: a4 })])
    })
  })
})
