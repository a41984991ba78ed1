import { darkTheme, lightTheme } from '@rainbow-me/rainbowkit'
import { AA_ACCENT_FOREGROUND, AA_ACCENTS } from './appTheme'
import type { ColorScheme, Settings } from './settingsStore'

/**
 * The modal's secondary and dim texts, solid and AA (≥ 4.5:1) on the modal and on its grey panels: RainbowKit's
 * own are translucent greys (light: 3.2:1 on its panels, dim 1.7:1), flagged by axe in a11yDialogs.e2e.
 */
export const AA_MODAL_TEXT: Record<ColorScheme, { secondary: string; dim: string; panel: string }> = {
  light: { secondary: '#4f5454', dim: '#626767', panel: '#f0f1f1' },
  dark: { secondary: '#b4b5ba', dim: '#9a9fae', panel: '#2a2b30' },
}

/** RainbowKit theme for the user's accent colour, radius and the light or dark mode in effect. */
export function rainbowTheme(
  settings: Pick<Settings, 'accentColor' | 'borderRadius'> & { themeMode: ColorScheme },
): ReturnType<typeof lightTheme> {
  const base = settings.themeMode === 'dark' ? darkTheme : lightTheme
  const theme = base({
    accentColor: AA_ACCENTS[settings.themeMode][settings.accentColor],
    accentColorForeground: AA_ACCENT_FOREGROUND[settings.themeMode],
    borderRadius: settings.borderRadius,
  })
  const text = AA_MODAL_TEXT[settings.themeMode]
  return { ...theme, colors: { ...theme.colors, modalTextSecondary: text.secondary, modalTextDim: text.dim } }
}
