import { createBrowserRouter } from 'react-router'
import { AppLayout, AppLayoutError } from './routes/AppLayout'

// Screens load on demand. Safe screens read the Safe from `?safe=<shortName>:<address>`.
export const router = createBrowserRouter([
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: AppLayoutError,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
      {
        path: 'assets',
        lazy: async () => ({ Component: (await import('./routes/assets/layout')).AssetsLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/assets/tokens')).TokensRoute }),
          },
          {
            path: 'nfts',
            lazy: async () => ({ Component: (await import('./routes/assets/nfts')).NftsRoute }),
          },
        ],
      },
      {
        path: 'transactions',
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./routes/transactions/index')).TransactionsIndexRoute,
            }),
          },
          {
            lazy: async () => ({
              Component: (await import('./routes/transactions/layout')).TransactionsLayout,
            }),
            children: [
              {
                path: 'history',
                lazy: async () => ({
                  Component: (await import('./routes/transactions/history')).HistoryRoute,
                }),
              },
              {
                path: 'queue',
                lazy: async () => ({ Component: (await import('./routes/transactions/queue')).QueueRoute }),
              },
            ],
          },
          {
            path: 'tx',
            lazy: async () => ({ Component: (await import('./routes/transactions/tx')).TransactionRoute }),
          },
          {
            path: 'new',
            lazy: async () => ({
              Component: (await import('./routes/transactions/new')).NewTransactionRoute,
            }),
          },
          {
            path: 'sign',
            lazy: async () => ({
              Component: (await import('./routes/transactions/sign')).SignTransactionRoute,
            }),
          },
        ],
      },
      {
        path: 'new-safe',
        lazy: async () => ({ Component: (await import('./routes/new-safe')).NewSafeRoute }),
      },
      {
        path: 'messages',
        lazy: async () => ({ Component: (await import('./routes/messages')).MessagesRoute }),
      },
      { path: 'apps', lazy: async () => ({ Component: (await import('./routes/apps')).AppsRoute }) },
      {
        path: 'address-book',
        lazy: async () => ({ Component: (await import('./routes/address-book')).AddressBookRoute }),
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('./routes/settings/layout')).SettingsLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./routes/settings/general')).GeneralSettingsRoute,
            }),
          },
          {
            path: 'setup',
            lazy: async () => ({ Component: (await import('./routes/settings/setup')).SetupRoute }),
          },
          {
            path: 'proposers',
            lazy: async () => ({ Component: (await import('./routes/settings/proposers')).ProposersRoute }),
          },
          {
            path: 'notifications',
            lazy: async () => ({
              Component: (await import('./routes/settings/notifications')).NotificationSettingsRoute,
            }),
          },
          {
            path: 'safe-apps',
            lazy: async () => ({
              Component: (await import('./routes/settings/safe-apps')).SafeAppsSettingsRoute,
            }),
          },
          {
            path: 'chains',
            lazy: async () => ({
              Component: (await import('./routes/settings/chains')).ChainsSettingsRoute,
            }),
          },
        ],
      },
      {
        path: 'explorer/:chainId/address/:address',
        lazy: async () => ({ Component: (await import('./routes/explorer')).ExplorerAddressRoute }),
      },
      {
        path: 'explorer/:chainId/tx/:txHash',
        lazy: async () => ({ Component: (await import('./routes/explorer')).ExplorerTxRoute }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
])
