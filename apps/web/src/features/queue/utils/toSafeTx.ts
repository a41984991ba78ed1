import type { SafeTx } from '@concord/safe/SafeTx'
import type { MultisigExecutionDetails, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, getAddress, type Hex, isHex } from 'viem'

export type QueuedSafeTx = {
  tx: SafeTx
  /** The gateway's claims, to be checked against `tx`. */
  claimedSafeTxHash: Hex
  confirmations: { signer: Address; signature: Hex | null }[]
  confirmationsRequired: number
  proposer: Address | undefined
}

export const multisigDetails = (details: TransactionDetails): MultisigExecutionDetails | undefined =>
  details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo : undefined

/**
 * The SafeTx a queued transaction's details describe: every field the hash covers, from the same data the
 * screen shows. Throws when the gateway left one out (a transaction that cannot be checked is not signed).
 */
export function toSafeTx(details: TransactionDetails): QueuedSafeTx {
  const info = multisigDetails(details)
  const data = details.txData
  if (!info || !data) throw new Error('The gateway sent no Safe transaction data for this transaction')
  const hexData = data.hexData ?? '0x'
  if (!isHex(hexData)) throw new Error('The transaction data is not hex')
  const operation = Number(data.operation)
  if (operation !== 0 && operation !== 1) throw new Error(`Unknown operation ${data.operation}`)
  return {
    tx: {
      to: getAddress(data.to.value),
      value: BigInt(data.value ?? '0'),
      data: hexData,
      operation,
      safeTxGas: BigInt(info.safeTxGas),
      baseGas: BigInt(info.baseGas),
      gasPrice: BigInt(info.gasPrice),
      gasToken: getAddress(info.gasToken),
      refundReceiver: getAddress(info.refundReceiver.value),
      nonce: BigInt(info.nonce),
    },
    claimedSafeTxHash: info.safeTxHash as Hex,
    confirmations: info.confirmations.map((confirmation) => ({
      signer: getAddress(confirmation.signer.value),
      signature: confirmation.signature && isHex(confirmation.signature) ? confirmation.signature : null,
    })),
    confirmationsRequired: info.confirmationsRequired,
    proposer: info.proposer ? getAddress(info.proposer.value) : undefined,
  }
}
