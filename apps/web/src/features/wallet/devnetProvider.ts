import { type Address, isAddressEqual, numberToHex } from 'viem'

/** An EIP-1193 error (`{ code, message, data }`), which viem maps to its typed RPC errors. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

export type RequestArguments = { method: string; params?: unknown }

type Listener = (...args: unknown[]) => void

export type DevnetProvider = {
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  emit(event: string, ...args: unknown[]): void
  /** Sends a request straight to the node, bypassing the wallet's account handling. */
  rpc(method: string, params?: unknown): Promise<unknown>
}

export type CreateDevnetProviderParameters = {
  rpcUrl: string
  chainId: number
  /** The account the user picked, or undefined while disconnected. */
  getAccount: () => Address | undefined
  fetchFn?: typeof fetch
}

const UNAUTHORIZED = 4100
const UNSUPPORTED_METHOD = 4200
const INTERNAL_ERROR = -32603

// Signing methods and the index of the address parameter in `params`.
const SIGNER_PARAM: Record<string, number> = {
  personal_sign: 1,
  eth_sign: 0,
  eth_signTypedData: 0,
  eth_signTypedData_v3: 0,
  eth_signTypedData_v4: 0,
}

/**
 * The Devnet wallet's provider: it exposes the one picked account and lets the devnet node sign
 * (the node keeps the test accounts unlocked). Everything else is forwarded to the node's RPC.
 */
export function createDevnetProvider({
  rpcUrl,
  chainId,
  getAccount,
  fetchFn = (...args) => fetch(...args),
}: CreateDevnetProviderParameters): DevnetProvider {
  let id = 0
  const listeners = new Map<string, Set<Listener>>()

  async function rpc(method: string, params?: unknown): Promise<unknown> {
    let response: Response
    try {
      response = await fetchFn(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
      })
    } catch (error) {
      throw new ProviderRpcError(INTERNAL_ERROR, `Devnet RPC unreachable: ${(error as Error).message}`)
    }
    let body: { result?: unknown; error?: { code?: number; message?: string; data?: unknown } }
    try {
      body = await response.json()
    } catch {
      throw new ProviderRpcError(INTERNAL_ERROR, `Devnet RPC answered HTTP ${response.status} without JSON`)
    }
    if (body.error)
      throw new ProviderRpcError(
        body.error.code ?? INTERNAL_ERROR,
        body.error.message ?? 'RPC error',
        body.error.data,
      )
    return body.result
  }

  const requireAccount = (): Address => {
    const account = getAccount()
    if (!account) throw new ProviderRpcError(UNAUTHORIZED, 'The Devnet wallet is not connected')
    return account
  }

  const requireSigner = (address: unknown): void => {
    const account = requireAccount()
    if (typeof address !== 'string' || !isAddressEqual(address as Address, account))
      throw new ProviderRpcError(
        UNAUTHORIZED,
        `Address ${String(address)} is not the connected account ${account}`,
      )
  }

  async function request({ method, params }: RequestArguments): Promise<unknown> {
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_accounts': {
        const account = getAccount()
        return account ? [account] : []
      }
      case 'eth_requestAccounts':
        return [requireAccount()]
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_switchEthereumChain': {
        const requested = (list[0] as { chainId?: string } | undefined)?.chainId
        if (requested !== undefined && Number(requested) === chainId) return null
        throw new ProviderRpcError(UNSUPPORTED_METHOD, `The Devnet wallet only supports chain ${chainId}`)
      }
      case 'wallet_addEthereumChain':
      case 'wallet_watchAsset':
        throw new ProviderRpcError(UNSUPPORTED_METHOD, `The Devnet wallet does not support ${method}`)
      case 'eth_sendTransaction': {
        const tx = { ...(list[0] as Record<string, unknown> | undefined) }
        if (tx.from === undefined) tx.from = requireAccount()
        requireSigner(tx.from)
        return rpc(method, [tx, ...list.slice(1)])
      }
      default: {
        const signerIndex = SIGNER_PARAM[method]
        if (signerIndex !== undefined) requireSigner(list[signerIndex])
        return rpc(method, params)
      }
    }
  }

  return {
    request,
    rpc,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event, ...args) {
      for (const listener of listeners.get(event) ?? []) listener(...args)
    },
  }
}
