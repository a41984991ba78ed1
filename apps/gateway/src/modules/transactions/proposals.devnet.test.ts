// Proposals, confirmations, the queue and deletion on the devnet, on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL. Every rule is tried with its bad case: the error names the problem and nothing is stored.
import { createSafe, type Devnet, sendExecTransaction, startDevnet, testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi, safeV141 } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { deleteRequestTypedData, totp } from '@concord/safe/serviceRequests'
import { eq } from 'drizzle-orm'
import { type Address, concat, encodeFunctionData, type Hex, pad, toHex, zeroAddress } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { delegates, multisigTransactions } from '../../db/schema.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'

const [a0, a1, a2, a3, a5] = [0, 1, 2, 3, 5].map(testAccount) as HDAccount[]
const CHAIN = 31337

describe.each(testDatabaseKinds())('proposals on %s', (kind) => {
  let devnet: Devnet
  let gateway: Gateway
  let database: TestDatabase
  const treasury = () => devnet.scenario?.safes.treasury.address as Address
  const request = (method: string, path: string, body?: unknown) => jsonRequest(gateway, method, path, body)
  const queue = async () =>
    (await request('GET', `/v1/chains/${CHAIN}/safes/${treasury()}/transactions/queued`)).body
  const nonce = async () =>
    Number(await devnet.client.readContract({ address: treasury(), abi: safeAbi, functionName: 'nonce' }))

  /** A cUSD transfer from the treasury at `n`, its hash and the propose body signed by `signer`. */
  async function transfer(n: number, amount = 1n, signer: HDAccount | null = a0 as HDAccount) {
    const tx = SafeTx.from({
      to: devnet.assets?.usd as Address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [a3?.address as Address, amount],
      }),
      nonce: BigInt(n),
    })
    const safeTxHash = SafeTx.hash(tx, { chainId: CHAIN, address: treasury() })
    const body = {
      to: tx.to,
      value: '0',
      data: tx.data,
      nonce: String(n),
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      safeTxHash,
      sender: signer?.address ?? a0?.address,
      signature: signer ? await signer.sign({ hash: safeTxHash }) : undefined,
    }
    return { tx, safeTxHash, body }
  }
  const propose = (body: unknown) =>
    request('POST', `/v1/chains/${CHAIN}/transactions/${treasury()}/propose`, body)
  const details = (hash: string) => request('GET', `/v1/chains/${CHAIN}/transactions/${hash}`)

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    devnet = await startDevnet({ port: 0 })
    gateway = await createGateway(createDevnetTestConfig(devnet, { databaseUrl: database.url }))
    await gateway.indexers.get(CHAIN)?.sync()
  })
  afterAll(async () => {
    await gateway?.stop()
    await devnet?.stop()
    await database?.drop()
  })

  it('an owner proposes with its signature: in the queue as Next, awaiting confirmations', async () => {
    const n = await nonce()
    const { safeTxHash, body } = await transfer(n)
    const res = await propose(body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      txStatus: 'AWAITING_CONFIRMATIONS',
      txHash: null,
      executedAt: null,
      detailedExecutionInfo: {
        safeTxHash,
        nonce: n,
        confirmationsRequired: 2,
        confirmations: [{ signer: { value: a0?.address } }],
        proposer: { value: a0?.address },
        trusted: true,
      },
    })
    const page = await queue()
    expect(page.results.map((i: { type: string; label?: string }) => i.label ?? i.type)).toEqual([
      'Next',
      'TRANSACTION',
    ])
    expect(page.results[1].transaction.executionInfo).toMatchObject({
      confirmationsSubmitted: 1,
      confirmationsRequired: 2,
      missingSigners: expect.arrayContaining([{ value: a1?.address, name: null, logoUri: null }]),
    })
    const info = (await request('GET', `/v1/chains/${CHAIN}/safes/${treasury()}`)).body
    expect(info.txQueuedTag).toMatch(/^\d{13}$/)
    const nonces = (await request('GET', `/v1/chains/${CHAIN}/safes/${treasury()}/nonces`)).body
    expect(nonces).toEqual({ currentNonce: n, recommendedNonce: n + 1 })
    const estimation = await request(
      'POST',
      `/v2/chains/${CHAIN}/safes/${treasury()}/multisig-transactions/estimations`,
      { to: a3?.address, value: '1', data: '0x', operation: 0 },
    )
    expect(estimation.body).toEqual({ currentNonce: n, recommendedNonce: n + 1, safeTxGas: '0' })
  })

  it.each([
    [
      'a forged signature (not from an owner)',
      async () => ({ ...(await transfer(7, 2n, a5 as HDAccount)).body, sender: a0?.address }),
      /Signature 1 is from .* not an owner/,
    ],
    [
      'a non-owner sender',
      async () => ({ ...(await transfer(7, 3n, a5 as HDAccount)).body, sender: a5?.address }),
      /not an owner or a delegate/,
    ],
    [
      "an owner's name without its signature",
      async () => ({ ...(await transfer(7, 7n, null)).body, sender: a0?.address }),
      /^Unsigned proposal: the sender's signature of the safeTxHash is required/,
    ],
    [
      "a nonce far above the queue (it would become everyone's recommended nonce)",
      async () => (await transfer(2 ** 53 - 1, 8n)).body,
      /Invalid nonce: 9007199254740991 is more than 100 above the Safe's nonce/,
    ],
    [
      'a wrong safeTxHash',
      async () => ({ ...(await transfer(7, 4n)).body, safeTxHash: `0x${'12'.repeat(32)}` }),
      /Invalid safeTxHash/,
    ],
    ['a stale nonce', async () => (await transfer(0, 5n)).body, /Invalid nonce: 0 is below/],
    [
      'a DELEGATECALL to an unknown contract',
      async () => {
        const tx = SafeTx.from({ to: a5?.address as Address, operation: 1, nonce: 7n })
        const safeTxHash = SafeTx.hash(tx, { chainId: CHAIN, address: treasury() })
        return {
          ...(await transfer(7)).body,
          to: tx.to,
          data: '0x',
          operation: 1,
          safeTxHash,
          signature: await a0?.sign({ hash: safeTxHash }),
        }
      },
      /Delegate call to .* is not allowed/,
    ],
    [
      'a valid signature plus one trailing byte (the contract ignores it; the store would keep it)',
      async () => {
        const { body } = await transfer(7, 9n)
        return { ...body, signature: `${body.signature}00` }
      },
      /^Invalid signature: 1 byte after the last signature belongs to no signature$/,
    ],
    [
      'a sender who did not sign',
      async () => ({ ...(await transfer(7, 6n, a1 as HDAccount)).body, sender: a0?.address }),
      /sender must sign/,
    ],
  ])('rejects %s with a 422 and stores nothing', async (_, make, message) => {
    const before = await queue()
    const body = await make()
    const res = await propose(body)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ code: 422, message: expect.stringMatching(message) })
    expect(await queue()).toEqual(before)
    expect((await details(body.safeTxHash)).status).toBe(404)
  })

  it('confirmations: a second owner confirms; a duplicate, a non-owner and an unknown hash are refused', async () => {
    const n = await nonce()
    const { safeTxHash } = await transfer(n)
    const confirm = (signature: string, hash = safeTxHash) =>
      request('POST', `/v1/chains/${CHAIN}/transactions/${hash}/confirmations`, {
        signedSafeTxHash: signature,
      })
    const duplicate = await confirm(await (a0 as HDAccount).sign({ hash: safeTxHash }))
    expect(duplicate).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/already confirmed/) },
    })
    const stranger = await confirm(await (a5 as HDAccount).sign({ hash: safeTxHash }))
    expect(stranger).toMatchObject({ status: 422, body: { message: expect.stringMatching(/not an owner/) } })
    const unknown = await confirm(await (a1 as HDAccount).sign({ hash: safeTxHash }), `0x${'34'.repeat(32)}`)
    expect(unknown.status).toBe(404)
    expect((await details(safeTxHash)).body.detailedExecutionInfo.confirmations).toHaveLength(1)

    const ok = await confirm(await (a1 as HDAccount).sign({ hash: safeTxHash }))
    expect(ok.status).toBe(200)
    expect(ok.body.txStatus).toBe('AWAITING_EXECUTION')
  })

  it('an approved hash (v 1) confirms once approveHash is on chain', async () => {
    const n = await nonce()
    const { body, safeTxHash } = await transfer(n + 1, 9n)
    expect((await propose(body)).status).toBe(200)
    const approval = `0x${a2?.address.slice(2).toLowerCase().padStart(64, '0')}${'00'.repeat(32)}01`
    const confirm = () =>
      request('POST', `/v1/chains/${CHAIN}/transactions/${safeTxHash}/confirmations`, {
        signedSafeTxHash: approval,
      })
    expect(await confirm()).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/not approved this hash on chain/) },
    })
    await devnet.client.waitForTransactionReceipt({
      hash: await devnet.client.writeContract({
        account: a2?.address as Address,
        address: treasury(),
        abi: safeAbi,
        functionName: 'approveHash',
        args: [safeTxHash],
      }),
    })
    expect((await confirm()).status).toBe(200)
  })

  it('deletion: only by the proposer, never from the middle of the queue', async () => {
    const n = await nonce()
    const middle = (await transfer(n)).safeTxHash // proposed in the first test, nonce n; another waits at n + 1
    const last = (await transfer(n + 1, 9n)).safeTxHash
    const sign = (signer: HDAccount, hash: Hex) =>
      signer.signTypedData(
        deleteRequestTypedData({ chainId: CHAIN, safe: treasury(), safeTxHash: hash, totp: totp() }),
      )
    const remove = async (hash: Hex, signer: HDAccount) =>
      request('DELETE', `/v1/chains/${CHAIN}/transactions/${hash}`, { signature: await sign(signer, hash) })
    expect(await remove(middle, a0 as HDAccount)).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/nonce gap/) },
    })
    expect(await remove(last, a1 as HDAccount)).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/proposer must sign/) },
    })
    expect((await details(last)).status).toBe(200)
    expect((await remove(last, a0 as HDAccount)).status).toBe(200)
    expect((await details(last)).status).toBe(404)
  })

  it('executed on chain: it leaves the queue for history, with the confirmations it was executed with', async () => {
    const n = await nonce()
    const { tx, safeTxHash } = await transfer(n)
    const stored = (await details(safeTxHash)).body.detailedExecutionInfo.confirmations as {
      signer: { value: Address }
      signature: Hex
      submittedAt: number
    }[]
    const signatures = SafeTx.joinSignatures(
      stored.map((c) => ({ signer: c.signer.value, data: c.signature })),
    )
    await sendExecTransaction(devnet.client, {
      safe: treasury(),
      tx,
      signatures,
      executor: a0?.address as Address,
    })
    await gateway.indexers.get(CHAIN)?.sync()
    const executed = (await details(safeTxHash)).body
    expect(executed.txStatus).toBe('SUCCESS')
    expect(executed.detailedExecutionInfo.proposer).toMatchObject({ value: a0?.address })
    expect(
      executed.detailedExecutionInfo.confirmations.map((c: { submittedAt: number }) => c.submittedAt).sort(),
    ).toEqual(stored.map((c) => c.submittedAt).sort())
    expect((await queue()).results).toEqual([])
    const confirmLate = await request(
      'POST',
      `/v1/chains/${CHAIN}/transactions/${safeTxHash}/confirmations`,
      {
        signedSafeTxHash: await (a2 as HDAccount).sign({ hash: safeTxHash }),
      },
    )
    expect(confirmLate).toMatchObject({ status: 422, body: { message: 'Transaction already executed' } })
    expect(safeV141.multiSend).toBeTruthy()
  })

  it('a contract signature (v 0) of an owner that is itself a Safe confirms (EIP-1271)', async () => {
    // X is owned by a0 and by Safe B, whose single owner a1 signs for it.
    const b = await createSafe(devnet.client, {
      owners: [a1?.address as Address],
      threshold: 1,
      saltNonce: 501n,
      sender: a0?.address as Address,
    })
    const x = await createSafe(devnet.client, {
      owners: [a0?.address as Address, b],
      threshold: 2,
      saltNonce: 502n,
      sender: a0?.address as Address,
    })
    await gateway.indexers.get(CHAIN)?.sync()
    const tx = SafeTx.from({ to: a3?.address as Address, nonce: 0n })
    const safeTxHash = SafeTx.hash(tx, { chainId: CHAIN, address: x })
    const proposed = await request('POST', `/v1/chains/${CHAIN}/transactions/${x}/propose`, {
      ...(await transfer(0)).body,
      to: tx.to,
      data: '0x',
      safeTxHash,
      signature: await (a0 as HDAccount).sign({ hash: safeTxHash }),
    })
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200)
    const inner = await (a1 as HDAccount).signTypedData({
      domain: { chainId: CHAIN, verifyingContract: b },
      types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'SafeMessage',
      message: { message: safeTxHash },
    })
    const contractSignature = concat([
      pad(b),
      toHex(65, { size: 32 }),
      '0x00',
      toHex(65, { size: 32 }),
      inner,
    ])
    const confirm = (signature: Hex) =>
      request('POST', `/v1/chains/${CHAIN}/transactions/${safeTxHash}/confirmations`, {
        signedSafeTxHash: signature,
      })
    const forged = concat([
      pad(b),
      toHex(65, { size: 32 }),
      '0x00',
      toHex(65, { size: 32 }),
      await (a5 as HDAccount).sign({ hash: safeTxHash }),
    ])
    expect(await confirm(forged)).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/not valid for this hash \(EIP-1271\)/) },
    })
    // Every byte must be the signature it claims: data after the contract signature's is refused.
    expect(await confirm(concat([contractSignature, '0xdead']))).toMatchObject({
      status: 422,
      body: { message: 'Invalid signature: 2 bytes after the last signature belong to no signature' },
    })
    const ok = await confirm(contractSignature)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body).toMatchObject({
      txStatus: 'AWAITING_EXECUTION',
      detailedExecutionInfo: { confirmations: [{}, { signer: { value: b } }] },
    })
  })

  it('a delegate proposes for its delegator (never confirms); an expired one cannot', async () => {
    const n = await nonce()
    await gateway.store.db.insert(delegates).values([
      {
        chainId: CHAIN,
        safe: treasury(),
        delegate: a5?.address as Address,
        delegator: a0?.address as Address,
        label: 'bot',
        expiresAt: null,
      },
      {
        chainId: CHAIN,
        safe: null,
        delegate: a3?.address as Address,
        delegator: a0?.address as Address,
        label: 'old',
        expiresAt: Date.now() - 1000,
      },
    ])
    const byDelegate = await transfer(n, 11n, a5 as HDAccount)
    const res = await propose(byDelegate.body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.detailedExecutionInfo).toMatchObject({
      proposer: { value: a0?.address },
      proposedByDelegate: { value: a5?.address },
      confirmations: [],
    })
    const confirm = await request(
      'POST',
      `/v1/chains/${CHAIN}/transactions/${byDelegate.safeTxHash}/confirmations`,
      {
        signedSafeTxHash: await (a5 as HDAccount).sign({ hash: byDelegate.safeTxHash }),
      },
    )
    expect(confirm).toMatchObject({ status: 422, body: { message: expect.stringMatching(/not an owner/) } })
    const expired = await propose((await transfer(n, 12n, a3 as HDAccount)).body)
    expect(expired).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/not an owner or a delegate/) },
    })
  })

  it('a non-L2 execution sent through another contract takes its parameters from the stored proposal', async () => {
    const mainnet = devnet.scenario?.safes.mainnet.address as Address
    const a7 = testAccount(7) as HDAccount
    const n = Number(
      await devnet.client.readContract({ address: mainnet, abi: safeAbi, functionName: 'nonce' }),
    )
    const tx = SafeTx.from({ to: a3?.address as Address, value: 12345n, nonce: BigInt(n) })
    const safeTxHash = SafeTx.hash(tx, { chainId: CHAIN, address: mainnet })
    const body = {
      ...(await transfer(n)).body,
      to: tx.to,
      value: '12345',
      data: '0x',
      safeTxHash,
      signature: await (a0 as HDAccount).sign({ hash: safeTxHash }),
    }
    expect((await request('POST', `/v1/chains/${CHAIN}/transactions/${mainnet}/propose`, body)).status).toBe(
      200,
    )
    const confirmed = await request('POST', `/v1/chains/${CHAIN}/transactions/${safeTxHash}/confirmations`, {
      signedSafeTxHash: await a7.sign({ hash: safeTxHash }),
    })
    expect(confirmed.status).toBe(200)
    const signatures = SafeTx.joinSignatures(
      confirmed.body.detailedExecutionInfo.confirmations.map(
        (c: { signer: { value: Address }; signature: Hex }) => ({
          signer: c.signer.value,
          data: c.signature,
        }),
      ),
    )
    await sendExecTransaction(devnet.client, {
      safe: mainnet,
      tx,
      signatures,
      executor: a0?.address as Address,
      via: devnet.scenario?.relayer as Address,
    })
    await gateway.indexers.get(CHAIN)?.sync()
    const [row] = await gateway.store.db
      .select()
      .from(multisigTransactions)
      .where(eq(multisigTransactions.safeTxHash, safeTxHash))
    expect(row).toMatchObject({ paramsSource: 'proposal', to: a3?.address, value: '12345', nonce: n })
    const executed = (await details(safeTxHash)).body
    expect(executed).toMatchObject({ txStatus: 'SUCCESS', txData: { value: '12345' } })
    expect(executed.detailedExecutionInfo.confirmations).toHaveLength(2)
  })

  it('a rejection at the same nonce: a conflict in the queue, and its confirmers are the rejectors', async () => {
    const n = await nonce()
    const rejection = SafeTx.from({ to: treasury(), nonce: BigInt(n) })
    const safeTxHash = SafeTx.hash(rejection, { chainId: CHAIN, address: treasury() })
    const res = await propose({
      ...(await transfer(n)).body,
      to: treasury(),
      data: '0x',
      safeTxHash,
      sender: a1?.address,
      signature: await (a1 as HDAccount).sign({ hash: safeTxHash }),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.txInfo).toMatchObject({ type: 'Custom', isCancellation: true })
    const page = await queue()
    expect(
      page.results.map(
        (i: { type: string; label?: string; conflictType?: string }) => i.label ?? i.conflictType ?? i.type,
      ),
    ).toEqual(['Next', 'CONFLICT_HEADER', 'HasNext', 'End'])
    const other = page.results.find(
      (i: { transaction?: { id: string } }) => i.transaction && !i.transaction.id.endsWith(safeTxHash),
    )
    const competing = (await details(other.transaction.id)).body
    expect(competing.detailedExecutionInfo.rejectors).toEqual([
      { value: a1?.address, name: null, logoUri: null },
    ])
  })
})
