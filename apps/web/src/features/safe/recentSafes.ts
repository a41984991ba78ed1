import { RECENT_SAFES_LIMIT, STORAGE_KEYS } from '../../config/constants'

export type RecentSafe = { chainId: string; address: string; openedAt: number }

const sameSafe = (a: Pick<RecentSafe, 'chainId' | 'address'>, b: Pick<RecentSafe, 'chainId' | 'address'>) =>
  a.chainId === b.chainId && a.address.toLowerCase() === b.address.toLowerCase()

const isRecentSafe = (value: unknown): value is RecentSafe => {
  if (typeof value !== 'object' || value === null) return false
  const { chainId, address, openedAt } = value as Record<string, unknown>
  return (
    typeof chainId === 'string' &&
    typeof address === 'string' &&
    /^0x[0-9a-fA-F]{40}$/.test(address) &&
    typeof openedAt === 'number'
  )
}

/** Reads the stored list leniently: malformed entries are dropped. Newest first. */
export function parseRecentSafes(stored: string | null): RecentSafe[] {
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : []
    return Array.isArray(parsed) ? parsed.filter(isRecentSafe).slice(0, RECENT_SAFES_LIMIT) : []
  } catch {
    return []
  }
}

/** Recently opened Safes in localStorage, shared by all tabs through the `storage` event. */
export function createRecentSafesStore(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  now: () => number = Date.now,
) {
  const listeners = new Set<() => void>()
  const read = () => parseRecentSafes(storage?.getItem(STORAGE_KEYS.recentSafes) ?? null)
  let snapshot = read()

  const save = (next: RecentSafe[]) => {
    snapshot = next
    try {
      storage?.setItem(STORAGE_KEYS.recentSafes, JSON.stringify(next))
    } catch {
      // Storage can be full or disabled; the list still applies for this session.
    }
    for (const listener of listeners) listener()
  }

  return {
    getSnapshot: (): RecentSafe[] => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Moves the Safe to the top (adding it if new). */
    add(safe: Pick<RecentSafe, 'chainId' | 'address'>): void {
      if (snapshot[0] && sameSafe(snapshot[0], safe)) return
      const entry = { chainId: safe.chainId, address: safe.address, openedAt: now() }
      save([entry, ...snapshot.filter((item) => !sameSafe(item, safe))].slice(0, RECENT_SAFES_LIMIT))
    },
    /**
     * Adds Safes opened elsewhere (an imported file) at their own times, newest first. Safes already listed keep
     * their entry, and only free places are filled: an import never pushes out the user's own recent Safes.
     */
    addOpenedElsewhere(safes: readonly RecentSafe[]): void {
      const added = safes
        .filter(
          (safe, i) =>
            !snapshot.some((item) => sameSafe(item, safe)) && safes.findIndex((s) => sameSafe(s, safe)) === i,
        )
        .slice(0, Math.max(0, RECENT_SAFES_LIMIT - snapshot.length))
      if (added.length) save([...snapshot, ...added].sort((a, b) => b.openedAt - a.openedAt))
    },
    remove(safe: Pick<RecentSafe, 'chainId' | 'address'>): void {
      save(snapshot.filter((item) => !sameSafe(item, safe)))
    },
    reload(): void {
      snapshot = read()
      for (const listener of listeners) listener()
    },
  }
}

export type RecentSafesStore = ReturnType<typeof createRecentSafesStore>

export const recentSafesStore = createRecentSafesStore(
  typeof window === 'undefined' ? undefined : window.localStorage,
)

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.recentSafes) recentSafesStore.reload()
  })
}
