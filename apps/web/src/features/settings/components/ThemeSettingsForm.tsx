import { lightTheme } from '@rainbow-me/rainbowkit'
import { ACCENT_COLORS, BORDER_RADII, THEME_MODES } from '../settingsStore'
import { updateSettings, useSettings } from '../useSettings'

const RADIUS_PX = { large: 12, medium: 8, small: 4, none: 0 } as const

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

/** Accent colour, border radius and light/dark mode of the wallet UI. */
export function ThemeSettingsForm() {
  const settings = useSettings()
  return (
    <div className="form">
      <fieldset>
        <legend>Accent colour</legend>
        <div className="choice-row">
          {ACCENT_COLORS.map((color) => (
            <label key={color} className="choice swatch-choice">
              <input
                type="radio"
                name="accentColor"
                value={color}
                checked={settings.accentColor === color}
                onChange={() => updateSettings({ accentColor: color })}
              />
              <span className="swatch" style={{ background: lightTheme.accentColors[color].accentColor }} />
              {capitalize(color)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Border radius</legend>
        <div className="choice-row">
          {BORDER_RADII.map((radius) => (
            <label key={radius} className="choice">
              <input
                type="radio"
                name="borderRadius"
                value={radius}
                checked={settings.borderRadius === radius}
                onChange={() => updateSettings({ borderRadius: radius })}
              />
              <span className="radius-sample" style={{ borderRadius: RADIUS_PX[radius] }} />
              {capitalize(radius)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Mode</legend>
        <div className="choice-row">
          {THEME_MODES.map((mode) => (
            <label key={mode} className="choice">
              <input
                type="radio"
                name="themeMode"
                value={mode}
                checked={settings.themeMode === mode}
                onChange={() => updateSettings({ themeMode: mode })}
              />
              {capitalize(mode)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
