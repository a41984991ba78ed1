import * as SafeTx from '@concord/safe/SafeTx'
import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { toSafeTx } from './toSafeTx'

const safe = getAddress('0x2c28c8dfb7e1ca5d4e67c9e7b5c2a31a1a8b1c9a')
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const data =
  '0xa9059cbb00000000000000000000000090f79bf6eb2c4f870365e785982e1f101e93b9060000000000000000000000000000000000000000000000000000000005f5e100'
const zero = '0x0000000000000000000000000000000000000000'

const details = (overrides: Partial<TransactionDetails> = {}) =>
  ({
    safeAddress: safe,
    txId: 'multisig_x',
    txStatus: 'AWAITING_CONFIRMATIONS',
    txInfo: { type: 'Custom' },
    txData: {
      hexData: data,
      to: { value: token.toLowerCase() },
      value: '0',
      operation: 0,
      trustedDelegateCallTarget: false,
    },
    detailedExecutionInfo: {
      type: 'MULTISIG',
      submittedAt: 0,
      nonce: 4,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: zero,
      refundReceiver: { value: zero },
      safeTxHash: '0x01',
      signers: [],
      confirmationsRequired: 2,
      confirmations: [
        {
          signer: { value: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' },
          signature: '0xabcd',
          submittedAt: 1,
        },
        { signer: { value: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }, submittedAt: 2 },
      ],
      trusted: true,
      proposer: { value: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' },
      proposedByDelegate: null,
    },
    ...overrides,
  }) as unknown as TransactionDetails

describe('toSafeTx', () => {
  it('default: every hashed field, addresses checksummed, claims kept apart', () => {
    const result = toSafeTx(details())
    expect(result.tx).toEqual(SafeTx.from({ to: token, data, nonce: 4n }))
    expect(result.claimedSafeTxHash).toBe('0x01')
    expect(result.confirmations).toEqual([
      { signer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', signature: '0xabcd' },
      { signer: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', signature: null },
    ])
    expect(result.proposer).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(result.confirmationsRequired).toBe(2)
  })

  it('behavior: no hexData is empty data', () => {
    const plain = details({ txData: { to: { value: safe }, value: '1', operation: 0 } as never })
    expect(toSafeTx(plain).tx).toMatchObject({ to: safe, value: 1n, data: '0x' })
  })

  it('error: missing parameters or an unknown operation', () => {
    expect(() => toSafeTx(details({ txData: undefined }))).toThrow(
      'The gateway sent no Safe transaction data',
    )
    expect(() => toSafeTx(details({ detailedExecutionInfo: undefined }))).toThrow()
    const bad = details({ txData: { to: { value: safe }, operation: 2 } as never })
    expect(() => toSafeTx(bad)).toThrow('Unknown operation 2')
  })
})
