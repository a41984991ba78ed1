import { useSyncExternalStore } from 'react'
import { type RecentSafe, recentSafesStore } from './recentSafes'

export const useRecentSafes = (): RecentSafe[] =>
  useSyncExternalStore(recentSafesStore.subscribe, recentSafesStore.getSnapshot)

export const addRecentSafe = (safe: Pick<RecentSafe, 'chainId' | 'address'>): void =>
  recentSafesStore.add(safe)
export const removeRecentSafe = (safe: Pick<RecentSafe, 'chainId' | 'address'>): void =>
  recentSafesStore.remove(safe)
