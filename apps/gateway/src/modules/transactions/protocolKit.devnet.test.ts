// Compatibility with the official @safe-global/protocol-kit: a transaction it creates and signs (EIP-712) is
// accepted by the gateway, a second owner's protocol-kit eth_sign signature confirms it, and protocol-kit
// executes it with the confirmations the gateway returns; the indexer then shows it in history.
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import { safeV141 } from '@concord/safe/contracts'
import Safe, { EthSafeSignature } from '@safe-global/protocol-kit'
import { type Address, type Hex, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'

const CHAIN = 31337
const privateKey = (i: number) => toHex(testAccount(i).getHdKey().privateKey as Uint8Array)

let devnet: Devnet
let gateway: Gateway
const post = async (path: string, body: unknown) => {
  const res = await gateway.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

const kit = (owner: number, safeAddress: Address) =>
  Safe.init({
    provider: devnet.rpcUrl,
    signer: privateKey(owner),
    safeAddress,
    contractNetworks: {
      [CHAIN]: {
        safeSingletonAddress: safeV141.safeL2,
        safeProxyFactoryAddress: safeV141.safeProxyFactory,
        multiSendAddress: safeV141.multiSend,
        multiSendCallOnlyAddress: safeV141.multiSendCallOnly,
        fallbackHandlerAddress: safeV141.compatibilityFallbackHandler,
        signMessageLibAddress: safeV141.signMessageLib,
        createCallAddress: safeV141.createCall,
        simulateTxAccessorAddress: safeV141.simulateTxAccessor,
      },
    },
  })

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(createDevnetTestConfig(devnet))
  await gateway.indexers.get(CHAIN)?.sync()
})
afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

describe('@safe-global/protocol-kit', () => {
  it('creates and signs, the gateway accepts and confirms, protocol-kit executes', async () => {
    const treasury = devnet.scenario?.safes.treasury.address as Address
    const recipient = testAccount(3).address
    const owner0 = await kit(0, treasury)
    const tx = await owner0.signTransaction(
      await owner0.createTransaction({ transactions: [{ to: recipient, value: '1000', data: '0x' }] }),
    )
    const safeTxHash = await owner0.getTransactionHash(tx)
    const d = tx.data
    const proposed = await post(`/v1/chains/${CHAIN}/transactions/${treasury}/propose`, {
      ...d,
      nonce: String(d.nonce),
      safeTxHash,
      sender: testAccount(0).address,
      signature: tx.getSignature(testAccount(0).address)?.data,
    })
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200)

    // Owner #1 signs the hash the gateway gave (protocol-kit's signHash: eth_sign, v + 4).
    const owner1 = await kit(1, treasury)
    const ethSign = await owner1.signHash(proposed.body.detailedExecutionInfo.safeTxHash)
    const confirmed = await post(`/v1/chains/${CHAIN}/transactions/${safeTxHash}/confirmations`, {
      signedSafeTxHash: ethSign.data,
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect(confirmed.body.txStatus).toBe('AWAITING_EXECUTION')

    // Execute with the confirmations as the gateway returns them.
    const execution = await owner0.createTransaction({
      transactions: [{ to: recipient, value: '1000', data: '0x' }],
      options: { nonce: Number(d.nonce) },
    })
    for (const c of confirmed.body.detailedExecutionInfo.confirmations as {
      signer: { value: Address }
      signature: Hex
    }[])
      execution.addSignature(new EthSafeSignature(c.signer.value, c.signature))
    const result = await owner0.executeTransaction(execution)
    await devnet.client.waitForTransactionReceipt({ hash: result.hash as Hex })
    await gateway.indexers.get(CHAIN)?.sync()

    const details: any = await (
      await gateway.app.request(`/v1/chains/${CHAIN}/transactions/${safeTxHash}`)
    ).json()
    expect(details).toMatchObject({ txStatus: 'SUCCESS', txHash: result.hash })
    expect(details.detailedExecutionInfo.confirmations).toHaveLength(2)
  })
})
