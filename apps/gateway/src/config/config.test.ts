import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const chain = { chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' }
const env = (vars: Record<string, string>) => ({ CONCORD_CHAINS: JSON.stringify([chain]), ...vars })

describe('loadConfig', () => {
  it('default: fills every optional setting', () => {
    const config = loadConfig(env({}))
    expect(config.port).toBe(3000)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.chains[0]).toMatchObject({
      chainId: 31337,
      rpcUrl: ['http://127.0.0.1:8545'],
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      startBlock: 0,
      devnet: false,
    })
    // Features are derived from what the gateway serves; the chain's own list only changes them.
    expect(config.chains[0]?.features).toEqual({ add: [], remove: [] })
    expect(config.serviceKeys).toHaveProperty('WALLET_WEB')
    expect(config.safeApps).toEqual([])
    expect(config.publicUrl).toBeUndefined()
  })

  it('args: a config file, overridden by environment variables', () => {
    const dir = mkdtempSync(join(tmpdir(), 'concord-config-'))
    const file = join(dir, 'concord.json')
    writeFileSync(
      file,
      JSON.stringify({ port: 4000, host: '0.0.0.0', chains: [{ ...chain, startBlock: 12 }] }),
    )
    const config = loadConfig({ CONCORD_CONFIG: file, PORT: '5000' })
    expect(config.port).toBe(5000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.chains[0]?.startBlock).toBe(12)
  })

  it.each([
    [{ PORT: 'eighty' }, /^PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: expected postgres/],
    [{ CONCORD_CHAINS: '[{"chainId":1,"name":"x","rpcUrl":"not a url"}]' }, /^CONCORD_CHAINS\.0\.rpcUrl: /],
    [{ CONCORD_CHAINS: '[{"chainId":1,"name":"x","rpcUrl":"http://a","colour":"red"}]' }, /colour/],
    [{ CONCORD_CHAINS: '{oops' }, /^CONCORD_CHAINS: not valid JSON/],
    [{ CONCORD_CHIANS: '[]' }, /unknown setting CONCORD_CHIANS/],
    [{ CONCORD_CONFIG: '/nonexistent/concord.json' }, /^CONCORD_CONFIG: file not found/],
  ])('error: %o names the setting', (vars, message) => {
    expect(() => loadConfig(env(vars))).toThrow(ConfigError)
    expect(() => loadConfig(env(vars))).toThrow(message)
  })

  it('error: duplicate chain ids', () => {
    expect(() => loadConfig({ CONCORD_CHAINS: JSON.stringify([chain, chain]) })).toThrow(
      /CONCORD_CHAINS\.1\.chainId: duplicate chain 31337/,
    )
  })

  it('abis: operator ABIs from the config file, parsed, address checksummed; [] by default', () => {
    expect(loadConfig(env({})).abis).toEqual([])
    const dir = mkdtempSync(join(tmpdir(), 'concord-config-'))
    const file = join(dir, 'concord.json')
    const address = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
    writeFileSync(
      file,
      JSON.stringify({
        chains: [chain],
        abis: [
          { address, abi: ['function deposit(address receiver)', 'withdraw(uint256 shares)'] },
          { abi: [{ type: 'function', name: 'ping', inputs: [], outputs: [], stateMutability: 'view' }] },
        ],
      }),
    )
    const { abis } = loadConfig({ CONCORD_CONFIG: file })
    expect(abis[0]?.address).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
    expect(abis[0]?.abi.map((f) => (f as { name: string }).name)).toEqual(['deposit', 'withdraw'])
    expect(abis[1]).toMatchObject({ abi: [{ type: 'function', name: 'ping' }] })
  })

  it.each([
    [{ abi: ['function ok()', 'function foo(uint257 x)'] }, /abis\.0\.abi\.1: Unknown type\. .*uint257/],
    [{ abi: [{ type: 'function', name: 'f', inputs: 'x' }] }, /abis\.0\.abi\.0: "inputs" must be an array/],
    [{ abi: [] }, /abis\.0\.abi: /],
    [{ address: '0x12', abi: ['function f()'] }, /abis\.0\.address: expected a 0x-prefixed/],
    [{ abi: ['function f()'], adress: '0x' }, /abis\.0: Unrecognized key.*adress/],
  ])('error: an invalid abis entry %o names the setting', (entry, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'concord-config-'))
    const file = join(dir, 'concord.json')
    writeFileSync(file, JSON.stringify({ chains: [chain], abis: [entry] }))
    expect(() => loadConfig({ CONCORD_CONFIG: file })).toThrow(ConfigError)
    expect(() => loadConfig({ CONCORD_CONFIG: file })).toThrow(message)
  })

  it('metadataPrivateHosts: off by default, from CONCORD_METADATA_PRIVATE_HOSTS or the config file', () => {
    expect(loadConfig(env({})).metadataPrivateHosts).toBe(false)
    expect(loadConfig(env({ CONCORD_METADATA_PRIVATE_HOSTS: 'true' })).metadataPrivateHosts).toBe(true)
    expect(loadConfig(env({ CONCORD_METADATA_PRIVATE_HOSTS: 'false' })).metadataPrivateHosts).toBe(false)
    expect(() => loadConfig(env({ CONCORD_METADATA_PRIVATE_HOSTS: 'maybe' }))).toThrow(
      /^CONCORD_METADATA_PRIVATE_HOSTS: /,
    )
    const dir = mkdtempSync(join(tmpdir(), 'concord-config-'))
    const file = join(dir, 'concord.json')
    writeFileSync(file, JSON.stringify({ chains: [chain], metadataPrivateHosts: true }))
    expect(loadConfig({ CONCORD_CONFIG: file }).metadataPrivateHosts).toBe(true)
    expect(
      loadConfig({ CONCORD_CONFIG: file, CONCORD_METADATA_PRIVATE_HOSTS: 'false' }).metadataPrivateHosts,
    ).toBe(false)
  })

  it('error: an unknown key in the config file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'concord-config-'))
    const file = join(dir, 'concord.json')
    writeFileSync(file, JSON.stringify({ prot: 1 }))
    expect(() => loadConfig({ CONCORD_CONFIG: file })).toThrow(/Unrecognized key.*prot/)
  })
  it('logLevel: info by default, from CONCORD_LOG_LEVEL (first) or LOG_LEVEL; an unknown level is refused', () => {
    expect(loadConfig(env({})).logLevel).toBe('info')
    expect(loadConfig(env({ LOG_LEVEL: 'warn' })).logLevel).toBe('warn')
    expect(loadConfig(env({ LOG_LEVEL: 'warn', CONCORD_LOG_LEVEL: 'debug' })).logLevel).toBe('debug')
    expect(() => loadConfig(env({ CONCORD_LOG_LEVEL: 'loud' }))).toThrow(/CONCORD_LOG_LEVEL: Invalid option/)
    expect(new ConfigError('x').retryable).toBe(false)
  })
})
