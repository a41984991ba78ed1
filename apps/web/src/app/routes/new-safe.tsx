import { useNavigate } from 'react-router'
import { useAccount } from 'wagmi'
import { CreateSafeForm } from '../../features/create-safe/components/CreateSafeForm'
import { formatSafeParam, safeHref } from '../../lib/safeLink'
import { useRuntime } from '../RuntimeContext'

/** `/new-safe`: create a Safe, then open it. */
export function NewSafeRoute() {
  const { chains } = useRuntime()
  const { chainId } = useAccount()
  const navigate = useNavigate()
  const walletChain = chains.find((chain) => chain.chainId === String(chainId))
  return (
    <section className="page">
      <h1>Create a new Safe</h1>
      <p className="lead muted">
        A Safe v1.4.1 owned by the addresses below. Its address is known before it is deployed; your wallet
        pays for the deployment.
      </p>
      <div className="card">
        <CreateSafeForm
          chains={chains}
          defaultChainId={(walletChain ?? chains[0])?.chainId ?? ''}
          onOpen={(chain, address) => navigate(safeHref('/', formatSafeParam(chain, address)))}
        />
      </div>
    </section>
  )
}
