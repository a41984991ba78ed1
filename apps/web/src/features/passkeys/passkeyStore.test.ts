import { getAddress } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from '../../testing/memoryStorage'
import {
  PASSKEYS_STORAGE_KEY,
  readPasskeys,
  removePasskey,
  type StoredPasskey,
  savePasskey,
} from './passkeyStore'

const passkey = (over: Partial<StoredPasskey> = {}): StoredPasskey => ({
  chainId: '31337',
  safe: '0x00000000000000000000000000000000000000aa',
  credentialId: 'cred-1',
  x: `0x${'11'.repeat(32)}`,
  y: `0x${'22'.repeat(32)}`,
  signer: '0x00000000000000000000000000000000000000bb',
  label: 'Laptop',
  createdAt: 1,
  ...over,
})

describe('passkey store', () => {
  let storage: Storage
  beforeEach(() => {
    storage = memoryStorage()
    vi.stubGlobal('localStorage', storage)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('default: a saved passkey reads back (addresses checksummed), once per credential and Safe', () => {
    savePasskey(passkey())
    savePasskey(passkey({ label: 'Laptop, renamed' }))
    savePasskey(passkey({ chainId: '1337' }))
    const list = readPasskeys()
    expect(list.map((p) => [p.chainId, p.label])).toEqual([
      ['31337', 'Laptop, renamed'],
      ['1337', 'Laptop'],
    ])
    expect(list[0]?.signer).toBe(getAddress('0x00000000000000000000000000000000000000bb'))
    removePasskey(passkey())
    expect(readPasskeys().map((p) => p.chainId)).toEqual(['1337'])
  })

  it('edge: a corrupt or foreign entry reads as no passkey, and a save replaces it', () => {
    storage.setItem(PASSKEYS_STORAGE_KEY, '{not json')
    expect(readPasskeys()).toEqual([])
    storage.setItem(PASSKEYS_STORAGE_KEY, JSON.stringify([{ credentialId: 'x' }, passkey()]))
    expect(readPasskeys().map((p) => p.credentialId)).toEqual(['cred-1'])
    savePasskey(passkey({ credentialId: 'cred-2' }))
    expect(JSON.parse(storage.getItem(PASSKEYS_STORAGE_KEY) ?? '[]')).toHaveLength(2)
  })
})
