import { gatewayScope } from '../../../lib/gateway'
import type { SafeCall } from '../types'

// Query keys hold the call as strings: TanStack hashes keys with JSON.stringify, which refuses bigints.
const callKey = (call: SafeCall) => [call.to, String(call.value), call.data, call.operation] as const

export const txFlowKeys = {
  all: () => [gatewayScope(), 'tx-flow'] as const,
  estimation: (chainId: string, safe: string, call: SafeCall) =>
    [...txFlowKeys.all(), chainId, safe, 'estimation', ...callKey(call)] as const,
  simulation: (chainId: string, safe: string, call: SafeCall) =>
    [...txFlowKeys.all(), chainId, safe, 'simulation', ...callKey(call)] as const,
  decoded: (chainId: string, call: SafeCall) =>
    [...txFlowKeys.all(), chainId, 'decoded', ...callKey(call)] as const,
  queuedNonces: (chainId: string, safe: string) =>
    [...txFlowKeys.all(), chainId, safe, 'queued-nonces'] as const,
}
