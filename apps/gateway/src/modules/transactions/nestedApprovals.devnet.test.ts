// Nested Safes at depth 2 on the devnet: G (1-of-1, #0) owns P (1-of-1), P and #1 own C (2-of-2). #1 proposes a C
// transaction through the gateway; G approves P's approveHash transaction on chain, P executes it with G's
// pre-validated signature, and the gateway's indexer records P's on-chain approval (ApproveHash) as P's
// confirmation of the C transaction, which then executes with #1's signature and P's pre-validated one.
import { createSafe, type Devnet, sendExecTransaction, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { preValidatedSignature } from '@concord/safe/signatures'
import { type Address, encodeFunctionData, type Hex, parseAbi, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'
import { proposalBody } from '../../testing/proposalBody.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'

const [a0, a1, a3] = [testAccount(0), testAccount(1), testAccount(3)]
const approvedHashesAbi = parseAbi(['function approvedHashes(address, bytes32) view returns (uint256)'])
const CHAIN = 31337

type Confirmation = { signer: { value: string }; signature: string | null }

describe.each(testDatabaseKinds())('nested Safe approvals on %s', (kind) => {
  let devnet: Devnet
  let gateway: Gateway
  let database: TestDatabase
  const request = (method: string, path: string, body?: unknown) => jsonRequest(gateway, method, path, body)
  const sync = () => gateway.indexers.get(CHAIN)?.sync()
  const approveHash = (hash: Hex) =>
    encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [hash] })

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    devnet = await startDevnet({ port: 0 })
    gateway = await createGateway(createDevnetTestConfig(devnet, { databaseUrl: database.url }))
  })
  afterAll(async () => {
    await gateway?.stop()
    await devnet?.stop()
    await database?.drop()
  })

  it('default: a parent Safe approved by its own parent Safe confirms the child transaction, which executes', async () => {
    const { client } = devnet
    const create = (owners: Address[], threshold: number, saltNonce: bigint) =>
      createSafe(client, { owners, threshold, saltNonce, sender: a0.address })
    const g = await create([a0.address], 1, 901n)
    const p = await create([g], 1, 902n)
    const c = await create([p, a1.address], 2, 903n)
    await client.waitForTransactionReceipt({
      hash: await client.sendTransaction({ account: a0.address, to: c, value: parseEther('1') }),
    })
    await sync()

    const propose = async (safe: Address, tx: SafeTx.SafeTx, signer: typeof a0) =>
      request(
        'POST',
        `/v1/chains/${CHAIN}/transactions/${safe}/propose`,
        await proposalBody(tx, { chainId: CHAIN, address: safe }, signer),
      )
    const confirmationsOf = async (hash: Hex) =>
      (
        (await request('GET', `/v1/chains/${CHAIN}/transactions/${hash}`)).body as {
          detailedExecutionInfo: { confirmations: Confirmation[] }
        }
      ).detailedExecutionInfo.confirmations

    // #1 proposes C's transaction through the gateway.
    const cTx = SafeTx.from({ to: a3.address, value: 1000n, nonce: 0n })
    const cHash = SafeTx.hash(cTx, { chainId: CHAIN, address: c })
    const proposed = await propose(c, cTx, a1)
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200)

    // P's transaction approves C's hash; G's transaction approves P's hash; #0 signs and executes G's.
    const pTx = SafeTx.from({ to: c, data: approveHash(cHash), nonce: 0n })
    const pHash = SafeTx.hash(pTx, { chainId: CHAIN, address: p })
    // #0 owns P only through G: it may propose P's transaction (its signature is no confirmation); #3 may not.
    const nested = await propose(p, pTx, a0)
    expect(nested.status, JSON.stringify(nested.body)).toBe(200)
    expect(await confirmationsOf(pHash)).toEqual([])
    const stranger = await propose(p, pTx, a3)
    expect(stranger.status).toBe(422)
    expect(JSON.stringify(stranger.body)).toContain('is not an owner or a delegate of this Safe')
    const gTx = SafeTx.from({ to: p, data: approveHash(pHash), nonce: 0n })
    const gHash = SafeTx.hash(gTx, { chainId: CHAIN, address: g })
    await sendExecTransaction(client, {
      safe: g,
      tx: gTx,
      signatures: SafeTx.joinSignatures([{ signer: a0.address, data: await a0.sign({ hash: gHash }) }]),
      executor: a0.address,
    })
    await sync()
    // G's approval is P's confirmation: P's queued transaction is confirmed by G.
    expect((await confirmationsOf(pHash)).map((x) => x.signer.value)).toEqual([g])
    // Anyone executes P's transaction with G's pre-validated signature.
    await sendExecTransaction(client, {
      safe: p,
      tx: pTx,
      signatures: preValidatedSignature(g),
      executor: a3.address,
    })
    const approved = await client.readContract({
      address: c,
      abi: approvedHashesAbi,
      functionName: 'approvedHashes',
      args: [p, cHash],
    })
    expect(approved).toBe(1n)

    await sync()
    const confirmations = await confirmationsOf(cHash)
    const byP = confirmations.find((x) => x.signer.value === p)
    // A pre-validated signature (r = P, v = 1): what execTransaction reads as "approved on chain".
    expect(byP?.signature).toBe(preValidatedSignature(p))
    expect(confirmations.map((x) => x.signer.value).sort()).toEqual([a1.address, p].sort())

    // The stored confirmations execute C: the chain is the oracle.
    const sorted = [...confirmations].sort((x, y) =>
      x.signer.value.toLowerCase() < y.signer.value.toLowerCase() ? -1 : 1,
    )
    const before = await client.getBalance({ address: a3.address })
    await sendExecTransaction(client, {
      safe: c,
      tx: cTx,
      signatures: `0x${sorted.map((x) => (x.signature as string).slice(2)).join('')}`,
      executor: a0.address,
    })
    expect(await client.readContract({ address: c, abi: safeAbi, functionName: 'nonce' })).toBe(1n)
    expect((await client.getBalance({ address: a3.address })) - before).toBe(1000n)
  })
})
