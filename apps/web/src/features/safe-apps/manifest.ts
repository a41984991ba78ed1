// Safe App manifests, as Safe{Wallet} reads them: `<app>/manifest.json` with name, description and
// icons|iconPath, fetched with a timeout; and the apps the user adds by URL or bookmarks, kept in localStorage.

export type AppManifest = { name: string; description: string; iconUrl: string | null }

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The app URL without query or fragment, without a trailing slash; undefined unless http(s). */
export function normalizeAppUrl(input: string): string | undefined {
  try {
    const url = new URL(input.trim())
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
  } catch {
    return undefined
  }
}

function iconOf(manifest: Record<string, unknown>, appUrl: string): string | null {
  const icons = Array.isArray(manifest.icons) ? manifest.icons.filter(isRecord) : []
  const pick =
    icons.find((i) => String(i.sizes ?? '').includes('any') || i.type === 'image/svg+xml') ??
    icons.find((i) => Number.parseInt(String(i.sizes ?? '').split('x')[0] ?? '', 10) >= 128) ??
    icons[0]
  const src =
    typeof pick?.src === 'string'
      ? pick.src
      : typeof manifest.iconPath === 'string'
        ? manifest.iconPath
        : null
  if (!src) return null
  if (/^https:\/\//.test(src)) return src
  return `${appUrl}${src.startsWith('/') || src.startsWith('.') ? '' : '/'}${src}`
}

export const INVALID_MANIFEST = 'This app has no valid Safe App manifest (name, description and icon)'

/** A manifest's fields, or an Error naming what is missing. */
export function parseManifest(json: unknown, appUrl: string): AppManifest {
  if (!isRecord(json)) throw new Error(INVALID_MANIFEST)
  const { name, description } = json
  const missing = [
    typeof name === 'string' && name.trim() ? null : 'name',
    typeof description === 'string' ? null : 'description',
    Array.isArray(json.icons) || typeof json.iconPath === 'string' ? null : 'icon',
  ].filter(Boolean)
  if (missing.length) throw new Error(`${INVALID_MANIFEST}: missing ${missing.join(', ')}`)
  return {
    name: String(name).slice(0, 100),
    description: String(description).slice(0, 500),
    iconUrl: iconOf(json, appUrl),
  }
}

export const MANIFEST_TIMEOUT_MS = 5000

export async function fetchManifest(appUrl: string, fetchFn: typeof fetch = fetch): Promise<AppManifest> {
  const base = normalizeAppUrl(appUrl)
  if (!base) throw new Error('Enter an http(s) URL')
  let response: Response
  try {
    response = await fetchFn(`${base}/manifest.json`, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) })
  } catch {
    throw new Error("Could not read the app's manifest.json (offline, blocked by CORS, or too slow)")
  }
  if (!response.ok) throw new Error(`The app's manifest.json answered HTTP ${response.status}`)
  let json: unknown
  try {
    json = await response.json()
  } catch {
    throw new Error("The app's manifest.json is not JSON")
  }
  return parseManifest(json, base)
}

/** A list of URLs in localStorage (custom apps per chain, bookmarks), with listeners. */
export function createUrlListStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, key: string) {
  const listeners = new Set<() => void>()
  const read = (): string[] => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(key) ?? '[]')
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
    } catch {
      return []
    }
  }
  let cache = read()
  const write = (next: string[]) => {
    cache = next
    try {
      storage?.setItem(key, JSON.stringify(next))
    } catch {
      // Storage blocked: the list still holds for this page.
    }
    for (const l of listeners) l()
  }
  return {
    get: () => cache,
    add: (url: string) => {
      if (!cache.includes(url)) write([...cache, url])
    },
    remove: (url: string) => write(cache.filter((u) => u !== url)),
    toggle: (url: string) =>
      cache.includes(url) ? write(cache.filter((u) => u !== url)) : write([...cache, url]),
    subscribe: (l: () => void) => {
      listeners.add(l)
      return () => void listeners.delete(l)
    },
  }
}

export type UrlListStore = ReturnType<typeof createUrlListStore>

const browserStorage = typeof window === 'undefined' ? undefined : window.localStorage
const stores = new Map<string, UrlListStore>()
const storeFor = (key: string) => {
  let store = stores.get(key)
  if (!store) {
    store = createUrlListStore(browserStorage, key)
    stores.set(key, store)
  }
  return store
}
export const customAppsStore = (chainId: string) => storeFor(`concord.safeApps.custom.${chainId}`)
export const bookmarksStore = () => storeFor('concord.safeApps.bookmarks')
