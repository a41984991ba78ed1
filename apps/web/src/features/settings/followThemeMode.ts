import type { ColorScheme, Settings } from './settingsStore'

type SettingsSource = { getSnapshot: () => Settings; subscribe: (listener: () => void) => () => void }
type SchemeQuery = Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>

/**
 * Keeps `<html data-theme>` on the mode in effect: the stored Light or Dark, or the device's scheme for System.
 * Outside React, on the store's and the media query's own events: a device switching scheme while the app was
 * busy loading (mobile.e2e saw the change event come and the rendered theme stay) still applies.
 * Returns the unsubscribe.
 */
export function followThemeMode(
  root: { dataset: DOMStringMap },
  settings: SettingsSource,
  darkScheme: SchemeQuery,
): () => void {
  const apply = () => {
    const { themeMode } = settings.getSnapshot()
    const mode: ColorScheme = themeMode === 'system' ? (darkScheme.matches ? 'dark' : 'light') : themeMode
    if (root.dataset.theme !== mode) root.dataset.theme = mode
  }
  apply()
  const unsubscribe = settings.subscribe(apply)
  darkScheme.addEventListener('change', apply)
  return () => {
    unsubscribe()
    darkScheme.removeEventListener('change', apply)
  }
}
