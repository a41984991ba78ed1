import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureGateway } from '../../../lib/gateway'
import { transactionDetailsQueryOptions } from '../api/queries'
import { isTransactionId, parseTransactionIdParam } from './transactionId'

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const HASH = `0x${'ab'.repeat(32)}`

describe('parseTransactionIdParam', () => {
  it.each([
    `multisig_${SAFE}_${HASH}`,
    `module_${SAFE}_m${HASH}12`,
    `transfer_${SAFE}_e${HASH}0`,
    `creation_${SAFE}`,
    HASH,
  ])('default: %s is a transaction id', (id) => {
    expect(parseTransactionIdParam(id)).toEqual({ status: 'ok', id })
  })

  it.each([null, ''])('behavior: %o names no transaction', (raw) => {
    expect(parseTransactionIdParam(raw)).toEqual({ status: 'none' })
  })

  it.each([
    `../safes/${SAFE}`,
    '..',
    `creation_${SAFE}/../../owners/${SAFE}/safes`,
    '%2e%2e%2fsafes',
    `${HASH}?cursor=x`,
    `${HASH}#x`,
    'multisig_😀',
    ' creation',
    'a'.repeat(301),
  ])('error: %s is refused', (raw) => {
    expect(isTransactionId(raw)).toBe(false)
    expect(parseTransactionIdParam(raw)).toEqual({ status: 'invalid' })
  })
})

describe('transactionDetailsQueryOptions', () => {
  afterEach(() => vi.unstubAllGlobals())

  const requestedUrls = async (id: string) => {
    const urls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url)
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
      }),
    )
    configureGateway('https://gateway.example')
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const error = await client.fetchQuery(transactionDetailsQueryOptions('1', id)).then(
      () => undefined,
      (e: Error) => e,
    )
    return { urls, error }
  }

  it('default: the id becomes one path segment', async () => {
    const { urls, error } = await requestedUrls(`creation_${SAFE}`)
    expect(error).toBeUndefined()
    expect(urls).toEqual([`https://gateway.example/v1/chains/1/transactions/creation_${SAFE}`])
  })

  it('error: a crafted id reads no other API path', async () => {
    const { urls, error } = await requestedUrls(`../safes/${SAFE}`)
    expect(urls).toEqual([])
    expect(error?.message).toMatch(/^Invalid transaction id/)
  })
})
