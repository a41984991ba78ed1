import { Menu, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { ConnectionBanner } from '../../features/live/components/ConnectionBanner'
import { NotificationBell } from '../../features/notifications/components/NotificationBell'
import { ReceiveButton } from '../../features/receive/components/ReceiveButton'
import { SafeSidebarCard } from '../../features/safe/components/SafeSidebarCard'
import { useRememberOpenedSafe } from '../../features/safe/useRememberOpenedSafe'
import { actionPhrase } from '../../features/transactions/utils/describeTransaction'
import { NewTransactionLink } from '../../features/tx-flow/components/NewTransactionLink'
import { RequireWallet } from '../../features/wallet/components/RequireWallet'
import { WalletButton } from '../../features/wallet/components/WalletButton'
import { useWalletConfig } from '../../lib/walletRuntime'
import { CurrentSafeNames } from '../CurrentSafeNames'
import { SafeChainSwitcher } from '../SafeChainSwitcher'
import { safeSearch, useCurrentSafe } from '../useCurrentSafe'
import { GATEWAY_RETRY_MS, useGatewayRecovery } from '../useGatewayRecovery'
import { useLiveQueryUpdates } from '../useLiveQueryUpdates'
import { MissingSafe } from './MissingSafe'
import { useSafeMissing } from './NoSuchSafe'

// The banners about the connected wallet read it through wagmi: they load with it.
const WrongNetworkBanner = lazy(() =>
  import('../../features/wallet/components/WrongNetworkBanner').then((m) => ({
    default: m.WrongNetworkBanner,
  })),
)
const ReadOnlyBanner = lazy(() =>
  import('../../features/safe/components/ReadOnlyBanner').then((m) => ({ default: m.ReadOnlyBanner })),
)

const NAV_ITEMS = [
  { to: '/', label: 'Home', end: true },
  { to: '/assets', label: 'Assets' },
  { to: '/transactions', label: 'Transactions' },
  { to: '/messages', label: 'Messages' },
  { to: '/apps', label: 'Apps' },
  { to: '/address-book', label: 'Address book' },
  { to: '/settings', label: 'Settings' },
] as const

function Shell({ children }: { children: React.ReactNode }) {
  // Every section link keeps the open Safe (`?safe=`).
  const current = useCurrentSafe()
  const search = safeSearch(current)
  const missing = useSafeMissing(current)
  // The banners about the connected wallet need wagmi, which a visitor without a wallet may not have loaded.
  const walletLoaded = useWalletConfig() !== undefined
  // The open Safe's data refreshes as the gateway pushes changes (polling while it cannot).
  useLiveQueryUpdates(current)
  useGatewayRecovery()
  useRememberOpenedSafe(
    current.status === 'ok' ? current.chain.chainId : undefined,
    current.status === 'ok' ? current.address : undefined,
  )
  // On narrow screens the sections are a drawer, closed again by navigating or Escape.
  const [navOpen, setNavOpen] = useState(false)
  const { pathname, search: locationSearch } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the drawer whenever the location changes
  useEffect(() => setNavOpen(false), [pathname, locationSearch])
  useEffect(() => {
    if (!navOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [navOpen])
  return (
    <div className={navOpen ? 'shell nav-open' : 'shell'}>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="header">
        <button
          type="button"
          className="nav-toggle"
          aria-controls="sections"
          aria-expanded={navOpen}
          aria-label={navOpen ? 'Close menu' : 'Open menu'}
          data-testid="nav-toggle"
          onClick={() => setNavOpen((open) => !open)}
        >
          {navOpen ? <X size={20} aria-hidden="true" /> : <Menu size={20} aria-hidden="true" />}
        </button>
        <NavLink to="/" className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="brand-name">Concord</span>
        </NavLink>
        <NotificationBell
          describeAction={(details, native, nameOf) =>
            actionPhrase(
              details.txInfo,
              native,
              nameOf,
              details.detailedExecutionInfo?.type === 'MULTISIG'
                ? details.detailedExecutionInfo.nonce
                : undefined,
            )
          }
        />
        <WalletButton />
      </header>
      {navOpen ? <div className="nav-backdrop" aria-hidden="true" onClick={() => setNavOpen(false)} /> : null}
      <nav id="sections" className="sidebar" aria-label="Sections">
        <div className="sidebar-inner">
          {current.status === 'ok' && !missing ? (
            <>
              <SafeSidebarCard chain={current.chain} address={current.address} />
              <SafeChainSwitcher chain={current.chain} address={current.address} />
              <ReceiveButton
                chain={current.chain}
                address={current.address}
                className="button small-button sidebar-receive"
              />
              <NewTransactionLink href={current.href('/transactions/new')} testId="sidebar-new-transaction" />
            </>
          ) : null}
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={{ pathname: item.to, search }} end={'end' in item ? item.end : false}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <main id="content" className="content" tabIndex={-1}>
        <ConnectionBanner retryMs={GATEWAY_RETRY_MS} />
        {walletLoaded ? (
          <Suspense fallback={null}>
            <WrongNetworkBanner />
            {current.status === 'ok' && !missing ? (
              <ReadOnlyBanner chain={current.chain} address={current.address} />
            ) : null}
          </Suspense>
        ) : null}
        {current.status === 'ok' && missing ? <MissingSafe safe={current} /> : children}
      </main>
    </div>
  )
}

/** Header (chain switcher + account), sidebar with the sections, and the current screen. */
export function AppLayout() {
  const { pathname } = useLocation()
  // Every screen but the start page and a Safe's Home reads the chain or acts with the wallet: wagmi loads first.
  const walletFree = pathname === '/'
  return (
    <CurrentSafeNames>
      <Shell>
        {walletFree ? (
          <Outlet />
        ) : (
          <RequireWallet>
            <Outlet />
          </RequireWallet>
        )}
      </Shell>
    </CurrentSafeNames>
  )
}

/** What a screen that failed to render shows, in the app's frame (see ScreenErrorBoundary in router.tsx). */
export function AppLayoutError({ error }: { error: unknown }) {
  return (
    <Shell>
      <section className="page">
        <h1>Oops, something went wrong!</h1>
        <p className="error-text">{error instanceof Error ? error.message : String(error)}</p>
      </section>
    </Shell>
  )
}
