import type { BookEntry } from '@concord/safe/addressBookCsv'
import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { RECENT_SAFES_LIMIT } from '../../../config/constants'
import { useKnownNames } from '../../../features/address-book/knownBooks'
import {
  mergeEntries,
  readLocalBook,
  readPendingEntries,
  writeLocalBook,
  writePendingEntries,
} from '../../../features/address-book/localBook'
import { ExportConcordData } from '../../../features/data-transfer/components/ExportConcordData'
import { ImportSafeWalletFile } from '../../../features/data-transfer/components/ImportSafeWalletFile'
import { buildExport, exportFileName, unexportedBookmarks } from '../../../features/data-transfer/exportFile'
import { type CatalogApp, type ImportPlan, planImport } from '../../../features/data-transfer/plan'
import type { SafeWalletData } from '../../../features/data-transfer/safeWalletFile'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { recentSafesStore } from '../../../features/safe/recentSafes'
import { useRecentSafes } from '../../../features/safe/useRecentSafes'
import { safeAppsQueryOptions } from '../../../features/safe-apps/api/queries'
import { bookmarksStore, normalizeAppUrl } from '../../../features/safe-apps/manifest'
import { useSettings } from '../../../features/settings/useSettings'
import { downloadText } from '../../../lib/download'
import { useRuntime } from '../../RuntimeContext'

// Settings → Data: moving in from Safe{Wallet} and back. The data-transfer feature reads, checks and plans; this
// route hands it the stores it writes to: the address books (through their pending entries, which an owner's
// session stores in the shared book), the recent Safes and the Safe Apps bookmarks.

/** Writes an import's plan into the stores (all of it checked beforehand: see the data-transfer feature). */
function applyImport(plan: ImportPlan): void {
  for (const { chainId, safe, entries } of plan.writes.books) {
    writeLocalBook(chainId, safe, mergeEntries(readLocalBook(chainId, safe), entries))
    // Pending: stored in the Safe's shared book once an owner signs in (as names saved while signed out are).
    writePendingEntries(chainId, safe, mergeEntries(readPendingEntries(chainId, safe), entries))
  }
  recentSafesStore.addOpenedElsewhere(plan.writes.recent)
  for (const url of plan.writes.bookmarks) bookmarksStore().add(url)
}

export function DataSettingsRoute() {
  const { chains } = useRuntime()
  const queryClient = useQueryClient()
  const { currency } = useSettings()
  const recent = useRecentSafes()
  const known = useKnownNames()
  const bookmarks = useSyncExternalStore(bookmarksStore().subscribe, bookmarksStore().get)
  const catalogQueries = useQueries({
    queries: chains.map((chain) => ({ ...safeAppsQueryOptions(chain.chainId), retry: false })),
  })
  const catalogsReady = catalogQueries.every((q) => !q.isPending)
  // Rebuilt each render (a few apps per chain); the preview is worked out again with it.
  const catalogs = new Map(
    chains.map((chain, i): [string, CatalogApp[] | undefined] => [
      chain.chainId,
      catalogQueries[i]?.data?.map((app) => ({
        id: app.id,
        name: app.name,
        url: normalizeAppUrl(app.url) ?? app.url,
      })),
    ]),
  )
  const plan = (data: SafeWalletData, overwrite: boolean) =>
    planImport({
      data,
      servedChains: chains,
      recent,
      recentLimit: RECENT_SAFES_LIMIT,
      readBook: readLocalBook,
      catalogs,
      bookmarks,
      overwrite,
      now: Date.now(),
    })

  const exportData = async () => {
    const infos = await Promise.all(
      recent.map((safe) =>
        queryClient.fetchQuery(safeInfoQueryOptions(safe.chainId, safe.address)).catch(() => undefined),
      ),
    )
    const names = new Map<string, BookEntry[]>(
      [...known.byChain].map(([chainId, byAddress]) => [
        chainId,
        [...byAddress].map(([address, name]) => ({ address, name })),
      ]),
    )
    const file = buildExport({
      names,
      recent,
      safeInfo: (chainId, address) => {
        const info =
          infos[
            recent.findIndex(
              (r) => r.chainId === chainId && r.address.toLowerCase() === address.toLowerCase(),
            )
          ]
        return info && { owners: info.owners.map((o) => o.value), threshold: info.threshold }
      },
      bookmarks,
      catalogs,
      currency,
    })
    downloadText(exportFileName(new Date()), `${JSON.stringify(file, null, 2)}\n`)
    return { unexported: unexportedBookmarks(bookmarks, catalogs) }
  }

  return (
    <>
      <div className="card">
        <h2>
          Move in from Safe{'{'}Wallet{'}'}
        </h2>
        <p className="muted small">
          Choose the file Safe{'{'}Wallet{'}'} exports (Settings → Data → Export,{' '}
          <code>safe-YYYY-MM-DD.json</code>). You see what it brings before anything is saved; a file with any
          bad entry saves nothing. Names go to the address books of the file's Safes on each chain (stored in
          the shared book when an owner signs in), its Safes to the recent Safes on the start page, its pinned
          apps to the Safe Apps bookmarks. Nothing saved here is removed.
        </p>
        <ImportSafeWalletFile plan={plan} apply={applyImport} ready={catalogsReady} />
      </div>
      <div className="card">
        <h2>Export</h2>
        <p className="muted small">
          This browser's address book names, recent Safes and bookmarked apps, as a Safe{'{'}Wallet{'}'} file
          (version 3.0) that Safe{'{'}Wallet{'}'} or another Concord can import.
        </p>
        <ExportConcordData onExport={exportData} />
      </div>
    </>
  )
}
