import { type Address, getAddress, UnsupportedProviderMethodError } from 'viem'
import { ChainNotConfiguredError, createConnector } from 'wagmi'
import { createDevnetProvider, type DevnetProvider } from './devnetProvider'

export type DevnetConnectorParameters = {
  chainId: number
  /** The devnet node's JSON-RPC URL (the chain's publicRpcUri). */
  rpcUrl: string
  /** Asks the user which of the node's accounts to use. */
  pickAccount: (accounts: readonly Address[], lastAccount: Address | undefined) => Promise<Address>
  /**
   * More devnet chains the wallet switches to (npm start's second chain): the same test accounts on another node.
   * `chainId` stays the one it connects to first.
   */
  otherChains?: readonly { chainId: number; rpcUrl: string }[]
}

// wagmi prefixes these with `wagmi.` in localStorage.
const ACCOUNT_KEY = 'devnet.account'
const CONNECTED_KEY = 'devnet.connected'
const CHAIN_KEY = 'devnet.chainId'

type StorageItem = { [ACCOUNT_KEY]: Address; [CONNECTED_KEY]: boolean; [CHAIN_KEY]: number }

devnet.type = 'devnet' as const

/**
 * wagmi connector for the devnet's unlocked test accounts. The user picks an account when
 * connecting; the pick is remembered so a page reload reconnects to the same account.
 */
export function devnet({
  chainId: firstChainId,
  rpcUrl,
  pickAccount,
  otherChains = [],
}: DevnetConnectorParameters) {
  return createConnector<DevnetProvider, Record<string, unknown>, StorageItem>((config) => {
    let account: Address | undefined
    // One provider per chain (each forwards to its own node); the account is the same on all of them.
    const providers = new Map(
      [{ chainId: firstChainId, rpcUrl }, ...otherChains].map((chain) => [
        chain.chainId,
        createDevnetProvider({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, getAccount: () => account }),
      ]),
    )
    let chainId = firstChainId
    let provider = providers.get(chainId) as DevnetProvider
    const selectChain = (id: number) => {
      chainId = id
      provider = providers.get(id) as DevnetProvider
    }

    const nodeAccounts = async (): Promise<Address[]> =>
      ((await provider.rpc('eth_accounts')) as string[]).map((address) => getAddress(address))

    /** The account of a connection that was not ended by disconnect(), e.g. before a page reload. */
    const storedAccount = async (): Promise<Address | undefined> => {
      if (!(await config.storage?.getItem(CONNECTED_KEY))) return undefined
      const stored = await config.storage?.getItem(ACCOUNT_KEY)
      return stored ? getAddress(stored) : undefined
    }

    return {
      id: 'devnet',
      name: 'Devnet wallet',
      type: devnet.type,

      async connect({ isReconnecting, withCapabilities } = {}) {
        const stored = (await config.storage?.getItem(ACCOUNT_KEY)) ?? undefined
        const storedChain = isReconnecting ? await config.storage?.getItem(CHAIN_KEY) : undefined
        if (storedChain && providers.has(storedChain)) selectChain(storedChain)
        let selected = isReconnecting ? stored : undefined
        if (!selected) {
          const accounts = await nodeAccounts()
          if (accounts.length === 0) throw new Error('The devnet node has no unlocked accounts.')
          selected = await pickAccount(accounts, stored)
        }
        account = getAddress(selected)
        await config.storage?.setItem(ACCOUNT_KEY, account)
        await config.storage?.setItem(CONNECTED_KEY, true)
        provider.emit('connect', { chainId: `0x${chainId.toString(16)}` })
        return {
          accounts: (withCapabilities ? [{ address: account, capabilities: {} }] : [account]) as never,
          chainId,
        }
      },

      async disconnect() {
        account = undefined
        // The picked account stays stored so the picker can preselect it next time.
        await config.storage?.setItem(CONNECTED_KEY, false)
        provider.emit('disconnect')
      },

      async getAccounts() {
        // After a reload wagmi may ask before reconnect() has run connect(): restore the pick.
        account ??= await storedAccount()
        return account ? [account] : []
      },

      async getChainId() {
        return chainId
      },

      async getProvider() {
        return provider
      },

      async isAuthorized() {
        try {
          const stored = await storedAccount()
          if (!stored) return false
          // A restarted devnet may have other accounts; then the user picks again.
          return (await nodeAccounts()).includes(stored)
        } catch {
          return false
        }
      },

      async switchChain({ chainId: requested }) {
        const chain = config.chains.find((candidate) => candidate.id === requested)
        if (!chain) throw new ChainNotConfiguredError()
        if (!providers.has(requested))
          throw new UnsupportedProviderMethodError(
            new Error(`The Devnet wallet only supports chain ${[...providers.keys()].join(', ')}.`),
          )
        if (requested !== chainId) {
          selectChain(requested)
          await config.storage?.setItem(CHAIN_KEY, requested)
          config.emitter.emit('change', { chainId: requested })
        }
        return chain
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((address) => getAddress(address)) })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      async onDisconnect() {
        account = undefined
        config.emitter.emit('disconnect')
      },
    }
  })
}
