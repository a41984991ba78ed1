// Method name → handler: every method of the SDK's protocol has exactly one (Record<AppMethod, …> checks it).
import type { MethodHandlers } from '../communicator'
import type { AppMethod } from '../protocol'
import type { HostContext, HostHandler } from './context'
import { getOffChainSignature, getSafeBalances, getTxBySafeTxHash } from './gateway'
import { getChainInfo, getCurrentTheme, getEnvironmentInfo, getSafeInfo } from './info'
import { requestAddressBook, wallet_getPermissions, wallet_requestPermissions } from './permissions'
import { rpcCall } from './rpcCall'
import { sendTransactions, signMessage, signTypedMessage } from './userPrompts'

export const HOST_HANDLERS: Record<AppMethod, HostHandler> = {
  getSafeInfo,
  getChainInfo,
  getEnvironmentInfo,
  getCurrentTheme,
  getSafeBalances,
  getTxBySafeTxHash,
  getOffChainSignature,
  rpcCall,
  sendTransactions,
  signMessage,
  signTypedMessage,
  wallet_getPermissions,
  wallet_requestPermissions,
  requestAddressBook,
}

/** The table with `host` bound: what the communicator dispatches to. */
export function bindHandlers(host: HostContext): MethodHandlers {
  const bound = {} as MethodHandlers
  for (const [method, handler] of Object.entries(HOST_HANDLERS) as [AppMethod, HostHandler][])
    bound[method] = (params, request) => handler(params, request, host)
  return bound
}
