// rpcCall (what the SDK's `eth` calls send): safe_setSettings is the host's own; any other call goes to the
// chain's node if it only reads (rpc.ts's allow-list).
import { appRpcUrl, forwardRpc, readRpcCall, readSafeSettings } from '../rpc'
import type { HostHandler } from './context'

export const rpcCall: HostHandler = async (params, _request, host) => {
  const call = readRpcCall(params)
  if (call.call === 'safe_setSettings') {
    host.settings = readSafeSettings(call.params, host.settings)
    return host.settings
  }
  return forwardRpc(appRpcUrl(host.state().chain), call)
}
