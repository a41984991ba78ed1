import { describe, expect, it, vi } from 'vitest'
import { createCommunicator, type MethodHandlers } from './communicator'
import { AppFacingError, HOST_VERSION, parseAppMessage } from './protocol'

const ORIGIN = 'https://app.test'

function setup(handlers: Partial<MethodHandlers>) {
  let listener: ((event: MessageEvent) => void) | undefined
  const host = {
    addEventListener: (_: string, l: EventListener) => {
      listener = l as (event: MessageEvent) => void
    },
    removeEventListener: vi.fn(),
  }
  const posted: { message: any; origin: string }[] = []
  const frame = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) }
  const communicator = createCommunicator({
    host,
    frame: () => frame as any,
    origin: ORIGIN,
    handlers: () => handlers,
  })
  const send = async (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
    listener?.({ source: from.source ?? frame, origin: from.origin ?? ORIGIN, data } as MessageEvent)
    await new Promise((r) => setTimeout(r, 0))
  }
  return { communicator, posted, send, host }
}

const request = (method: string, params?: unknown, id = 'a1b2c3d4e5') => ({
  id,
  method,
  params,
  env: { sdkVersion: '9.1.0' },
})

describe('parseAppMessage', () => {
  it('default: an SDK request', () => {
    expect(parseAppMessage(request('getSafeInfo'))).toEqual({
      kind: 'request',
      request: { id: 'a1b2c3d4e5', method: 'getSafeInfo', params: undefined, sdkVersion: '9.1.0' },
    })
  })
  it('behavior: no id or a response shape is ignored; an unknown or missing method is answered', () => {
    expect(parseAppMessage(null)).toEqual({ kind: 'ignore' })
    expect(parseAppMessage({ method: 'getSafeInfo' })).toEqual({ kind: 'ignore' })
    expect(parseAppMessage({ id: 'x', success: true, data: 1 })).toEqual({ kind: 'ignore' })
    expect(parseAppMessage({ id: 'x', method: 'eth_sign' })).toEqual({
      kind: 'invalid',
      id: 'x',
      error: 'Method not supported: eth_sign',
    })
    expect(parseAppMessage({ id: 'x' })).toMatchObject({
      kind: 'invalid',
      error: 'Invalid request: no method',
    })
  })
})

describe('createCommunicator', () => {
  it('default: answers with the SDK envelope, posted to the app origin only', async () => {
    const { posted, send } = setup({ getEnvironmentInfo: () => ({ origin: 'https://host.test' }) })
    await send(request('getEnvironmentInfo'))
    expect(posted).toEqual([
      {
        origin: ORIGIN,
        message: {
          id: 'a1b2c3d4e5',
          success: true,
          version: HOST_VERSION,
          data: { origin: 'https://host.test' },
        },
      },
    ])
    expect(Number(HOST_VERSION.split('.')[0])).toBeGreaterThanOrEqual(1)
  })

  it('behavior: another window or another origin gets no answer and runs nothing', async () => {
    const handler = vi.fn(() => 1)
    const { posted, send } = setup({ getEnvironmentInfo: handler })
    await send(request('getEnvironmentInfo'), { source: {} })
    await send(request('getEnvironmentInfo'), { origin: 'https://evil.test' })
    expect(handler).not.toHaveBeenCalled()
    expect(posted).toEqual([])
  })

  it('behavior: unknown methods and missing handlers are answered with an error, never left pending', async () => {
    const { posted, send } = setup({})
    await send(request('eth_sendTransaction'))
    await send(request('getSafeInfo', undefined, 'b'))
    expect(posted.map((p) => p.message)).toEqual([
      {
        id: 'a1b2c3d4e5',
        success: false,
        version: HOST_VERSION,
        error: 'Method not supported: eth_sendTransaction',
      },
      { id: 'b', success: false, version: HOST_VERSION, error: 'Method not supported: getSafeInfo' },
    ])
  })

  it('error: app-facing errors keep their text, anything else is "Request failed"', async () => {
    const { posted, send } = setup({
      getSafeBalances: () => {
        throw new Error('internal detail')
      },
      getTxBySafeTxHash: async () => {
        throw new AppFacingError('Transaction was rejected')
      },
    })
    await send(request('getSafeBalances', { currency: 'usd' }, 'x'))
    await send(request('getTxBySafeTxHash', { safeTxHash: '0x1' }, 'y'))
    expect(posted.map((p) => p.message.error)).toEqual(['Request failed', 'Transaction was rejected'])
  })

  it('behavior: after dispose nothing is answered', async () => {
    const { communicator, posted, send, host } = setup({ getEnvironmentInfo: () => ({}) })
    communicator.dispose()
    await send(request('getEnvironmentInfo'))
    expect(posted).toEqual([])
    expect(host.removeEventListener).toHaveBeenCalled()
  })
})
