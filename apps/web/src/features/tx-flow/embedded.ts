import type SafeAppsSDK from '@safe-global/safe-apps-sdk'
import { type Address, type Hex, isAddressEqual } from 'viem'
import { type Config, useAccount } from 'wagmi'
import { getAccount, sendCalls, sendTransaction } from 'wagmi/actions'
import { SAFE_CONNECTOR_ID } from '../../lib/safeAppFrame'
import type { SafeCall } from './types'

/**
 * Embedded mode for this Safe: the wallet is the Safe connector and its account is this very Safe (the page is a
 * Safe App in a host that has it open). Transactions then go to the host, which picks the nonce and collects
 * the owners' signatures: this page neither builds nor signs a SafeTx.
 */
export function useEmbeddedSafe(safe: Address): boolean {
  const { status, connector, address } = useAccount()
  return (
    status === 'connected' &&
    connector?.id === SAFE_CONNECTOR_ID &&
    address !== undefined &&
    isAddressEqual(address, safe)
  )
}

/** Wallet errors that mean "this method is not there" (then the SDK is asked directly). */
const UNSUPPORTED = new Set([
  'MethodNotFoundRpcError',
  'MethodNotSupportedRpcError',
  'UnsupportedNonOptionalCapabilityError',
  'UnknownRpcError',
])
const isUnsupported = (error: unknown): boolean =>
  error instanceof Error &&
  (UNSUPPORTED.has(error.name) || /not (implemented|supported)/i.test(error.message))

/**
 * Sends the calls to the Safe host through the connected Safe connector and returns the safeTxHash the host
 * answers: one call as `eth_sendTransaction` (the connector's provider makes it the host's `sendTransactions`),
 * several as one `wallet_sendCalls` (one Safe transaction, batched by the host), or, when the provider lacks
 * it, straight through the provider's SDK (`sdk.txs.send`). Only plain calls: an app cannot ask for a
 * delegatecall.
 */
export async function sendThroughHost(
  config: Config,
  p: { chainId: number; safe: Address; calls: readonly SafeCall[] },
): Promise<Hex> {
  const { connector, address } = getAccount(config)
  if (connector?.id !== SAFE_CONNECTOR_ID || !address || !isAddressEqual(address, p.safe))
    throw new Error('Not opened as a Safe App of this Safe: nothing was sent')
  if (p.calls.length === 0) throw new Error('Nothing to send')
  if (p.calls.some((call) => call.operation !== 0))
    throw new Error('A Safe App can only send plain calls (no delegatecall): nothing was sent')
  const [first] = p.calls
  if (p.calls.length === 1 && first)
    return sendTransaction(config, {
      connector,
      chainId: p.chainId,
      to: first.to,
      value: first.value,
      data: first.data,
    })
  const calls = p.calls.map((call) => ({ to: call.to, value: call.value, data: call.data }))
  try {
    const { id } = await sendCalls(config, { connector, chainId: p.chainId, calls })
    return id as Hex
  } catch (error) {
    if (!isUnsupported(error)) throw error
    // The provider keeps the connector's SDK instance (a private field of SafeAppProvider).
    const provider = (await connector.getProvider()) as { sdk?: Pick<SafeAppsSDK, 'txs'> } | undefined
    if (!provider?.sdk) throw error
    const { safeTxHash } = await provider.sdk.txs.send({
      txs: calls.map((call) => ({ to: call.to, value: call.value.toString(), data: call.data })),
    })
    return safeTxHash as Hex
  }
}
