import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Address } from 'viem'
import { QueryBoundary } from '../../components/ui/QueryBoundary'
import { useAddressBook } from '../../features/address-book/useAddressBook'
import { safeInfoQueryOptions } from '../../features/safe/api/queries'
import { manifestQueryOptions, safeAppsQueryOptions } from '../../features/safe-apps/api/queries'
import { AppFrame } from '../../features/safe-apps/components/AppFrame'
import { normalizeAppUrl } from '../../features/safe-apps/manifest'
import { useSettings } from '../../features/settings/useSettings'
import { useOwnerAccess } from '../../features/tx-flow/useOwnerAccess'
import type { OpenSafe } from '../useCurrentSafe'
import { AppRequest } from './apps-request'

/** Only http(s) app URLs are framed (no javascript:, data: or blob:). */
const safeAppUrl = (raw: string): string | undefined => {
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

export function OpenSafeApp({ safe, appUrl }: { safe: OpenSafe; appUrl: string }) {
  const { chainId } = safe.chain
  const url = safeAppUrl(appUrl)
  const info = useQuery(safeInfoQueryOptions(chainId, safe.address))
  const listed = useQuery(safeAppsQueryOptions(chainId))
  const listedApp = listed.data?.find((a) => normalizeAppUrl(a.url) === normalizeAppUrl(appUrl))
  const manifest = useQuery({
    ...manifestQueryOptions(url ?? ''),
    enabled: !!url && listed.isFetched && !listedApp,
  })
  const access = useOwnerAccess(chainId, safe.address, info.data)
  // Once framed, the app stays: a later recheck (a reconnect, a refetch) must not reload it mid-session.
  const [framed, setFramed] = useState(false)
  if (!framed && access.status !== 'checking') setFramed(true)
  const book = useAddressBook(chainId, safe.address)
  const { themeMode } = useSettings()
  const name = listedApp?.name ?? manifest.data?.name ?? (url ? new URL(url).host : 'App')

  return (
    <>
      <p className="small">
        <Link to={safe.href('/apps')}>← Apps</Link>
      </p>
      <h1 data-testid="open-app-name">{name}</h1>
      {!url ? (
        <p className="error-text" role="alert">
          Only http(s) apps can be opened.
        </p>
      ) : (
        <>
          {listed.isFetched && !listedApp && new URL(url).origin !== window.location.origin ? (
            <p className="banner warning small" data-testid="unlisted-app-warning">
              This app is not listed by the gateway: you are trusting {new URL(url).origin} with what it asks
              you to sign. If it does not load, the gateway's operator has turned custom apps off.
            </p>
          ) : null}
          <QueryBoundary
            query={info}
            errorTitle="Could not load the Safe"
            loading={{ lines: 3, label: 'Loading the Safe' }}
            card
          >
            {(data) =>
              // Apps read isReadOnly once, on load (the wagmi Safe connector does): not before the wallet and
              // the on-chain owners are known, or an owner would be read-only for the app's whole session.
              !framed ? (
                <p className="muted" role="status" data-testid="app-access-checking">
                  Checking whether your wallet owns this Safe…
                </p>
              ) : (
                <AppFrame
                  appUrl={url}
                  appName={name}
                  chain={safe.chain}
                  safeInfo={data}
                  isReadOnly={access.status !== 'owner'}
                  addressBook={book.entries}
                  darkMode={themeMode === 'dark'}
                  renderPrompt={(prompt) => (
                    <AppRequest
                      prompt={prompt}
                      appName={name}
                      chain={safe.chain}
                      safe={safe.address as Address}
                      info={data}
                    />
                  )}
                />
              )
            }
          </QueryBoundary>
        </>
      )}
    </>
  )
}
