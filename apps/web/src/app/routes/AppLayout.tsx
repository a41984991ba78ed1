import { ConnectButton } from '@rainbow-me/rainbowkit'
import { NavLink, Outlet, useRouteError } from 'react-router'
import { WrongNetworkBanner } from '../../features/wallet/components/WrongNetworkBanner'

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
  return (
    <div className="shell">
      <header className="header">
        <NavLink to="/" className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Concord
        </NavLink>
        <ConnectButton
          chainStatus="full"
          accountStatus="full"
          showBalance={{ smallScreen: false, largeScreen: true }}
        />
      </header>
      <nav className="sidebar" aria-label="Sections">
        <ul>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={'end' in item ? item.end : false}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        <WrongNetworkBanner />
        {children}
      </main>
    </div>
  )
}

/** Header (chain switcher + account), sidebar with the sections, and the current screen. */
export function AppLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

export function AppLayoutError() {
  const error = useRouteError()
  return (
    <Shell>
      <section className="page">
        <h1>Oops, something went wrong!</h1>
        <p className="error-text">{error instanceof Error ? error.message : String(error)}</p>
      </section>
    </Shell>
  )
}
