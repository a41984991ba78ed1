// The body of POST /v1/chains/{chainId}/transactions/{safe}/propose for a SafeTx, as the Client Gateway takes
// it (amounts as decimal strings), with the safeTxHash and the sender's signature over it.
import * as SafeTx from '@concord/safe/SafeTx'
import type { Address, Hex } from 'viem'

export type ProposalSigner = { address: Address; sign(args: { hash: Hex }): Promise<Hex> }

export async function proposalBody(
  tx: SafeTx.SafeTx,
  safe: { chainId: number; address: Address },
  sender: ProposalSigner,
) {
  const safeTxHash = SafeTx.hash(tx, safe)
  return {
    to: tx.to,
    value: String(tx.value),
    data: tx.data,
    nonce: String(tx.nonce),
    operation: tx.operation,
    safeTxGas: String(tx.safeTxGas),
    baseGas: String(tx.baseGas),
    gasPrice: String(tx.gasPrice),
    gasToken: tx.gasToken,
    refundReceiver: tx.refundReceiver,
    safeTxHash,
    sender: sender.address,
    signature: await sender.sign({ hash: safeTxHash }),
  }
}
