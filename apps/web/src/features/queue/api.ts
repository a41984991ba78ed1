import { safeAbi } from '@concord/safe/contracts'
import type { Address, Hex } from 'viem'
import type { Config } from 'wagmi'
import { readContracts } from 'wagmi/actions'
import { GatewayError, gatewayCall, getGatewayBaseUrl } from '../../lib/gateway'

/**
 * `POST /v1/chains/{chainId}/transactions/{safeTxHash}/confirmations` `{signedSafeTxHash}`: the Client
 * Gateway's confirmation route, which the SDK (3.x) has no function for. Errors read like the SDK's.
 */
export function postConfirmation(chainId: string, safeTxHash: Hex, signature: Hex): Promise<void> {
  return gatewayCall(async () => {
    const base = getGatewayBaseUrl()
    if (!base) throw new GatewayError('No gateway configured')
    const url = `${base}/v1/chains/${encodeURIComponent(chainId)}/transactions/${safeTxHash}/confirmations`
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signedSafeTxHash: signature }),
    })
    if (response.ok) return
    const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null
    if (body?.message) throw new Error(`CGW error - ${body.code ?? response.status}: ${body.message}`)
    throw new Error(`CGW error - status ${response.statusText || response.status}`)
  })
}

export type OnChainSafe = { owners: readonly Address[]; threshold: number; nonce: bigint }

/** Owners, threshold and nonce read from the chain itself: what the gateway says is checked against this. */
export async function readSafeState(config: Config, chainId: number, safe: Address): Promise<OnChainSafe> {
  const contract = { address: safe, abi: safeAbi, chainId } as const
  const [owners, threshold, nonce] = await readContracts(config, {
    allowFailure: false,
    contracts: [
      { ...contract, functionName: 'getOwners' },
      { ...contract, functionName: 'getThreshold' },
      { ...contract, functionName: 'nonce' },
    ],
  })
  return { owners, threshold: Number(threshold), nonce }
}
