import { describe, expect, it } from 'vitest'
import {
  INLINE_CONFIG_ID,
  parseRuntimeConfig,
  RuntimeConfigError,
  readInlineRuntimeConfig,
  resolveGatewayUrl,
  validateGatewayUrl,
} from './runtimeConfig'

describe('parseRuntimeConfig', () => {
  it('default', () => {
    expect(parseRuntimeConfig({ gatewayUrl: 'https://safe-client.safe.global' })).toEqual({
      gatewayUrl: 'https://safe-client.safe.global',
      walletConnectProjectId: null,
      devnetChainId: null,
    })
  })

  it('args: all fields', () => {
    expect(
      parseRuntimeConfig({
        gatewayUrl: 'http://localhost:3000',
        walletConnectProjectId: 'abc',
        devnetChainId: '31337',
      }),
    ).toEqual({ gatewayUrl: 'http://localhost:3000', walletConnectProjectId: 'abc', devnetChainId: '31337' })
  })

  it('behavior: missing, null and blank values', () => {
    expect(parseRuntimeConfig({ walletConnectProjectId: '  ', devnetChainId: null, extra: 1 })).toEqual({
      gatewayUrl: '',
      walletConnectProjectId: null,
      devnetChainId: null,
    })
  })

  it('error: not an object', () => {
    expect(() => parseRuntimeConfig([])).toThrow('config.json must contain a JSON object')
    expect(() => parseRuntimeConfig(null)).toThrow('config.json must contain a JSON object')
  })

  it('error: wrong types', () => {
    expect(() => parseRuntimeConfig({ gatewayUrl: 42 })).toThrow('"gatewayUrl" must be a string or null')
    expect(() => parseRuntimeConfig({ devnetChainId: 'devnet' })).toThrow(
      '"devnetChainId" must be a decimal chain id',
    )
  })
})

describe('resolveGatewayUrl', () => {
  const pageOrigin = 'http://127.0.0.1:3000'

  it('behavior: user override wins', () => {
    expect(
      resolveGatewayUrl({ userOverride: 'https://gw.example/', configured: 'https://x', pageOrigin }),
    ).toBe('https://gw.example')
  })

  it('behavior: configured URL when no override', () => {
    expect(
      resolveGatewayUrl({ userOverride: ' ', configured: 'https://safe-client.safe.global', pageOrigin }),
    ).toBe('https://safe-client.safe.global')
  })

  it('behavior: empty configured URL means the page origin', () => {
    expect(resolveGatewayUrl({ userOverride: null, configured: '', pageOrigin })).toBe(pageOrigin)
  })
})

describe('validateGatewayUrl', () => {
  it('default', () => {
    expect(validateGatewayUrl('https://safe-client.safe.global')).toBeNull()
    expect(validateGatewayUrl('')).toBeNull()
  })

  it('error: invalid URLs', () => {
    expect(validateGatewayUrl('safe-client.safe.global')).toMatch('absolute URL')
    expect(validateGatewayUrl('ftp://x.org')).toMatch('http:// or https://')
    expect(validateGatewayUrl('https://x.org/?a=1')).toMatch('query or fragment')
  })
})

describe('readInlineRuntimeConfig', () => {
  const page = (text: string | null) => ({
    getElementById: (id: string) =>
      id === INLINE_CONFIG_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
  })

  it('behavior: the gateway’s data block is parsed and validated like config.json', () => {
    expect(readInlineRuntimeConfig(page('{"gatewayUrl":"","devnetChainId":"31337"}'))).toEqual({
      gatewayUrl: '',
      walletConnectProjectId: null,
      devnetChainId: '31337',
    })
  })

  it('behavior: no block (a static deployment) means config.json', () => {
    expect(readInlineRuntimeConfig(page(null))).toBeNull()
    expect(readInlineRuntimeConfig(page(''))).toBeNull()
  })

  it('errors: broken JSON or a bad field', () => {
    expect(() => readInlineRuntimeConfig(page('{"gatewayUrl":'))).toThrow(RuntimeConfigError)
    expect(() => readInlineRuntimeConfig(page('{"devnetChainId":"x"}'))).toThrow(/decimal chain id/)
  })
})
