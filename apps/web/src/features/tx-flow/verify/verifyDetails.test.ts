import * as SafeTx from '@concord/safe/SafeTx'
import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { buildTokenTransfer } from '../builders/transfer'
import { safeTxOfDetails, verifyTransactionDetails } from './verifyDetails'

// Hardhat test accounts #0 and #1 (public test mnemonic) and a stranger (#9).
const owner0 = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const owner1 = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const stranger = privateKeyToAccount('0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6')
const SAFE: Address = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const TOKEN: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const RECIPIENT: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const chainId = 31337
const owners = [owner0.address, owner1.address]

const call = buildTokenTransfer({ token: TOKEN, recipient: RECIPIENT, amount: 1_000_000n })
const tx = SafeTx.from({ ...call, nonce: 4n })
const safeTxHash = SafeTx.hash(tx, { chainId, address: SAFE })
const sign = (account: typeof owner0, t = tx) =>
  account.signTypedData(SafeTx.getTypedData(t, { chainId, address: SAFE }))

const addressEx = (value: string) => ({ value, name: null, logoUri: null })

async function details(
  overrides: { signers?: (typeof owner0)[]; value?: string; hash?: string; txId?: string } = {},
) {
  const confirmations = await Promise.all(
    (overrides.signers ?? [owner0]).map(async (account) => ({
      signer: addressEx(account.address),
      signature: await sign(account),
      submittedAt: 1,
    })),
  )
  return {
    safeAddress: SAFE,
    txId: overrides.txId ?? `multisig_${SAFE}_${safeTxHash}`,
    executedAt: null,
    txStatus: 'AWAITING_CONFIRMATIONS',
    txInfo: { type: 'Custom' },
    txData: {
      hexData: call.data,
      dataDecoded: {
        method: 'transfer',
        parameters: [
          { name: 'to', type: 'address', value: RECIPIENT },
          { name: 'value', type: 'uint256', value: '1000000' },
        ],
      },
      to: addressEx(TOKEN),
      value: overrides.value ?? '0',
      operation: 0,
    },
    detailedExecutionInfo: {
      type: 'MULTISIG',
      submittedAt: 1,
      nonce: 4,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: '0x0000000000000000000000000000000000000000',
      refundReceiver: addressEx('0x0000000000000000000000000000000000000000'),
      safeTxHash: overrides.hash ?? safeTxHash,
      executor: null,
      signers: owners.map(addressEx),
      confirmationsRequired: 2,
      confirmations,
      rejectors: [],
      trusted: true,
    },
    txHash: null,
  } as unknown as TransactionDetails
}

describe('safeTxOfDetails', () => {
  it('default: txData and detailedExecutionInfo make the SafeTx', async () => {
    expect(safeTxOfDetails(await details())).toEqual({ ok: true, value: expect.objectContaining({ tx }) })
  })

  it('error: not a multisig transaction, malformed fields', async () => {
    const d = await details()
    expect(safeTxOfDetails({ ...d, detailedExecutionInfo: undefined })).toMatchObject({ ok: false })
    const bad = { ...d, txData: { ...d.txData, value: 'lots' } } as TransactionDetails
    expect(safeTxOfDetails(bad)).toMatchObject({ ok: false, error: expect.stringContaining('The value') })
  })
})

describe('verifyTransactionDetails', () => {
  const verify = async (
    d: TransactionDetails,
    expected?: { safeTxHash: Hex; signer: Address },
    onChain: { threshold?: number; nonce?: bigint } = { threshold: 2, nonce: 4n },
  ) =>
    verifyTransactionDetails({ details: d, chainId, safe: SAFE, onChain: { owners, ...onChain }, expected })

  it('default: an honest answer passes, with the confirmations verified', async () => {
    const check = await verify(await details({ signers: [owner0, owner1] }), {
      safeTxHash,
      signer: owner0.address,
    })
    expect(check.problems).toEqual([])
    expect(check.hashes?.safeTxHash).toBe(safeTxHash)
    expect(check.confirmedBy).toEqual([owner0.address, owner1.address])
  })

  it('error: a tampered value no longer hashes to the claimed safeTxHash', async () => {
    const check = await verify(await details({ value: '1000000000000000000' }))
    expect(check.problems).toContainEqual(expect.stringContaining("The gateway's safeTxHash"))
    expect(check.problems).toContainEqual(expect.stringContaining('was not signed by it'))
  })

  it('error: a tampered safeTxHash (and id) is caught', async () => {
    const other = `0x${'ab'.repeat(32)}`
    const check = await verify(await details({ hash: other, txId: `multisig_${SAFE}_${other}` }))
    expect(check.problems).toContainEqual(expect.stringContaining(`The gateway's safeTxHash ${other}`))
    expect(check.problems).toContainEqual(expect.stringContaining('names another transaction'))
  })

  it('error: a confirmation by someone who is not an owner on chain', async () => {
    const check = await verify(await details({ signers: [stranger] }))
    expect(check.problems).toEqual([`${stranger.address} confirmed but is not an owner of this Safe`])
    expect(check.confirmedBy).toEqual([])
  })

  it('error: another Safe, a lying decoder', async () => {
    const d = await details()
    const otherSafe = { ...d, safeAddress: TOKEN }
    expect((await verify(otherSafe)).problems[0]).toMatch(/another Safe/)
    const decoded = d.txData?.dataDecoded
    const lying = {
      ...d,
      txData: {
        ...d.txData,
        dataDecoded: {
          ...decoded,
          parameters: [decoded?.parameters?.[0], { name: 'value', type: 'uint256', value: '1' }],
        },
      },
    } as TransactionDetails
    expect((await verify(lying)).problems).toEqual([
      'The decoder shows a value of value that is not in the calldata',
    ])
  })

  it('error: a threshold the chain does not have; a nonce the chain has already used', async () => {
    const d = await details({ signers: [owner0] })
    expect((await verify(d, undefined, { threshold: 3, nonce: 4n })).problems).toEqual([
      'The gateway says 2 confirmations are required; the Safe on chain requires 3',
    ])
    expect((await verify(d, undefined, { threshold: 2, nonce: 5n })).problems).toEqual([
      'Nonce 4 was already used on chain (the Safe is at nonce 5): it can never execute',
    ])
    // A queued nonce ahead of the chain's is fine.
    expect((await verify(d, undefined, { threshold: 2, nonce: 1n })).problems).toEqual([])
  })

  it("error: after proposing, another transaction or without the proposer's confirmation", async () => {
    const other = SafeTx.hash({ ...tx, nonce: 5n }, { chainId, address: SAFE })
    expect((await verify(await details(), { safeTxHash: other, signer: owner0.address })).problems).toEqual([
      'The gateway stored another transaction than the one you signed',
    ])
    expect(
      (await verify(await details({ signers: [owner1] }), { safeTxHash, signer: owner0.address })).problems,
    ).toEqual(['Your confirmation is missing from the transaction the gateway stored'])
  })
})
