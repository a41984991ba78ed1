import { useNavigate } from 'react-router'
import { useAccount } from 'wagmi'
import { saveEntryInBrowser } from '../../features/address-book/saveInBrowser'
import { CreateSafeForm } from '../../features/create-safe/components/CreateSafeForm'
import type { CreatedSafe } from '../../features/create-safe/hooks/useDeploySafe'
import { formatSafeParam, safeHref } from '../../lib/safeLink'
import { useRuntime } from '../RuntimeContext'

/**
 * The name given on the form is the Safe's entry in its own address book, where the start page and the Safe's
 * header read Safe names (as renaming there does). Saved in this browser and pushed to the shared book at an
 * owner's next signed-in visit: the gateway has not indexed the Safe yet.
 */
const saveSafeName = ({ chainId, address, name }: CreatedSafe) => {
  if (name) saveEntryInBrowser(chainId, address, { address, name })
}

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
        A Safe v1.4.1 owned by the addresses below. Its address is known before it is deployed; you review the
        deployment and its fee before your wallet pays for it.
      </p>
      <div className="card">
        <CreateSafeForm
          chains={chains}
          defaultChainId={(walletChain ?? chains[0])?.chainId ?? ''}
          onCreated={saveSafeName}
          onOpen={(chain, address) => navigate(safeHref('/', formatSafeParam(chain, address)))}
        />
      </div>
    </section>
  )
}
