import { darkTheme, lightTheme } from '@rainbow-me/rainbowkit'
import type { ColorScheme, Settings } from './settingsStore'

/** RainbowKit theme for the user's accent colour, radius and the light or dark mode in effect. */
export function rainbowTheme(
  settings: Pick<Settings, 'accentColor' | 'borderRadius'> & { themeMode: ColorScheme },
): ReturnType<typeof lightTheme> {
  const base = settings.themeMode === 'dark' ? darkTheme : lightTheme
  return base({ ...base.accentColors[settings.accentColor], borderRadius: settings.borderRadius })
}
