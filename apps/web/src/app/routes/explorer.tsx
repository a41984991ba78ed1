import { Link, useParams } from 'react-router'
import { isAddress, isHash } from 'viem'
import { ExplorerAddressView } from '../../features/explorer/components/ExplorerAddressView'
import { ExplorerTransactionView } from '../../features/explorer/components/ExplorerTransactionView'
import { useRuntime } from '../RuntimeContext'

// The pages a chain without a block explorer names in its blockExplorerUriTemplate (the gateway's own
// explorer): /explorer/{chainId}/address/{address} and /explorer/{chainId}/tx/{txHash}.

function useExplorerChain() {
  const { chainId = '' } = useParams()
  const { chains } = useRuntime()
  return { chainId, chain: chains.find((c) => c.chainId === chainId) }
}

function Unknown({ what }: { what: string }) {
  return (
    <section className="page">
      <h1>Explorer</h1>
      <p className="muted">
        {what} <Link to="/">Go to the start page</Link>.
      </p>
    </section>
  )
}

export function ExplorerAddressRoute() {
  const { chainId, chain } = useExplorerChain()
  const { address = '' } = useParams()
  if (!chain) return <Unknown what={`Chain ${chainId} is not served by this gateway.`} />
  if (!isAddress(address, { strict: false })) return <Unknown what="This is not an address." />
  return (
    <section className="page">
      <h1>Address on {chain.chainName}</h1>
      <ExplorerAddressView key={address} chain={chain} address={address} />
    </section>
  )
}

export function ExplorerTxRoute() {
  const { chainId, chain } = useExplorerChain()
  const { txHash = '' } = useParams()
  if (!chain) return <Unknown what={`Chain ${chainId} is not served by this gateway.`} />
  if (!isHash(txHash)) return <Unknown what="This is not a transaction hash." />
  return (
    <section className="page">
      <h1>Transaction on {chain.chainName}</h1>
      <ExplorerTransactionView key={txHash} chain={chain} hash={txHash} />
    </section>
  )
}
