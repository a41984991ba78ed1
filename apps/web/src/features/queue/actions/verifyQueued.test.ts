import * as SafeTx from '@concord/safe/SafeTx'
import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { getAddress, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { VerificationError, verifyQueued } from './verifyQueued'

// Hardhat accounts #0–#2 own the Safe; #3 does not.
const [a0, a1, a2, a3] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
].map((key) => privateKeyToAccount(key as `0x${string}`))
const chainId = 31337
const safe = getAddress('0xee3a570203441329791fa2ac2c912ebc9983f886')
const owners = [a0!.address, a1!.address, a2!.address]
const onChain = { owners, threshold: 2, nonce: 7n }
const tx = SafeTx.from({ to: a3!.address, value: parseEther('1'), nonce: 7n })
const safeTxHash = SafeTx.hash(tx, { chainId, address: safe })

async function details(p: { signers?: (typeof a0)[]; value?: string; claimedHash?: string } = {}) {
  const confirmations = await Promise.all(
    (p.signers ?? [a1]).map(async (signer) => ({
      signer: { value: signer!.address },
      signature: await signer!.sign({ hash: safeTxHash }),
      submittedAt: 0,
    })),
  )
  return {
    safeAddress: safe,
    txId: `multisig_${safe}_${safeTxHash}`,
    txStatus: 'AWAITING_CONFIRMATIONS',
    txInfo: { type: 'Transfer' },
    txData: {
      to: { value: tx.to },
      value: p.value ?? String(tx.value),
      operation: 0,
      trustedDelegateCallTarget: false,
    },
    detailedExecutionInfo: {
      type: 'MULTISIG',
      submittedAt: 0,
      nonce: 7,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: tx.gasToken,
      refundReceiver: { value: tx.refundReceiver },
      safeTxHash: p.claimedHash ?? safeTxHash,
      signers: owners.map((value) => ({ value })),
      confirmationsRequired: 2,
      confirmations,
      trusted: true,
      proposer: { value: a1!.address },
      proposedByDelegate: null,
    },
  } as unknown as TransactionDetails
}

const problems = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(VerificationError)
  return (error as VerificationError).problems
}

describe('verifyQueued', () => {
  it('default: honest details verify; the confirmations come back with their signatures', async () => {
    const result = await verifyQueued({
      chainId,
      safe,
      details: await details({ signers: [a1, a2] }),
      onChain,
    })
    expect(result.safeTxHash).toBe(safeTxHash)
    expect(result.tx).toEqual(tx)
    expect(result.signatures.map((s) => s.signer)).toEqual([a1!.address, a2!.address])
  })

  it('behavior: confirmations without signature bytes (on-chain approvals) are listed for the chain to check', async () => {
    const honest = await details()
    const info = honest.detailedExecutionInfo as {
      confirmations: { signer: { value: string }; submittedAt: number }[]
    }
    info.confirmations.push({ signer: { value: a0!.address.toLowerCase() }, submittedAt: 0 })
    info.confirmations.push({ signer: { value: a3!.address }, submittedAt: 0 })
    const result = await verifyQueued({ chainId, safe, details: honest, onChain })
    expect(result.unsigned).toEqual([a0!.address])
    expect(result.signatures.map((s) => s.signer)).toEqual([a1!.address])
  })

  it('error: the gateway changed a field it shows (the value): the hash no longer matches', async () => {
    const found = await problems(
      verifyQueued({ chainId, safe, details: await details({ value: String(parseEther('100')) }), onChain }),
    )
    expect(found[0]).toMatch(/is not the hash of the transaction shown/)
  })

  it('error: the gateway claims another safeTxHash than the one the data hashes to', async () => {
    const found = await problems(
      verifyQueued({
        chainId,
        safe,
        details: await details({ claimedHash: `0x${'11'.repeat(32)}` }),
        onChain,
      }),
    )
    expect(found).toHaveLength(1)
  })

  it('error: a confirmation by someone who is not an owner on chain', async () => {
    const found = await problems(
      verifyQueued({ chainId, safe, details: await details({ signers: [a1, a3] }), onChain }),
    )
    expect(found).toEqual([`${a3!.address} confirmed but is not an owner of this Safe`])
    // The gateway's owner list does not matter: an owner removed on chain no longer counts.
    const removed = { ...onChain, owners: [a0!.address, a2!.address] }
    expect(
      await problems(verifyQueued({ chainId, safe, details: await details(), onChain: removed })),
    ).toEqual([`${a1!.address} confirmed but is not an owner of this Safe`])
  })

  it('error: a threshold the chain does not have (a gateway lowering it to offer an execution)', async () => {
    expect(
      await problems(
        verifyQueued({ chainId, safe, details: await details(), onChain: { ...onChain, threshold: 3 } }),
      ),
    ).toEqual(['The gateway says 2 confirmations are required; the Safe on chain requires 3'])
  })

  it('error: details without transaction data cannot be verified', async () => {
    const bare = { ...(await details()), txData: undefined }
    expect(await problems(verifyQueued({ chainId, safe, details: bare, onChain }))).toEqual([
      'The gateway sent no Safe transaction data for this transaction',
    ])
  })
})
