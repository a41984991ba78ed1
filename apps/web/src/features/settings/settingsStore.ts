import { DEFAULT_CURRENCY, STORAGE_KEYS } from '../../config/constants'

/** RainbowKit's accent colour presets (`lightTheme.accentColors`). */
export const ACCENT_COLORS = ['blue', 'green', 'orange', 'pink', 'purple', 'red'] as const
export type AccentColorName = (typeof ACCENT_COLORS)[number]

/** RainbowKit's border radius presets. */
export const BORDER_RADII = ['large', 'medium', 'small', 'none'] as const
export type BorderRadiusName = (typeof BORDER_RADII)[number]

/** `system` follows the device (`prefers-color-scheme`). */
export const THEME_MODES = ['system', 'light', 'dark'] as const
export type ThemeMode = (typeof THEME_MODES)[number]
/** The mode a theme mode applies on this device now. */
export type ColorScheme = Exclude<ThemeMode, 'system'>

export type Settings = {
  /** Overrides config.json's gatewayUrl when set. */
  gatewayUrl: string | null
  accentColor: AccentColorName
  borderRadius: BorderRadiusName
  themeMode: ThemeMode
  /** Fiat currency of balances: a code from the gateway's supported-fiat-codes, lower case. */
  currency: string
  /** Leave out tokens and NFTs the gateway flags as spam (`exclude_spam`). */
  hideSpam: boolean
}

export const DEFAULT_SETTINGS: Settings = {
  gatewayUrl: null,
  accentColor: 'blue',
  borderRadius: 'large',
  themeMode: 'system',
  currency: DEFAULT_CURRENCY,
  hideSpam: true,
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback

/** Reads stored settings leniently: unknown or invalid values fall back to the defaults. */
export function parseSettings(stored: string | null): Settings {
  let raw: Record<string, unknown> = {}
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : {}
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      raw = parsed as Record<string, unknown>
  } catch {
    // A corrupt entry is replaced on the next save.
  }
  const gatewayUrl =
    typeof raw.gatewayUrl === 'string' && raw.gatewayUrl.trim() !== '' ? raw.gatewayUrl.trim() : null
  return {
    gatewayUrl,
    accentColor: oneOf(ACCENT_COLORS, raw.accentColor, DEFAULT_SETTINGS.accentColor),
    borderRadius: oneOf(BORDER_RADII, raw.borderRadius, DEFAULT_SETTINGS.borderRadius),
    themeMode: oneOf(THEME_MODES, raw.themeMode, DEFAULT_SETTINGS.themeMode),
    currency:
      typeof raw.currency === 'string' && /^[a-z0-9]{2,10}$/i.test(raw.currency.trim())
        ? raw.currency.trim().toLowerCase()
        : DEFAULT_SETTINGS.currency,
    hideSpam: typeof raw.hideSpam === 'boolean' ? raw.hideSpam : DEFAULT_SETTINGS.hideSpam,
  }
}

type Listener = () => void

/** A tiny external store over localStorage, shared by all tabs through the `storage` event. */
export function createSettingsStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  const listeners = new Set<Listener>()
  const read = () => parseSettings(storage?.getItem(STORAGE_KEYS.settings) ?? null)
  let snapshot = read()

  const emit = () => {
    for (const listener of listeners) listener()
  }

  return {
    getSnapshot: (): Settings => snapshot,
    subscribe(listener: Listener): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    update(patch: Partial<Settings>): void {
      snapshot = parseSettings(JSON.stringify({ ...snapshot, ...patch }))
      try {
        storage?.setItem(STORAGE_KEYS.settings, JSON.stringify(snapshot))
      } catch {
        // Storage can be full or disabled; the setting still applies for this session.
      }
      emit()
    },
    /** Re-reads storage, e.g. after another tab changed it. */
    reload(): void {
      snapshot = read()
      emit()
    },
  }
}

export type SettingsStore = ReturnType<typeof createSettingsStore>

const browserStorage = typeof window === 'undefined' ? undefined : window.localStorage

export const settingsStore = createSettingsStore(browserStorage)

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.settings) settingsStore.reload()
  })
}
