// Every demo Safe, of every version the devnet holds (1.4.1 SafeL2, 1.3.0 GnosisSafeL2, 1.3.0 GnosisSafe),
// read through the official gateway SDK: settings equal the contract's own answers, every executed
// transaction is in the history with its safeTxHash and nonce, and details name the owners of that moment.
// On anvil (call traces) even the relayed execution of the non-L2 Safe has its parameters; on the Hardhat
// fallback (no callTracer) it is still listed, with what its events tell.
import {
  createSafe,
  type DemoSafe,
  type Devnet,
  type DevnetEngine,
  startDevnet,
  testAccount,
} from '@concord/devnet'
import { safeAbi, safeV130 } from '@concord/safe/contracts'
import {
  getSafeInfo,
  getTransactionDetails,
  getTransactionHistory,
  setBaseUrl,
} from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, getAddress, type Hex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from './createGateway.ts'
import { createDevnetTestConfig } from './testing/createTestConfig.ts'

const CHAIN = '31337'
const SAFES = ['treasury', 'solo', 'legacyL2', 'mainnet'] as const

describe.each<DevnetEngine>(['anvil', 'hardhat'])('every Safe version on the %s devnet', (engine) => {
  let devnet: Devnet
  let gateway: Gateway
  const safe = (name: (typeof SAFES)[number]) => devnet.scenario?.safes[name] as DemoSafe
  const read = <F extends 'getOwners' | 'getThreshold' | 'nonce'>(
    address: Address,
    functionName: F,
    blockNumber?: bigint,
  ) => devnet.client.readContract({ address, abi: safeAbi, functionName, blockNumber } as never)

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0, engine })
    gateway = await createGateway(createDevnetTestConfig(devnet))
    await gateway.indexers.get(31337)?.sync()
    setBaseUrl(await gateway.listen())
  })
  afterAll(async () => {
    await gateway?.stop()
    await devnet?.stop()
  })

  it('decodes every Safe log, and knows whether the node traces', () => {
    const status = gateway.indexers.get(31337)?.status()
    expect(status?.undecodableLogs).toBe(0)
    expect(status?.tracing).toBe(engine === 'anvil')
  })

  it.each(SAFES)('getSafeInfo: %s as the contract says', async (name) => {
    const { address, version, l2, owners, threshold } = safe(name)
    const info = await getSafeInfo(CHAIN, address)
    expect(info.version).toBe(`${version}${l2 ? '+L2' : ''}`)
    expect(info.owners.map((o) => o.value)).toEqual(owners)
    expect(info.owners.map((o) => o.value)).toEqual(await read(address, 'getOwners'))
    expect(info.threshold).toBe(threshold)
    expect(BigInt(info.nonce)).toBe(await read(address, 'nonce'))
    expect(info.implementationVersionState).toBe(version === '1.4.1' ? 'UP_TO_DATE' : 'OUTDATED')
  })

  it.each(SAFES)('history and details: every execution of %s', async (name) => {
    const { address, executions } = safe(name)
    const page = await getTransactionHistory(CHAIN, address, {}, undefined)
    const items = page.results.flatMap((i) => (i.type === 'TRANSACTION' ? [i.transaction] : []))
    const multisig = items.filter((t) => t.executionInfo?.type === 'MULTISIG')
    expect(multisig.map((t) => t.txHash).reverse()).toEqual(executions.map((e) => e.hash))
    expect(items.at(-1)?.txInfo.type).toBe('Creation')

    for (const [i, execution] of executions.entries()) {
      const summary = multisig[multisig.length - 1 - i]
      expect(summary?.executionInfo).toMatchObject({ type: 'MULTISIG', nonce: Number(execution.nonce) })
      const details = await getTransactionDetails(CHAIN, summary?.id as string)
      const info = details.detailedExecutionInfo as Extract<
        typeof details.detailedExecutionInfo,
        { type: 'MULTISIG' }
      >
      expect(info.safeTxHash).toBe(execution.safeTxHash)
      expect(details.txStatus).toBe('SUCCESS')
      // The owners and threshold when it ran, read from the chain at the block before.
      const receipt = await devnet.client.getTransactionReceipt({ hash: execution.hash })
      const before = receipt.blockNumber - 1n
      expect(info.signers.map((s) => s.value)).toEqual(await read(address, 'getOwners', before))
      expect(info.confirmationsRequired).toBe(Number(await read(address, 'getThreshold', before)))
      const unknown = engine === 'hardhat' && name === 'mainnet' && execution.relayed
      if (unknown) {
        // No calldata, proposal or trace: the execution is listed with what its events tell.
        expect(summary?.txInfo).toMatchObject({ type: 'Custom', to: { value: address }, methodName: null })
        expect(details.txData).toBeNull()
        continue
      }
      expect(info.confirmations.length).toBe(
        (summary?.executionInfo as { confirmationsSubmitted?: number } | undefined)?.confirmationsSubmitted,
      )
      expect(info.confirmations.length).toBeGreaterThanOrEqual(info.confirmationsRequired)
      for (const c of info.confirmations) expect(info.signers.map((s) => s.value)).toContain(c.signer.value)
      expect(details.txData?.hexData ?? '0x').toBeDefined()
    }
  })

  it('recognises a Safe whose singleton sits at an unlisted address by its code hash', async () => {
    // The 1.3.0 GnosisSafeL2 bytecode copied to an address no deployment lists, and a proxy created on it.
    const copy = getAddress('0xc0de00000000000000000000000000000000c0de')
    const code = await devnet.client.getCode({ address: safeV130.safeL2 })
    await devnet.client.setCode({ address: copy, bytecode: code as Hex })
    const address = await createSafe(devnet.client, {
      owners: [testAccount(9).address],
      threshold: 1,
      saltNonce: 42n,
      sender: testAccount(0).address,
      version: '1.3.0',
      singleton: copy,
    })
    await gateway.indexers.get(31337)?.sync()
    const info = await getSafeInfo(CHAIN, address)
    expect(info.version).toBe('1.3.0+L2')
    expect(info.implementation.value).toBe(copy)
  })

  it.each(['legacyL2', 'mainnet'] as const)('txInfo of each kind of %s execution', async (name) => {
    const { address, executions } = safe(name)
    const page = await getTransactionHistory(CHAIN, address)
    const byHash = new Map(
      page.results.flatMap((i) => (i.type === 'TRANSACTION' ? [[i.transaction.txHash, i.transaction]] : [])),
    )
    const info = (description: string) => {
      const e = executions.find((x) => x.description.startsWith(description))
      return byHash.get(e?.hash as Hex)?.txInfo as Record<string, any>
    }
    expect(info('addOwnerWithThreshold')).toMatchObject({
      type: 'SettingsChange',
      settingsInfo: { type: 'ADD_OWNER', threshold: 2 },
    })
    expect(info('transfer')).toMatchObject({
      type: 'Transfer',
      direction: 'OUTGOING',
      transferInfo: { type: 'ERC20' },
    })
    expect(info('multiSend')).toMatchObject({ type: 'Custom', methodName: 'multiSend', actionCount: 2 })
    const relayed = info('send 0.5 ETH')
    if (engine === 'hardhat' && name === 'mainnet') expect(relayed.type).toBe('Custom')
    else
      expect(relayed).toMatchObject({
        type: 'Transfer',
        recipient: { value: getAddress(devnet.scenario?.recipient as Address) },
        transferInfo: { type: 'NATIVE_COIN', value: parseEther('0.5').toString() },
      })
  })
})
