import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../config/constants'
import { createSettingsStore, DEFAULT_SETTINGS, parseSettings } from './settingsStore'

describe('parseSettings', () => {
  it('default', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS)
    // The device's light or dark mode until the user picks one.
    expect(DEFAULT_SETTINGS.themeMode).toBe('system')
  })

  it('args: themeMode system, light or dark; anything else is system', () => {
    for (const themeMode of ['system', 'light', 'dark'])
      expect(parseSettings(JSON.stringify({ themeMode })).themeMode).toBe(themeMode)
    expect(parseSettings(JSON.stringify({ themeMode: 'sepia' })).themeMode).toBe('system')
  })

  it('args: stored values', () => {
    const stored = JSON.stringify({
      gatewayUrl: 'http://localhost:3000',
      accentColor: 'pink',
      borderRadius: 'none',
      themeMode: 'dark',
      currency: 'EUR',
      hideSpam: false,
    })
    expect(parseSettings(stored)).toEqual({
      gatewayUrl: 'http://localhost:3000',
      accentColor: 'pink',
      borderRadius: 'none',
      themeMode: 'dark',
      currency: 'eur',
      hideSpam: false,
    })
  })

  it('behavior: invalid values fall back to defaults', () => {
    expect(
      parseSettings(
        JSON.stringify({
          accentColor: 'teal',
          borderRadius: 3,
          gatewayUrl: ' ',
          currency: 'u$d',
          hideSpam: 1,
        }),
      ),
    ).toEqual(DEFAULT_SETTINGS)
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS)
    expect(parseSettings('[]')).toEqual(DEFAULT_SETTINGS)
  })
})

describe('createSettingsStore', () => {
  it('behavior: update persists and notifies', () => {
    const data = new Map<string, string>()
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => data.set(k, v),
    }
    const store = createSettingsStore(storage)
    const listener = vi.fn()
    store.subscribe(listener)
    store.update({ accentColor: 'green' })
    expect(store.getSnapshot().accentColor).toBe('green')
    expect(JSON.parse(data.get(STORAGE_KEYS.settings) ?? '{}')).toMatchObject({ accentColor: 'green' })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(createSettingsStore(storage).getSnapshot().accentColor).toBe('green')
  })
})
