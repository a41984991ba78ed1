import { useSyncExternalStore } from 'react'
import { type Settings, settingsStore } from './settingsStore'

export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.getSnapshot)
}

export const updateSettings = (patch: Partial<Settings>): void => settingsStore.update(patch)
