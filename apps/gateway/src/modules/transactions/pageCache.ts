// Serialised history pages, rebuilt only when their Safe's history changed. Bounded by bytes, not by entries:
// any caller can ask for distinct URLs (cursors, limits, time zones), and a page of 100 items is ~100 KB of JSON,
// so a count alone would let a few thousand requests hold ~100 MB.

/** The cache's share of the gateway's memory (JSON text is one byte per character here: ASCII). */
export const PAGE_CACHE_BYTES = 4 * 1024 * 1024

export type CachedPage = { version: string; json: string }

export function createPageCache(maxBytes = PAGE_CACHE_BYTES) {
  /** Least recently used first (a Map keeps insertion order; a hit is moved to the end). */
  const pages = new Map<string, CachedPage>()
  let bytes = 0
  const drop = (key: string) => {
    const page = pages.get(key)
    if (!page) return
    bytes -= page.json.length
    pages.delete(key)
  }
  return {
    /** The page stored under `key` for `version`, else undefined (a stale one is dropped). */
    get(key: string, version: string): string | undefined {
      const page = pages.get(key)
      if (!page) return undefined
      drop(key)
      if (page.version !== version) return undefined
      pages.set(key, page)
      bytes += page.json.length
      return page.json
    },
    set(key: string, page: CachedPage) {
      drop(key)
      // One page larger than a quarter of the budget would evict most others for a single URL: not kept.
      if (page.json.length > maxBytes / 4) return
      pages.set(key, page)
      bytes += page.json.length
      for (const oldest of pages.keys()) {
        if (bytes <= maxBytes) break
        drop(oldest)
      }
    },
    /** Bytes held (tests, and what /health could report). */
    bytes: () => bytes,
    size: () => pages.size,
  }
}
