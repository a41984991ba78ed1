// rpcCall (what the Safe Apps SDK's `eth` calls send): read-only JSON-RPC methods forwarded to the chain's node;
// `safe_setSettings` is the host's.
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { AppFacingError } from './protocol'

/** The SDK's RPC_CALLS that only read, plus eth_blockNumber and eth_chainId (its provider uses both). */
export const READ_ONLY_RPC_METHODS: ReadonlySet<string> = new Set([
  'eth_call',
  'eth_gasPrice',
  'eth_getLogs',
  'eth_getBalance',
  'eth_getCode',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getTransactionCount',
  'eth_estimateGas',
  'eth_blockNumber',
  'eth_chainId',
])

export type RpcCall = { call: string; params: unknown[] }

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export function readRpcCall(params: unknown): RpcCall {
  if (!isRecord(params) || typeof params.call !== 'string')
    throw new AppFacingError('Invalid rpcCall: expected {call, params}')
  const args = params.params === undefined ? [] : params.params
  if (!Array.isArray(args)) throw new AppFacingError('Invalid rpcCall: params must be an array')
  return { call: params.call, params: args }
}

export type SafeSettings = { offChainSigning: boolean }

/** `safe_setSettings([{offChainSigning}])`: the only setting there is; anything else the app sends is dropped. */
export function readSafeSettings(args: unknown[], current: SafeSettings): SafeSettings {
  const [settings] = args
  if (!isRecord(settings) || !('offChainSigning' in settings)) return current
  return { ...current, offChainSigning: Boolean(settings.offChainSigning) }
}

/** The node an app reads through: the chain's Safe Apps RPC, else its public one. */
export const appRpcUrl = (chain: ChainInfo): string | undefined =>
  [chain.safeAppsRpcUri?.value, chain.publicRpcUri?.value, chain.rpcUri?.value].find(
    (url): url is string => typeof url === 'string' && /^https?:\/\//.test(url),
  )

/** Sends one read-only call to the node and returns its raw `result` (hex strings as the node gives them). */
export async function forwardRpc(
  url: string | undefined,
  { call, params }: RpcCall,
  fetchFn: typeof fetch = fetch,
): Promise<unknown> {
  if (!READ_ONLY_RPC_METHODS.has(call))
    throw new AppFacingError(`RPC method not allowed: ${call.slice(0, 64)}`)
  if (!url) throw new AppFacingError('This chain has no RPC the Safe Apps may use')
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: call, params }),
  })
  if (!response.ok) throw new AppFacingError(`RPC request failed (HTTP ${response.status})`)
  const body: unknown = await response.json()
  if (!isRecord(body)) throw new AppFacingError('RPC request failed')
  if (isRecord(body.error))
    throw new AppFacingError(
      typeof body.error.message === 'string' ? body.error.message.slice(0, 500) : 'RPC request failed',
    )
  return body.result ?? null
}
