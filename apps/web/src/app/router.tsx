import { Component, type ComponentType, type ReactNode } from 'react'
import { type Location, matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router'
import { Skeleton } from '../components/ui/Skeleton'
import { lazyModule } from '../lib/lazyModule'
import { AppLayout, AppLayoutError } from './routes/AppLayout'

// Screens load on demand. Safe screens read the Safe from `?safe=<shortName>:<address>`.
// Declarative routes rather than react-router's data router: no loaders or actions are used, and its data
// layer (loaders, fetchers, lazy route resolution) was 54 kB of every first load's JS.

/** A screen in a chunk of its own: its route's element and how to start loading it (kept as the route's handle). */
type Screen = { element: ReactNode; handle: { load: () => Promise<unknown> } }

/** A screen rendered once its chunk has loaded (no Suspense boundary: see lib/lazyModule.ts). */
function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Screen {
  const screen = lazyModule(load)
  function LazyScreen() {
    const module = screen.useModule()
    if (!module) return <Skeleton lines={3} label="Loading" />
    const Screen = pick(module)
    return <Screen />
  }
  return { element: <LazyScreen />, handle: { load: screen.load } }
}

const home = lazyScreen(
  () => import('./routes/home'),
  (m) => m.HomeRoute,
)
const assetsLayout = lazyScreen(
  () => import('./routes/assets/layout'),
  (m) => m.AssetsLayout,
)
const tokens = lazyScreen(
  () => import('./routes/assets/tokens'),
  (m) => m.TokensRoute,
)
const nfts = lazyScreen(
  () => import('./routes/assets/nfts'),
  (m) => m.NftsRoute,
)
const transactionsIndex = lazyScreen(
  () => import('./routes/transactions/index'),
  (m) => m.TransactionsIndexRoute,
)
const transactionsLayout = lazyScreen(
  () => import('./routes/transactions/layout'),
  (m) => m.TransactionsLayout,
)
const history = lazyScreen(
  () => import('./routes/transactions/history'),
  (m) => m.HistoryRoute,
)
const queue = lazyScreen(
  () => import('./routes/transactions/queue'),
  (m) => m.QueueRoute,
)
const transaction = lazyScreen(
  () => import('./routes/transactions/tx'),
  (m) => m.TransactionRoute,
)
const newTransaction = lazyScreen(
  () => import('./routes/transactions/new'),
  (m) => m.NewTransactionRoute,
)
const signTransaction = lazyScreen(
  () => import('./routes/transactions/sign'),
  (m) => m.SignTransactionRoute,
)
const verify = lazyScreen(
  () => import('./routes/verify'),
  (m) => m.VerifyRoute,
)
const newSafe = lazyScreen(
  () => import('./routes/new-safe'),
  (m) => m.NewSafeRoute,
)
const messages = lazyScreen(
  () => import('./routes/messages'),
  (m) => m.MessagesRoute,
)
const apps = lazyScreen(
  () => import('./routes/apps'),
  (m) => m.AppsRoute,
)
const addressBook = lazyScreen(
  () => import('./routes/address-book'),
  (m) => m.AddressBookRoute,
)
const settingsLayout = lazyScreen(
  () => import('./routes/settings/layout'),
  (m) => m.SettingsLayout,
)
const generalSettings = lazyScreen(
  () => import('./routes/settings/general'),
  (m) => m.GeneralSettingsRoute,
)
const setup = lazyScreen(
  () => import('./routes/settings/setup'),
  (m) => m.SetupRoute,
)
const proposers = lazyScreen(
  () => import('./routes/settings/proposers'),
  (m) => m.ProposersRoute,
)
const spendingLimits = lazyScreen(
  () => import('./routes/settings/spending-limits'),
  (m) => m.SpendingLimitsRoute,
)
const notificationSettings = lazyScreen(
  () => import('./routes/settings/notifications'),
  (m) => m.NotificationSettingsRoute,
)
const safeAppsSettings = lazyScreen(
  () => import('./routes/settings/safe-apps'),
  (m) => m.SafeAppsSettingsRoute,
)
const chainsSettings = lazyScreen(
  () => import('./routes/settings/chains'),
  (m) => m.ChainsSettingsRoute,
)
const dataSettings = lazyScreen(
  () => import('./routes/settings/data'),
  (m) => m.DataSettingsRoute,
)
const explorerAddress = lazyScreen(
  () => import('./routes/explorer'),
  (m) => m.ExplorerAddressRoute,
)
const explorerTx = lazyScreen(
  () => import('./routes/explorer'),
  (m) => m.ExplorerTxRoute,
)
const notFound = lazyScreen(
  () => import('./routes/not-found'),
  (m) => m.NotFoundRoute,
)

const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppFrame />,
    children: [
      { index: true, ...home },
      {
        path: 'assets',
        ...assetsLayout,
        children: [
          { index: true, ...tokens },
          { path: 'nfts', ...nfts },
        ],
      },
      {
        path: 'transactions',
        children: [
          { index: true, ...transactionsIndex },
          {
            ...transactionsLayout,
            children: [
              { path: 'history', ...history },
              { path: 'queue', ...queue },
            ],
          },
          { path: 'tx', ...transaction },
          { path: 'new', ...newTransaction },
          { path: 'sign', ...signTransaction },
        ],
      },
      { path: 'new-safe', ...newSafe },
      { path: 'verify', ...verify },
      { path: 'messages', ...messages },
      { path: 'apps', ...apps },
      { path: 'address-book', ...addressBook },
      {
        path: 'settings',
        ...settingsLayout,
        children: [
          { index: true, ...generalSettings },
          { path: 'setup', ...setup },
          { path: 'proposers', ...proposers },
          { path: 'spending-limits', ...spendingLimits },
          { path: 'notifications', ...notificationSettings },
          { path: 'safe-apps', ...safeAppsSettings },
          { path: 'chains', ...chainsSettings },
          { path: 'data', ...dataSettings },
        ],
      },
      { path: 'explorer/:chainId/address/:address', ...explorerAddress },
      { path: 'explorer/:chainId/tx/:txHash', ...explorerTx },
      { path: '*', ...notFound },
    ],
  },
]

// The first screen's chunks start loading with this module, so its first render has them.
for (const match of matchRoutes(routes, window.location) ?? [])
  void (match.route.handle as Screen['handle'] | undefined)?.load().catch(() => {})

/** The app's screens (inside a BrowserRouter). */
export function AppRoutes() {
  return useRoutes(routes)
}

/** The layout of every screen, with the error boundary that keeps the app's frame when a screen fails. */
function AppFrame() {
  const location = useLocation()
  return (
    <ScreenErrorBoundary location={location}>
      <AppLayout />
    </ScreenErrorBoundary>
  )
}

type BoundaryProps = { location: Location; children: ReactNode }
type BoundaryState = { error?: unknown; location: Location }

/** A screen that failed to render (or its chunk to load) shows the error in the app's frame until the URL changes. */
class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location }
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <AppLayoutError error={this.state.error} />
  }
}
