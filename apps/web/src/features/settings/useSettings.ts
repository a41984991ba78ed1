import { useSyncExternalStore } from 'react'
import { type ColorScheme, type Settings, settingsStore } from './settingsStore'

const darkQuery =
  typeof window === 'undefined' ? undefined : window.matchMedia?.('(prefers-color-scheme: dark)')
const subscribeDark = (listener: () => void) => {
  darkQuery?.addEventListener('change', listener)
  return () => darkQuery?.removeEventListener('change', listener)
}

/** The device's colour scheme (`prefers-color-scheme`), updated when it changes. */
export function useSystemColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribeDark, () => (darkQuery?.matches ? 'dark' : 'light'))
}

/** The settings as stored: `themeMode` may be `system` (the settings form shows this). */
export function useStoredSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.getSnapshot)
}

/** The settings as applied: `themeMode` is the light or dark mode in effect (`system` resolved). */
export function useSettings(): Settings & { themeMode: ColorScheme } {
  const settings = useStoredSettings()
  const system = useSystemColorScheme()
  const themeMode = settings.themeMode === 'system' ? system : settings.themeMode
  return themeMode === settings.themeMode
    ? (settings as Settings & { themeMode: ColorScheme })
    : { ...settings, themeMode }
}

export const updateSettings = (patch: Partial<Settings>): void => settingsStore.update(patch)
