import { lightTheme } from '@rainbow-me/rainbowkit'
import type { ReactNode } from 'react'
import { ACCENT_COLORS, BORDER_RADII, type Settings, THEME_MODES } from '../settingsStore'
import { updateSettings, useStoredSettings } from '../useSettings'

const RADIUS_PX = { large: 12, medium: 8, small: 4, none: 0 } as const

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

type ChoiceSetting = 'accentColor' | 'borderRadius' | 'themeMode'

type ChoiceGroup<K extends ChoiceSetting> = {
  setting: K
  legend: string
  options: readonly Settings[K][]
  /** Extra class of each option's label. */
  className?: string
  /** A preview drawn before the option's name. */
  sample?(value: Settings[K]): ReactNode
}

// One radio group per setting, each typed by its own options.
const GROUPS: { [K in ChoiceSetting]: ChoiceGroup<K> }[ChoiceSetting][] = [
  {
    setting: 'accentColor',
    legend: 'Accent colour',
    options: ACCENT_COLORS,
    className: 'swatch-choice',
    sample: (color) => (
      <span className="swatch" style={{ background: lightTheme.accentColors[color].accentColor }} />
    ),
  },
  {
    setting: 'borderRadius',
    legend: 'Border radius',
    options: BORDER_RADII,
    sample: (radius) => <span className="radius-sample" style={{ borderRadius: RADIUS_PX[radius] }} />,
  },
  { setting: 'themeMode', legend: 'Mode', options: THEME_MODES },
]

/** Accent colour, border radius and system/light/dark mode of the wallet UI. */
export function ThemeSettingsForm() {
  const settings = useStoredSettings()
  return (
    <div className="form">
      {GROUPS.map((group) => (
        <ChoiceFieldset key={group.setting} group={group} current={settings[group.setting]} />
      ))}
    </div>
  )
}

function ChoiceFieldset<K extends ChoiceSetting>({
  group: { setting, legend, options, className, sample },
  current,
}: {
  group: ChoiceGroup<K>
  current: Settings[K]
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="choice-row">
        {options.map((option) => (
          <label key={option} className={className ? `choice ${className}` : 'choice'}>
            <input
              type="radio"
              name={setting}
              value={option}
              checked={current === option}
              onChange={() => updateSettings({ [setting]: option })}
            />
            {sample?.(option)}
            {capitalize(option)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
