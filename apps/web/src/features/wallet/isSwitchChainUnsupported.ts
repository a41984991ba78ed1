// EIP-1193 4200 (unsupported method), JSON-RPC -32601 (method not found), EIP-1474 -32004 (method not supported).
const UNSUPPORTED_CODES = new Set([4200, -32601, -32004])
const UNSUPPORTED_NAMES = new Set([
  'SwitchChainNotSupportedError',
  'UnsupportedProviderMethodError',
  'MethodNotFoundRpcError',
  'MethodNotSupportedRpcError',
])

/** True when a switch-chain failure means the wallet cannot switch networks for the app at all. */
export function isSwitchChainUnsupported(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 10 && current; depth++) {
    if (typeof current !== 'object') return false
    const { name, code, cause } = current as { name?: unknown; code?: unknown; cause?: unknown }
    if (typeof name === 'string' && UNSUPPORTED_NAMES.has(name)) return true
    if (typeof code === 'number' && UNSUPPORTED_CODES.has(code)) return true
    current = cause
  }
  return false
}
