import { darkTheme, lightTheme } from '@rainbow-me/rainbowkit'
import type { Settings } from './settingsStore'

/** RainbowKit theme for the user's accent colour, radius and light/dark choice. */
export function rainbowTheme(
  settings: Pick<Settings, 'accentColor' | 'borderRadius' | 'themeMode'>,
): ReturnType<typeof lightTheme> {
  const base = settings.themeMode === 'dark' ? darkTheme : lightTheme
  return base({ ...base.accentColors[settings.accentColor], borderRadius: settings.borderRadius })
}
