// A Safe transaction as the contract hashes it (EIP-712, Safe >= 1.3.0 domain with chainId).
import { type Address, getAddress, type Hex, hashTypedData, zeroAddress } from 'viem'

export type Operation = 0 | 1 // CALL | DELEGATECALL

export type SafeTx = {
  to: Address
  value: bigint
  data: Hex
  operation: Operation
  safeTxGas: bigint
  baseGas: bigint
  gasPrice: bigint
  gasToken: Address
  refundReceiver: Address
  nonce: bigint
}

export const safeTxTypes = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const

/** Fills the gas/refund fields a plain proposal leaves at zero. */
export function from(tx: Pick<SafeTx, 'to' | 'nonce'> & Partial<SafeTx>): SafeTx {
  return {
    value: 0n,
    data: '0x',
    operation: 0,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    ...tx,
  }
}

export function getTypedData(tx: SafeTx, safe: { chainId: number; address: Address }) {
  return {
    domain: { chainId: safe.chainId, verifyingContract: safe.address },
    types: safeTxTypes,
    primaryType: 'SafeTx',
    message: tx,
  } as const
}

export function hash(tx: SafeTx, safe: { chainId: number; address: Address }): Hex {
  return hashTypedData(getTypedData(tx, safe))
}

/** Joins 65-byte ECDSA signatures in the order the Safe requires: ascending signer address. */
export function joinSignatures(signatures: { signer: Address; data: Hex }[]): Hex {
  const sorted = [...signatures].sort((a, b) =>
    BigInt(getAddress(a.signer)) < BigInt(getAddress(b.signer)) ? -1 : 1,
  )
  return `0x${sorted.map((s) => s.data.slice(2)).join('')}`
}

/** The parameters of execTransaction for a SafeTx and its joined signatures. */
export const execTransactionArgs = (tx: SafeTx, signatures: Hex) =>
  [
    tx.to,
    tx.value,
    tx.data,
    tx.operation,
    tx.safeTxGas,
    tx.baseGas,
    tx.gasPrice,
    tx.gasToken,
    tx.refundReceiver,
    signatures,
  ] as const
