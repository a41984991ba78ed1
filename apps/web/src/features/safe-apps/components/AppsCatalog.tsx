import type { SafeAppData } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueries, useQuery } from '@tanstack/react-query'
import { Star } from 'lucide-react'
import { useMemo, useState, useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { manifestQueryOptions, safeAppsQueryOptions } from '../api/queries'
import { bookmarksStore, customAppsStore, normalizeAppUrl } from '../manifest'
import { AddCustomApp } from './AddCustomApp'
import './safeApps.css'

export type CatalogApp = {
  url: string
  name: string
  description: string
  iconUrl: string | null
  custom: boolean
}

const matches = (app: CatalogApp, search: string) =>
  !search || `${app.name} ${app.description} ${app.url}`.toLowerCase().includes(search.toLowerCase())

/** The gateway's apps, the user's custom apps and bookmarks, with search; each app links to `hrefOf(url)`. */
export function AppsCatalog({ chainId, hrefOf }: { chainId: string; hrefOf: (url: string) => string }) {
  const listed = useQuery(safeAppsQueryOptions(chainId))
  const custom = customAppsStore(chainId)
  const bookmarks = bookmarksStore()
  const customUrls = useSyncExternalStore(custom.subscribe, custom.get)
  const bookmarked = useSyncExternalStore(bookmarks.subscribe, bookmarks.get)
  const manifests = useQueries({ queries: customUrls.map((url) => manifestQueryOptions(url)) })
  const [search, setSearch] = useState('')

  const customApps = useMemo(
    (): CatalogApp[] =>
      customUrls.map((url, i) => {
        const m = manifests[i]?.data
        return {
          url,
          custom: true,
          name: m?.name ?? url,
          description: m
            ? m.description
            : manifests[i]?.error
              ? `Manifest unavailable: ${manifests[i]?.error?.message}`
              : 'Reading manifest…',
          iconUrl: m?.iconUrl ?? null,
        }
      }),
    [customUrls, manifests],
  )

  return (
    <div className="stack">
      <div className="card">
        <label className="field">
          <span>Search apps</span>
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name, description or URL"
            data-testid="apps-search"
          />
        </label>
      </div>
      <QueryBoundary
        query={listed}
        errorTitle="Could not load the Safe Apps"
        loading={{ lines: 3, label: 'Loading apps' }}
        card
      >
        {(apps: SafeAppData[]) => {
          const all: CatalogApp[] = [
            ...apps.map((a) => ({
              url: a.url,
              name: a.name,
              description: a.description,
              iconUrl: a.iconUrl,
              custom: false,
            })),
            ...customApps,
          ]
          const shown = all.filter((a) => matches(a, search))
          const marked = (url: string) => bookmarked.includes(normalizeAppUrl(url) ?? url)
          const sorted = [...shown.filter((a) => marked(a.url)), ...shown.filter((a) => !marked(a.url))]
          return sorted.length ? (
            <div className="safe-apps-grid" data-testid="apps-list">
              {sorted.map((app) => (
                <AppCard
                  key={`${app.custom ? 'c' : 'l'}:${app.url}`}
                  app={app}
                  href={hrefOf(app.url)}
                  bookmarked={marked(app.url)}
                  onBookmark={() => bookmarks.toggle(normalizeAppUrl(app.url) ?? app.url)}
                  onRemove={app.custom ? () => custom.remove(app.url) : undefined}
                />
              ))}
            </div>
          ) : (
            <p className="muted" data-testid="apps-empty">
              {search ? `No app matches “${search}”.` : 'No Safe Apps are listed for this chain.'}
            </p>
          )
        }}
      </QueryBoundary>
      <AddCustomApp
        existing={[...(listed.data ?? []).map((a) => a.url), ...customUrls]}
        onAdd={(url) => custom.add(url)}
      />
    </div>
  )
}

function AppCard(p: {
  app: CatalogApp
  href: string
  bookmarked: boolean
  onBookmark: () => void
  onRemove: (() => void) | undefined
}) {
  return (
    <article className="safe-app-card" data-testid="app-card" data-app-url={p.app.url}>
      <header>
        {p.app.iconUrl ? <img src={p.app.iconUrl} alt="" /> : null}
        <strong>{p.app.name}</strong>
        {p.app.custom ? <span className="badge">Custom</span> : null}
      </header>
      <p className="small muted">{p.app.description}</p>
      <div className="actions">
        <Link className="button primary" to={p.href} data-testid="open-app">
          Open
        </Link>
        <button
          type="button"
          className="button"
          aria-pressed={p.bookmarked}
          onClick={p.onBookmark}
          data-testid="bookmark-app"
        >
          {/* Filled when bookmarked, outlined otherwise. */}
          <Star size={14} aria-hidden="true" fill={p.bookmarked ? 'currentColor' : 'none'} />{' '}
          {p.bookmarked ? 'Bookmarked' : 'Bookmark'}
        </button>
        {p.onRemove ? (
          <button type="button" className="button" onClick={p.onRemove} data-testid="remove-app">
            Remove
          </button>
        ) : null}
      </div>
    </article>
  )
}
