import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureGateway } from '../../lib/gateway'
import { confirmSafeTx, simulateCall } from './api/requests'

const SAFE = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const call = { to: SAFE, value: 10n ** 18n, data: '0x', operation: 0 } as const
const simulation = { success: true, revertReason: null, gasUsed: '21000', balanceChanges: [] }

const fetchMock = vi.fn<typeof fetch>()
const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )

beforeEach(() => {
  configureGateway('https://gateway.test/')
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  fetchMock.mockReset()
  vi.unstubAllGlobals()
})

describe('simulateCall', () => {
  it('default: posts the call (value as a decimal string) and returns the simulation', async () => {
    answer(200, simulation)
    await expect(simulateCall('31337', SAFE, call)).resolves.toEqual(simulation)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe(`https://gateway.test/v1/chains/31337/safes/${SAFE}/simulations`)
    expect(JSON.parse(String(init?.body))).toEqual({
      to: SAFE,
      value: '1000000000000000000',
      data: '0x',
      operation: 0,
    })
  })

  it('error: the gateway envelope becomes "code: message"', async () => {
    answer(503, { code: 503, message: 'The chain node cannot simulate' })
    await expect(simulateCall('31337', SAFE, call)).rejects.toThrow('503: The chain node cannot simulate')
  })

  it('error: a gateway without the route, an unreachable one, a malformed answer', async () => {
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 404 }))
    await expect(simulateCall('31337', SAFE, call)).rejects.toThrow(
      'This gateway cannot simulate transactions',
    )
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(simulateCall('31337', SAFE, call)).rejects.toThrow(
      'Could not reach the gateway (Failed to fetch)',
    )
    answer(200, { success: 'yes' })
    await expect(simulateCall('31337', SAFE, call)).rejects.toThrow('Invalid response content')
  })
})

describe('confirmSafeTx', () => {
  it('default: posts the signature as signedSafeTxHash', async () => {
    answer(200, {})
    const safeTxHash = `0x${'ab'.repeat(32)}` as const
    await confirmSafeTx({ chainId: '31337', safeTxHash, signature: '0x1234' })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe(`https://gateway.test/v1/chains/31337/transactions/${safeTxHash}/confirmations`)
    expect(JSON.parse(String(init?.body))).toEqual({ signedSafeTxHash: '0x1234' })
  })

  it('error: a refused confirmation keeps the gateway message', async () => {
    answer(422, { code: 422, message: 'The signer already confirmed this transaction' })
    await expect(
      confirmSafeTx({ chainId: '31337', safeTxHash: '0x00', signature: '0x1234' }),
    ).rejects.toThrow('422: The signer already confirmed this transaction')
  })
})
