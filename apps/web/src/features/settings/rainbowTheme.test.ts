import { describe, expect, it } from 'vitest'
import { AA_ACCENT_FOREGROUND, AA_ACCENTS, appThemeVars } from './appTheme'
import { AA_MODAL_TEXT, rainbowTheme } from './rainbowTheme'
import { ACCENT_COLORS, BORDER_RADII } from './settingsStore'

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('rainbowTheme', () => {
  it('behavior: every accent preset reaches AA against its foreground in both modes', () => {
    for (const mode of ['light', 'dark'] as const)
      for (const name of ACCENT_COLORS)
        expect(
          contrast(AA_ACCENTS[mode][name], AA_ACCENT_FOREGROUND[mode]),
          `${mode} ${name}`,
        ).toBeGreaterThanOrEqual(4.5)
  })

  it('behavior: the modal texts reach AA on the modal and on its panels in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = rainbowTheme({ accentColor: 'blue', borderRadius: 'large', themeMode: mode })
      const background = mode === 'light' ? '#ffffff' : '#1a1b1f' // RainbowKit's modalBackground
      for (const text of [theme.colors.modalTextSecondary, theme.colors.modalTextDim])
        for (const under of [background, AA_MODAL_TEXT[mode].panel])
          expect(contrast(text, under), `${mode} ${text} on ${under}`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('default: the theme carries the shaded accent and its foreground', () => {
    const theme = rainbowTheme({ accentColor: 'orange', borderRadius: 'large', themeMode: 'dark' })
    expect(theme.colors.accentColor).toBe('#fb923c')
    expect(theme.colors.accentColorForeground).toBe('#0f1115')
  })

  it("behavior: the app's accent and radius (computed without RainbowKit) are the ones of RainbowKit's theme", () => {
    for (const mode of ['light', 'dark'] as const)
      for (const accentColor of ACCENT_COLORS)
        for (const borderRadius of BORDER_RADII) {
          const theme = rainbowTheme({ accentColor, borderRadius, themeMode: mode })
          expect(appThemeVars({ accentColor, borderRadius }, mode)).toEqual({
            '--accent': theme.colors.accentColor,
            '--accent-fg': theme.colors.accentColorForeground,
            '--radius': theme.radii.connectButton,
          })
        }
  })
})
