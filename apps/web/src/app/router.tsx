import { createBrowserRouter } from 'react-router'
import { AppLayout, AppLayoutError } from './routes/AppLayout'

// Screens load on demand; later issues grow them.
export const router = createBrowserRouter([
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: AppLayoutError,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
      { path: 'assets', lazy: async () => ({ Component: (await import('./routes/assets')).AssetsRoute }) },
      {
        path: 'transactions',
        lazy: async () => ({ Component: (await import('./routes/transactions')).TransactionsRoute }),
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
        lazy: async () => ({ Component: (await import('./routes/settings')).SettingsRoute }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
])
