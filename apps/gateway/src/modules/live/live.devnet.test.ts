// Live updates end to end on one gateway (PGlite, real HTTP, the devnet): a proposal and a confirmation
// posted to the API, then the execution, a coin and a token sent to the Safe, each reach an open stream.
import { type Devnet, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { type Address, encodeFunctionData, getAddress } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { proposalBody } from '../../testing/proposalBody.ts'
import { readSse, type SseEvent, type SseReader } from '../../testing/sseEvents.ts'

const [a0, a1, a3] = [0, 1, 3].map(testAccount) as [HDAccount, HDAccount, HDAccount]
const CHAIN = 31337

describe('live updates on the devnet', () => {
  let devnet: Devnet
  let gateway: Gateway
  let reader: SseReader
  const treasury = () => devnet.scenario?.safes.treasury.address as Address
  const change = (type: string) => (e: SseEvent) => e.event === 'change' && JSON.parse(e.data).type === type
  const post = (path: string, body: unknown) =>
    fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    devnet = await startDevnet({ port: 0 })
    gateway = await createGateway(createDevnetTestConfig(devnet))
    await gateway.listen()
    await gateway.indexers.get(CHAIN)?.sync()
    reader = readSse(await fetch(`${gateway.url}/v1/live?safes=${CHAIN}:${treasury()}`))
    await reader.next((e) => e.event === 'ready')
  })
  afterAll(async () => {
    await reader?.close()
    await gateway?.stop()
    await devnet?.stop()
  })

  it('a proposal, a confirmation and the execution arrive as they are committed', async () => {
    const nonce = await devnet.client.readContract({
      address: treasury(),
      abi: safeAbi,
      functionName: 'nonce',
    })
    const tx = SafeTx.from({ to: a3.address, value: 1n, nonce })
    const body = await proposalBody(tx, { chainId: CHAIN, address: treasury() }, a0)
    const { safeTxHash } = body
    const proposed = await post(`/v1/chains/${CHAIN}/transactions/${treasury()}/propose`, body)
    expect(proposed.status).toBe(200)
    expect(JSON.parse((await reader.next(change('PENDING_MULTISIG_TRANSACTION'))).data)).toEqual({
      type: 'PENDING_MULTISIG_TRANSACTION',
      chainId: CHAIN,
      address: treasury(),
      safeTxHash,
      // A plain transfer: no risk found (a risky proposal lists its checks here, as in notifications).
      risks: [],
    })
    await reader.next(change('NEW_CONFIRMATION'))

    const confirmed = await post(`/v1/chains/${CHAIN}/transactions/${safeTxHash}/confirmations`, {
      signedSafeTxHash: await a1.sign({ hash: safeTxHash }),
    })
    expect(confirmed.status).toBe(200)
    expect(JSON.parse((await reader.next(change('NEW_CONFIRMATION'))).data)).toMatchObject({
      safeTxHash,
      owner: a1.address,
    })
    await reader.next(change('READY_TO_EXECUTE'))

    const txHash = await execSafeTx(devnet.client, {
      safe: treasury(),
      tx: { to: a3.address, value: 1n },
      signers: [a0, a1],
      executor: a0.address,
    })
    await gateway.indexers.get(CHAIN)?.sync()
    const block = JSON.parse((await reader.next(change('BLOCK_INDEXED'))).data)
    expect(block.safes).toEqual([treasury()])
    expect(JSON.parse((await reader.next(change('EXECUTED_MULTISIG_TRANSACTION'))).data)).toEqual({
      type: 'EXECUTED_MULTISIG_TRANSACTION',
      chainId: CHAIN,
      address: treasury(),
      safeTxHash,
      txHash,
      failed: false,
    })
  })

  it('incoming coin and tokens arrive once indexed', async () => {
    const coin = await devnet.client.sendTransaction({ account: a3.address, to: treasury(), value: 5n })
    const usd = devnet.assets?.usd as Address
    const token = await devnet.client.sendTransaction({
      account: a0.address,
      to: usd,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [treasury(), 7n] }),
    })
    for (const hash of [coin, token]) await devnet.client.waitForTransactionReceipt({ hash })
    await gateway.indexers.get(CHAIN)?.sync()
    expect(JSON.parse((await reader.next(change('INCOMING_ETHER'))).data)).toEqual({
      type: 'INCOMING_ETHER',
      chainId: CHAIN,
      address: treasury(),
      txHash: coin,
      value: '5',
    })
    expect(JSON.parse((await reader.next(change('INCOMING_TOKEN'))).data)).toEqual({
      type: 'INCOMING_TOKEN',
      chainId: CHAIN,
      address: treasury(),
      txHash: token,
      tokenAddress: getAddress(usd),
      value: '7',
      tokenId: null,
    })
  })
})
