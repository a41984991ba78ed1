import { Link, useNavigate } from 'react-router'
import { Skeleton } from '../../../components/ui/Skeleton'
import { AddSafeForm } from '../../../features/safe/components/AddSafeForm'
import { RecentSafes } from '../../../features/safe/components/RecentSafes'
import { formatSafeParam, safeHref } from '../../../lib/safeLink'
import { openConnectModal } from '../../../lib/walletDialogs'
import { useWalletAccount } from '../../../lib/walletRuntime'
import { useRuntime } from '../../RuntimeContext'
import { YourSafes } from './YourSafes'
import './start.css'

/** `/` without a Safe: the wallet's Safes first, then opening one by address, then the recently opened ones. */
export function StartPage() {
  const { chains } = useRuntime()
  const { status, address, chainId } = useWalletAccount()
  const navigate = useNavigate()
  const walletChain = chains.find((chain) => chain.chainId === String(chainId))
  return (
    <section className="page start-page" data-testid="start-page">
      <h1>Welcome to Concord</h1>
      <p className="lead muted">A self-hostable wallet for Safe smart accounts.</p>
      <div className="card">
        <div className="card-toolbar">
          <h2>Your Safes</h2>
          <Link className="button small-button" to="/new-safe" data-testid="create-safe-link">
            Create a new Safe
          </Link>
        </div>
        {address ? (
          <YourSafes chains={chains} owner={address} />
        ) : status === 'reconnecting' || status === 'connecting' ? (
          <Skeleton lines={2} label="Reconnecting your wallet" />
        ) : (
          <ConnectPrompt />
        )}
      </div>
      <div className="card">
        <h2>Open a Safe by address</h2>
        <AddSafeForm
          chains={chains}
          defaultChainId={(walletChain ?? chains[0])?.chainId ?? ''}
          onOpen={(chain, safeAddress) => navigate(safeHref('/', formatSafeParam(chain, safeAddress)))}
        />
      </div>
      <div className="card">
        <h2>Recent Safes</h2>
        <RecentSafes chains={chains} />
      </div>
    </section>
  )
}

function ConnectPrompt() {
  return (
    <div className="start-connect" data-testid="start-connect">
      <p className="muted">Connect a wallet to list the Safes it is an owner of, on every chain.</p>
      <button
        type="button"
        className="button primary"
        onClick={openConnectModal}
        data-testid="start-connect-button"
      >
        Connect a wallet
      </button>
    </div>
  )
}
