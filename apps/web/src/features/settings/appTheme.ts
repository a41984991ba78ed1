import type { AccentColorName, BorderRadiusName, ColorScheme } from './settingsStore'

// The app's own accent and corner radius, computed without RainbowKit (whose theme code is part of the lazily
// loaded wallet dialogs): rainbowTheme.ts builds RainbowKit's theme from the same values.

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

/** The radius of RainbowKit's connect button for each setting, which the app's buttons and cards follow. */
export const CONNECT_BUTTON_RADIUS: Record<BorderRadiusName, string> = {
  large: '12px',
  medium: '8px',
  small: '4px',
  none: '0px',
}

/** The CSS custom properties the app's stylesheet reads for the accent colour and corner radius. */
export function appThemeVars(
  settings: { accentColor: AccentColorName; borderRadius: BorderRadiusName },
  mode: ColorScheme,
): Record<'--accent' | '--accent-fg' | '--radius', string> {
  return {
    '--accent': AA_ACCENTS[mode][settings.accentColor],
    '--accent-fg': AA_ACCENT_FOREGROUND[mode],
    '--radius': CONNECT_BUTTON_RADIUS[settings.borderRadius],
  }
}
