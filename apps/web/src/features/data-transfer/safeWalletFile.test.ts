import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_FILE_BYTES, parseSafeWalletFile, type SafeWalletData } from './safeWalletFile'

// Files written by hand in Safe{Wallet}'s export shape (fixtures/): the oracle is the file, not the code.
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8')

const TREASURY = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const OTHER_SAFE = '0x3DbA87AB48fe86E143Db3B5fBC7A1E6BE4549aC9'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const parsed = (text: string): SafeWalletData => {
  const result = parseSafeWalletFile(text)
  if (!result.ok) throw new Error(`expected a good file: ${result.errors.join('; ')}`)
  return result.data
}
const errorsOf = (text: string): string[] => {
  const result = parseSafeWalletFile(text)
  if (result.ok) throw new Error('expected the file to be refused')
  return result.errors
}

describe('parseSafeWalletFile', () => {
  it('reads a 3.0 file: names trimmed and checksummed, Safes, pinned apps, visits, by chain', () => {
    const data = parsed(fixture('safe-v3.json'))
    expect(data.version).toBe('3.0')
    expect(data.chains.map((c) => c.chainId)).toEqual(['1', '31337'])
    const devnet = data.chains[1]
    expect(devnet?.names).toEqual([
      { address: TREASURY, name: 'Team treasury' },
      { address: ALICE, name: 'Alice' },
    ])
    expect(devnet?.addedSafes).toEqual([TREASURY])
    expect(devnet?.pinnedApps).toEqual([900001, 7])
    expect(devnet?.visitedSafes).toEqual([
      { address: OTHER_SAFE, lastVisited: 1700000000000 },
      { address: TREASURY, lastVisited: 1710000000000 },
    ])
    expect(data.chains[0]).toMatchObject({ names: [{ name: 'Mainnet treasury' }], addedSafes: [TREASURY] })
    expect(data.ignored).toEqual([
      'Settings (Concord keeps its own: Settings → General)',
      '1 not yet deployed Safe',
    ])
  })

  it('reads 2.0 and the JSON-in-string 1.0 alike', () => {
    for (const name of ['safe-v2.json', 'safe-v1.json']) {
      const [chain, ...rest] = parsed(fixture(name)).chains
      expect(rest, name).toEqual([])
      expect(chain, name).toEqual({
        chainId: '31337',
        names: [{ address: ALICE, name: 'Alice' }],
        addedSafes: [OTHER_SAFE],
        pinnedApps: [],
        visitedSafes: [],
      })
    }
  })

  it('1.0: an address book kept as a list of entries', () => {
    const list = JSON.stringify([{ address: ALICE, name: 'Alice', chainId: 5 }])
    const data = parsed(JSON.stringify({ version: '1.0', data: { SAFE_v2__addressBook: list } }))
    expect(data.chains).toEqual([
      expect.objectContaining({ chainId: '5', names: [{ address: ALICE, name: 'Alice' }] }),
    ])
  })

  it('refuses a file with bad entries, naming every one', () => {
    const errors = errorsOf(fixture('safe-bad.json'))
    expect(errors).toEqual([
      'Address book, chain 31337: Wrong checksum in address 0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'Address book, chain 31337, 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC: A name is required',
      'Added Safe, chain 31337 0x3DbA87AB48fe86E143Db3B5fBC7A1E6BE4549aC9, owner 1: Invalid address 0x1234',
      'Safe Apps, chain 31337: pinned app id "abc" is not a whole number',
      'Visited Safe, chain mainnet: not a chain id',
    ])
  })

  it('refuses names longer than the address book takes, and addresses listed twice', () => {
    const long = 'x'.repeat(51)
    const book = { [ALICE]: long, [ALICE.toLowerCase()]: 'Alice' }
    const errors = errorsOf(JSON.stringify({ version: '2.0', data: { addressBook: { 1: book } } }))
    expect(errors).toEqual([
      `Address book, chain 1, ${ALICE}: Name too long (at most 50 characters)`,
      `Address book, chain 1, ${ALICE.toLowerCase()}: listed twice`,
    ])
  })

  it('refuses what is not a Safe{Wallet} export, with one clear reason', () => {
    expect(errorsOf('{')).toEqual(['The file is not JSON'])
    expect(errorsOf('[]')[0]).toMatch(/^This is not a Safe\{Wallet\} export/)
    expect(errorsOf('{"version":"4.0","data":{}}')).toEqual([
      'Unsupported file version "4.0": Concord reads versions 1.0, 2.0, 3.0',
    ])
    expect(errorsOf('{"version":"3.0","data":{"addressBook":[]}}')).toEqual([
      'Address book: expected an object by chain id',
    ])
  })

  it('refuses a file over the size bound before parsing it', () => {
    const padding = ' '.repeat(MAX_FILE_BYTES)
    expect(errorsOf(`{"version":"3.0","data":{}}${padding}`)).toEqual([
      'The file is too large (at most 5 MB)',
    ])
    // Just under the bound is read.
    const under = `{"version":"3.0","data":{}}${' '.repeat(MAX_FILE_BYTES - 40)}`
    expect(parsed(under).chains).toEqual([])
  })
})
