import type { Page } from 'playwright-core'
import {
  type Address,
  createWalletClient,
  defineChain,
  type Hex,
  hexToBigInt,
  http,
  numberToHex,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * An EIP-6963 browser wallet for tests whose key stays in Node: the page gets a small EIP-1193
 * provider that announces itself, and every request() crosses into Node through exposeFunction.
 */
export type InjectWalletOptions = {
  privateKey: Hex
  /** Devnet JSON-RPC: reads are forwarded here and transactions are broadcast here. */
  rpcUrl: string
  name?: string
  rdns?: string
  uuid?: string
  /** Also expose the provider as window.ethereum (RainbowKit then lists "Browser Wallet" too). */
  setWindowEthereum?: boolean
  /** 'unsupported' makes wallet_switchEthereumChain fail with 4200, like wallets that cannot switch. */
  switchChain?: 'allow' | 'unsupported'
  /** Chain the wallet starts on (default: the RPC's chain). */
  initialChainId?: number
}

export type InjectedWallet = {
  address: Address
  /** Every method the page called, in order. */
  requests: string[]
  /** The chain the wallet is on now. */
  chainId(): number
}

type RpcReply = { result?: unknown; error?: { code: number; message: string }; events?: [string, unknown][] }

const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b7a53"/><text x="16" y="21" font-size="12" text-anchor="middle" fill="#fff" font-family="sans-serif">E2E</text></svg>',
)}`

class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

let walletCount = 0

export async function injectWallet(page: Page, options: InjectWalletOptions): Promise<InjectedWallet> {
  const account = privateKeyToAccount(options.privateKey)
  const requests: string[] = []
  let rpcId = 0

  async function forward(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw new WalletRpcError(body.error.code, body.error.message)
    return body.result
  }

  const rpcChainId = Number(await forward('eth_chainId', []))
  let chainId = options.initialChainId ?? rpcChainId
  let authorized = false
  const chain = defineChain({
    id: rpcChainId,
    name: 'E2E devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  })
  const walletClient = createWalletClient({ account, chain, transport: http(options.rpcUrl) })

  const requireAuthorized = (address?: unknown) => {
    if (!authorized) throw new WalletRpcError(4100, 'Unauthorized: call eth_requestAccounts first')
    if (address !== undefined && String(address).toLowerCase() !== account.address.toLowerCase())
      throw new WalletRpcError(4100, `Unknown account ${String(address)}`)
  }

  async function handle(method: string, params: unknown[]): Promise<RpcReply> {
    switch (method) {
      case 'eth_requestAccounts':
        authorized = true
        return { result: [account.address] }
      case 'eth_accounts':
        return { result: authorized ? [account.address] : [] }
      case 'eth_chainId':
        return { result: numberToHex(chainId) }
      case 'net_version':
        return { result: String(chainId) }
      case 'wallet_switchEthereumChain': {
        if (options.switchChain === 'unsupported')
          throw new WalletRpcError(4200, 'The method wallet_switchEthereumChain is not supported')
        const next = Number((params[0] as { chainId: Hex }).chainId)
        chainId = next
        return { result: null, events: [['chainChanged', numberToHex(next)]] }
      }
      case 'wallet_requestPermissions':
        authorized = true
        return { result: [{ parentCapability: 'eth_accounts' }] }
      case 'wallet_getPermissions':
        return { result: authorized ? [{ parentCapability: 'eth_accounts' }] : [] }
      case 'wallet_revokePermissions':
        authorized = false
        return { result: null, events: [['accountsChanged', []]] }
      case 'personal_sign': {
        requireAuthorized(params[1])
        return { result: await account.signMessage({ message: { raw: params[0] as Hex } }) }
      }
      case 'eth_signTypedData_v4': {
        requireAuthorized(params[0])
        const typedData = (
          typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
        ) as TypedDataDefinition
        return { result: await account.signTypedData(typedData) }
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { from?: Address; to?: Address; data?: Hex; value?: Hex; gas?: Hex }
        requireAuthorized(tx.from ?? account.address)
        if (chainId !== rpcChainId)
          throw new WalletRpcError(4901, `Wallet is on chain ${chainId}, not the devnet`)
        const hash = await walletClient.sendTransaction({
          to: tx.to ?? null,
          data: tx.data,
          value: tx.value ? hexToBigInt(tx.value) : undefined,
          gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
        })
        return { result: hash }
      }
      default:
        return { result: await forward(method, params) }
    }
  }

  const bridge = `__concordE2EWallet${walletCount++}`
  await page.exposeFunction(
    bridge,
    async (request: { method: string; params?: unknown }): Promise<RpcReply> => {
      requests.push(request.method)
      try {
        return await handle(request.method, Array.isArray(request.params) ? request.params : [])
      } catch (error) {
        const code = error instanceof WalletRpcError ? error.code : -32603
        return { error: { code, message: error instanceof Error ? error.message : String(error) } }
      }
    },
  )

  const info = {
    uuid: options.uuid ?? '6f1e9c1e-58f4-4d5c-9f1e-2e2ec0c0ffee',
    name: options.name ?? 'E2E Wallet',
    icon: ICON,
    rdns: options.rdns ?? 'test.concord.e2e',
  }

  // Runs in the page before any app script.
  await page.addInitScript(
    ({ bridge, info, setWindowEthereum }) => {
      type Listener = (...args: unknown[]) => void
      const listeners = new Map<string, Set<Listener>>()
      // Looked up per call: the binding is installed by exposeFunction, independently of this script.
      const call = (request: unknown) =>
        (window as unknown as Record<string, (request: unknown) => Promise<RpcReply>>)[bridge]?.(request) ??
        Promise.reject(new Error('E2E wallet bridge missing'))
      const provider = {
        async request({ method, params }: { method: string; params?: unknown }) {
          const reply = await call({ method, params })
          for (const [event, data] of reply.events ?? [])
            for (const listener of listeners.get(event) ?? []) listener(data)
          if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
          return reply.result
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set())
          listeners.get(event)?.add(listener)
          return provider
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener)
          return provider
        },
      }
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
        )
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
      if (setWindowEthereum) Object.assign(window, { ethereum: provider })
    },
    { bridge, info, setWindowEthereum: options.setWindowEthereum ?? false },
  )

  return { address: account.address, requests, chainId: () => chainId }
}
