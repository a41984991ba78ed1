import { describe, expect, it } from 'vitest'
import { followThemeMode } from './followThemeMode'
import { DEFAULT_SETTINGS, type Settings } from './settingsStore'

function fakes(themeMode: Settings['themeMode'], dark: boolean) {
  let settings: Settings = { ...DEFAULT_SETTINGS, themeMode }
  const listeners = new Set<() => void>()
  const store = {
    getSnapshot: () => settings,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set: (next: Settings['themeMode']) => {
      settings = { ...settings, themeMode: next }
      for (const listener of listeners) listener()
    },
  }
  const scheme = Object.assign(new EventTarget(), { matches: dark })
  const device = (nextDark: boolean) => {
    scheme.matches = nextDark
    scheme.dispatchEvent(new Event('change'))
  }
  return { root: { dataset: {} as DOMStringMap }, store, scheme, device }
}

describe('followThemeMode', () => {
  it("default: System follows the device's scheme as it changes", () => {
    const { root, store, scheme, device } = fakes('system', true)
    followThemeMode(root, store, scheme)
    expect(root.dataset.theme).toBe('dark')
    device(false)
    expect(root.dataset.theme).toBe('light')
  })

  it('behavior: a stored Light or Dark overrides the device, and back to System follows it again', () => {
    const { root, store, scheme, device } = fakes('light', true)
    const stop = followThemeMode(root, store, scheme)
    expect(root.dataset.theme).toBe('light')
    store.set('dark')
    expect(root.dataset.theme).toBe('dark')
    device(false)
    expect(root.dataset.theme).toBe('dark')
    store.set('system')
    expect(root.dataset.theme).toBe('light')
    stop()
    device(true)
    expect(root.dataset.theme).toBe('light')
  })
})
