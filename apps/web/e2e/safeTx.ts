// Node-side helpers of the co-signing e2e tests: propose Safe transactions to the gateway as a test owner
// (standing in for another owner's client), read the gateway and the chain.

import { testAccount } from '@concord/devnet'
import * as SafeTx from '@concord/safe/SafeTx'
import type { Address, Hex } from 'viem'
import type { Stack } from '../../../scripts/stack.ts'

export type Call = { to: Address; value?: bigint; data?: Hex; operation?: 0 | 1 }

async function json<T>(response: Response): Promise<T> {
  const body = await response.text()
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${body}`)
  return (body ? JSON.parse(body) : undefined) as T
}

/** The nonce the gateway recommends for a new transaction (after the on-chain nonce and the queue). */
export async function recommendedNonce(stack: Stack, safe: Address, call: Call): Promise<number> {
  const chainId = stack.devnet.chainId
  const response = await fetch(
    `${stack.url}/v2/chains/${chainId}/safes/${safe}/multisig-transactions/estimations`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        to: call.to,
        value: String(call.value ?? 0n),
        data: call.data ?? '0x',
        operation: call.operation ?? 0,
      }),
    },
  )
  return (await json<{ recommendedNonce: number }>(response)).recommendedNonce
}

/** Proposes `call` to the gateway, signed (EIP-712) by test account `signer`; returns its hash and nonce. */
export async function proposeAs(
  stack: Stack,
  p: { safe: Address; call: Call; signer: number; nonce?: number },
): Promise<{ safeTxHash: Hex; nonce: number; id: string }> {
  const chainId = stack.devnet.chainId
  const nonce = p.nonce ?? (await recommendedNonce(stack, p.safe, p.call))
  const tx = SafeTx.from({ ...p.call, nonce: BigInt(nonce) })
  const safeTxHash = SafeTx.hash(tx, { chainId, address: p.safe })
  const account = testAccount(p.signer)
  const signature = await account.sign({ hash: safeTxHash })
  const response = await fetch(`${stack.url}/v1/chains/${chainId}/transactions/${p.safe}/propose`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      to: tx.to,
      value: String(tx.value),
      data: tx.data,
      nonce: String(nonce),
      operation: tx.operation,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: tx.gasToken,
      refundReceiver: tx.refundReceiver,
      safeTxHash,
      sender: account.address,
      signature,
    }),
  })
  await json(response)
  return { safeTxHash, nonce, id: `multisig_${p.safe}_${safeTxHash}` }
}

type Confirmation = { signer: { value: Address } }
export type GatewayTxDetails = {
  txStatus: string
  detailedExecutionInfo?: { confirmations: Confirmation[]; nonce: number }
}

/** `GET /v1/chains/{chainId}/transactions/{id}` from the gateway. */
export async function txDetails(stack: Stack, id: string): Promise<GatewayTxDetails> {
  return json(await fetch(`${stack.url}/v1/chains/${stack.devnet.chainId}/transactions/${id}`))
}

/** `GET …/safes/{safe}` from the gateway. */
export async function safeInfo(
  stack: Stack,
  safe: Address,
): Promise<{ nonce: number; threshold: number; owners: { value: Address }[] }> {
  return json(await fetch(`${stack.url}/v1/chains/${stack.devnet.chainId}/safes/${safe}`))
}

/** Polls `check` until it returns true (for the indexer to catch up with the chain). */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`Timed out waiting for ${what}`)
}
