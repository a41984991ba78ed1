import { describe, expect, it } from 'vitest'
import { createPermissionStore, PERMISSIONS_STORAGE_KEY, requestedCapabilities } from './permissions'
import { AppFacingError } from './protocol'

const memory = () => {
  const data = new Map<string, string>()
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  }
}

describe('requestedCapabilities', () => {
  it('default: requestAddressBook only; anything else is invalid', () => {
    expect(requestedCapabilities([{ requestAddressBook: {} }])).toEqual(['requestAddressBook'])
    expect(requestedCapabilities([])).toEqual([])
    for (const bad of [[{ eth_accounts: {} }], {}, 'x', [1], [{ requestAddressBook: {}, other: {} }]])
      expect(() => requestedCapabilities(bad)).toThrow(new AppFacingError('Permissions request is invalid'))
  })
})

describe('createPermissionStore', () => {
  it('default: a grant is stored per origin (trailing slash trimmed) and survives a reload', () => {
    const storage = memory()
    const store = createPermissionStore(storage)
    const list = store.decide('https://app.test/', ['requestAddressBook'], true, 1000)
    expect(list).toEqual([
      { invoker: 'https://app.test', parentCapability: 'requestAddressBook', date: 1000, caveats: [] },
    ])
    expect(store.has('https://app.test', 'requestAddressBook')).toBe(true)
    expect(store.has('https://other.test', 'requestAddressBook')).toBe(false)
    expect(createPermissionStore(storage).get('https://app.test')).toEqual(list)
    expect(storage.data.has(PERMISSIONS_STORAGE_KEY)).toBe(true)
  })

  it('behavior: a refusal is recorded as a userRestricted caveat; granting again lifts it; revoke forgets', () => {
    const store = createPermissionStore(memory())
    store.decide('https://app.test', ['requestAddressBook'], false, 1)
    expect(store.get('https://app.test')[0]?.caveats).toEqual([{ type: 'userRestricted', value: true }])
    expect(store.has('https://app.test', 'requestAddressBook')).toBe(false)
    store.decide('https://app.test', ['requestAddressBook'], true, 2)
    expect(store.get('https://app.test')).toEqual([
      { invoker: 'https://app.test', parentCapability: 'requestAddressBook', date: 2, caveats: [] },
    ])
    let heard = 0
    store.subscribe(() => heard++)
    store.revoke('https://app.test')
    expect(store.get('https://app.test')).toEqual([])
    expect(heard).toBe(1)
  })

  it('error: unreadable storage starts empty', () => {
    const storage = memory()
    storage.setItem(PERMISSIONS_STORAGE_KEY, '{not json')
    expect(createPermissionStore(storage).all()).toEqual({})
  })
})
