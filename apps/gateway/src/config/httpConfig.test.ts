import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const chain = { chainId: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' }
const env = (vars: Record<string, string>) => ({ CONCORD_CHAINS: JSON.stringify([chain]), ...vars })

describe('HTTP settings', () => {
  it('default: 1 MiB bodies, no proxy trust, public CORS without credentials, no framing', () => {
    expect(loadConfig(env({}))).toMatchObject({
      maxBodyBytes: 1_048_576,
      trustProxy: false,
      corsOrigins: [],
      corsAnyOrigin: true,
      frameAncestors: ["'none'"],
    })
  })

  it('args: environment variables, lists separated by commas or spaces', () => {
    const config = loadConfig(
      env({
        CONCORD_MAX_BODY_BYTES: '65536',
        CONCORD_TRUST_PROXY: 'true',
        CONCORD_CORS_ORIGINS: 'https://app.example, http://localhost:5173/',
        CONCORD_CORS_ANY_ORIGIN: 'false',
        CONCORD_FRAME_ANCESTORS: "self https://*.safe.global 'self'",
      }),
    )
    expect(config).toMatchObject({
      maxBodyBytes: 65536,
      trustProxy: true,
      corsOrigins: ['https://app.example', 'http://localhost:5173'],
      corsAnyOrigin: false,
      frameAncestors: ["'self'", 'https://*.safe.global', "'self'"],
    })
  })

  it('args: the config file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'concord-http-config-'))
    const file = join(dir, 'concord.json')
    writeFileSync(
      file,
      JSON.stringify({
        chains: [chain],
        corsOrigins: ['https://App.Example:443'],
        frameAncestors: ["'self'", 'https://app.safe.global'],
        trustProxy: true,
      }),
    )
    expect(loadConfig({ CONCORD_CONFIG: file })).toMatchObject({
      corsOrigins: ['https://app.example'],
      frameAncestors: ["'self'", 'https://app.safe.global'],
      trustProxy: true,
    })
  })

  it.each([
    [{ CONCORD_MAX_BODY_BYTES: 'lots' }, /^CONCORD_MAX_BODY_BYTES: /],
    [{ CONCORD_MAX_BODY_BYTES: '10' }, /^CONCORD_MAX_BODY_BYTES: /],
    [{ CONCORD_TRUST_PROXY: 'maybe' }, /^CONCORD_TRUST_PROXY: /],
    [{ CONCORD_CORS_ORIGINS: '*' }, /^CONCORD_CORS_ORIGINS\.0: expected an origin/],
    [{ CONCORD_CORS_ORIGINS: 'https://app.example/path' }, /^CONCORD_CORS_ORIGINS\.0: expected an origin/],
    [{ CONCORD_CORS_ORIGINS: 'ftp://app.example' }, /^CONCORD_CORS_ORIGINS\.0: expected an origin/],
    [
      { CONCORD_FRAME_ANCESTORS: "https://a.example;script-src 'unsafe-inline'" },
      /^CONCORD_FRAME_ANCESTORS\.0: /,
    ],
    [{ CONCORD_FRAME_ANCESTORS: "'none' 'self'" }, /cannot be combined/],
  ])('error: %o names the setting', (vars, message) => {
    expect(() => loadConfig(env(vars))).toThrow(ConfigError)
    expect(() => loadConfig(env(vars))).toThrow(message)
  })
})
