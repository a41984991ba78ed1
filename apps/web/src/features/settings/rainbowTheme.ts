import { darkTheme, lightTheme } from '@rainbow-me/rainbowkit'
import type { AccentColorName, ColorScheme, Settings } from './settingsStore'

/**
 * The accent presets, shaded for WCAG AA (4.5:1) between the accent and its foreground: RainbowKit's own presets
 * put white on mid-tone colours (its blue is 4.18:1, orange 2.5:1). Light mode: a darker shade under white; dark
 * mode: a lighter shade under the page's near-black.
 */
export const AA_ACCENTS: Record<ColorScheme, Record<AccentColorName, string>> = {
  light: {
    blue: '#0b63d1',
    green: '#15803d',
    orange: '#c2410c',
    pink: '#be185d',
    purple: '#4f46e5',
    red: '#c81e1e',
  },
  dark: {
    blue: '#5ea2ff',
    green: '#4ade80',
    orange: '#fb923c',
    pink: '#f472b6',
    purple: '#a5a2ff',
    red: '#f87171',
  },
}

export const AA_ACCENT_FOREGROUND: Record<ColorScheme, string> = { light: '#ffffff', dark: '#0f1115' }

/** RainbowKit theme for the user's accent colour, radius and the light or dark mode in effect. */
export function rainbowTheme(
  settings: Pick<Settings, 'accentColor' | 'borderRadius'> & { themeMode: ColorScheme },
): ReturnType<typeof lightTheme> {
  const base = settings.themeMode === 'dark' ? darkTheme : lightTheme
  return base({
    accentColor: AA_ACCENTS[settings.themeMode][settings.accentColor],
    accentColorForeground: AA_ACCENT_FOREGROUND[settings.themeMode],
    borderRadius: settings.borderRadius,
  })
}
