// Transaction details (the Client Gateway's GET /v1/chains/{chainId}/transactions/{transactionId}): the envelope
// around a list summary, and the parts lists do not show (confirmations, txData).
import { parseSignatures } from '@concord/safe/signatures'
import { trustedDelegateCallTargets } from '@concord/safe/versions'
import type { Address, Hex } from 'viem'
import type { MultiSendTx } from '../dataDecoder/decodeData.ts'
import type { MultisigTx } from './transactions.repository.ts'
import {
  type AddressInfo,
  addressInfo,
  type Call,
  dataSize,
  known,
  type MapContext,
  type StoredCall,
} from './txInfo.mapper.ts'
import { ms } from './txSummary.mapper.ts'

/** Confirmations of an executed transaction, read from the signatures it was executed with. */
export async function confirmations(tx: MultisigTx) {
  if (tx.signatures === null) return []
  const parsed = await parseSignatures(tx.signatures as Hex, tx.safeTxHash as Hex)
  return parsed.map((p) => ({
    signer: addressInfo(p.signer),
    signature: p.signature as string,
    submittedAt: ms(tx.timestamp),
  }))
}

export function txData(stored: StoredCall, ctx: MapContext) {
  if (!known(stored)) return null
  const call: Call = stored
  const decoded = dataSize(call.data) > 0 ? ctx.decoder.decode(call.data as Hex, call.to as Address) : null
  const index: Record<string, AddressInfo> = {}
  const batch = decoded?.parameters?.find((p) => p.name === 'transactions')?.valueDecoded
  if (Array.isArray(batch))
    for (const sub of batch as MultiSendTx[]) {
      const info = addressInfo(sub.to, ctx)
      if (info.name) index[sub.to] = info
    }
  return {
    hexData: dataSize(call.data) > 0 ? call.data : null,
    dataDecoded: decoded,
    to: addressInfo(call.to, ctx),
    value: call.value,
    operation: call.operation as 0 | 1,
    trustedDelegateCallTarget:
      call.operation === 1 ? trustedDelegateCallTargets().has(call.to as Address) : null,
    addressInfoIndex: Object.keys(index).length ? index : null,
    tokenInfoIndex: null,
  }
}

/** TransactionDetails around the list summary of the same transaction (so both always agree). */
export const toDetails = (
  safeAddress: string,
  summary: { id: string; timestamp: number; txStatus: string; txInfo: unknown; txHash: string },
  extra: { txData: unknown; detailedExecutionInfo: unknown } = {
    txData: null,
    detailedExecutionInfo: null,
  },
) => ({
  safeAddress,
  txId: summary.id,
  executedAt: summary.timestamp,
  txStatus: summary.txStatus,
  txInfo: summary.txInfo,
  ...extra,
  txHash: summary.txHash,
  safeAppInfo: null,
  note: null,
})
