import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { type Address, defineChain } from 'viem'
import { injected } from 'wagmi'
import { connect, watchAccount, watchConnectors } from 'wagmi/actions'
import type { VerifyWallet } from '../features/tx-flow/components/verify/SignaturesPanel'
import { VerifyPage } from '../features/tx-flow/components/verify/VerifyPage'
import { createWagmiConfig } from '../lib/wagmi'

/**
 * The browser wallet for one chain with no gateway: the chain's RPC is the wallet's own node (createWagmiConfig
 * reads through the connected wallet when a chain has no RPC URL), so nothing but the wallet is asked.
 */
function OfflineWallet({
  chainId,
  children,
}: {
  chainId: number
  children: (wallet: VerifyWallet | undefined) => ReactNode
}) {
  const config = useMemo(() => {
    const chain = defineChain({
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    })
    return createWagmiConfig({ chains: [chain], connectors: [injected()], storageKey: 'concord.offline' })
  }, [chainId])
  const [account, setAccount] = useState<Address | undefined>(undefined)
  const [connectors, setConnectors] = useState(config.connectors)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setConnectors(config.connectors)
    const stopConnectors = watchConnectors(config, { onChange: setConnectors })
    const stopAccount = watchAccount(config, { onChange: (next) => setAccount(next.address) })
    return () => {
      stopConnectors()
      stopAccount()
    }
  }, [config])
  return (
    <>
      <div className="card" data-testid="offline-wallet">
        {account ? (
          <p>
            Wallet:{' '}
            <code className="address" data-testid="offline-account">
              {account}
            </code>
          </p>
        ) : (
          <>
            <p className="small">
              Connect a browser wallet: it reads the Safe from its own node, signs and executes.
            </p>
            <p>
              {connectors.map((connector) => (
                <button
                  key={connector.uid}
                  type="button"
                  className="button"
                  data-testid={`offline-connect-${connector.id}`}
                  onClick={() => {
                    setError(null)
                    connect(config, { connector, chainId }).catch((cause: Error) => setError(cause.message))
                  }}
                >
                  Connect {connector.name}
                </button>
              ))}
            </p>
          </>
        )}
        {error ? (
          <p className="error-text" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {children({ config, account })}
    </>
  )
}

/**
 * What the app offers when its gateway does not answer: open a transaction exported with its signatures (file,
 * link, QR), check it here, add a signature and execute it through the wallet, with no request to the gateway.
 */
export function OfflineVerify({ gatewayUrl }: { gatewayUrl: string }) {
  return (
    <main className="offline-verify" data-testid="offline-verify">
      <div className="banner warning" role="status">
        <p>
          <strong>Working without the gateway.</strong> {gatewayUrl} does not answer. Transactions exported
          from Concord with their signatures can still be checked, signed and executed here, through your
          wallet.
        </p>
      </div>
      <VerifyPage
        renderSigning={({ input, children }) => (
          <OfflineWallet chainId={input.chainId}>{children}</OfflineWallet>
        )}
      />
    </main>
  )
}
